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

/// The executable's entry point (SwiftPM makes `main` an alias of `fuzz_jwt_main`): libFuzzer's driver with
/// ``fuzzJWT`` as the target.
@_cdecl("fuzz_jwt_main")
public func fuzz_jwtMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments) { data, size in
        guard let data else { return 0 }
        return fuzzJWT(data, size)
    }
}
