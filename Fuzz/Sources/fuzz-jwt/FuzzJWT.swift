import CFuzzDriver
import APNsTokens
import Foundation

/// The provider token (JWT) parser of `token inspect`, and the assessment it prints.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJWT(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    if let token = try? ProviderToken(parsing: text) {
        let assessment = TokenAssessment(token: token, now: Date(timeIntervalSince1970: 1_800_000_000))
        _ = assessment.summary
        _ = token.issuedAtDate
    }
    return 0
}

/// `main` (SwiftPM aliases it to `fuzz_jwt_main` in debug builds): libFuzzer's driver over ``fuzzJWT``.
@_cdecl("fuzz_jwt_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    apns_fuzz_main(argc, argv) { data, size in data.map { fuzzJWT($0, size) } ?? 0 }
}
