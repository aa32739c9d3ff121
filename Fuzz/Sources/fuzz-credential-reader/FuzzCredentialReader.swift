import CFuzzDriver
import APNsCredentials
import Foundation

/// The credential reader by content: PEM, DER, PKCS#12 through OpenSSL, certificates through swift-certificates
/// or the OpenSSL fallback, and the inspection report built from what was read.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCredentialReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let reader = CredentialReader(password: { "fuzz" })
    if let bundle = try? reader.parse(bytes) {
        let report = InspectionReport(file: "fuzz", bundle: bundle, now: Date(timeIntervalSince1970: 1_800_000_000))
        _ = report.text
        _ = try? JSONEncoder().encode(report)
        _ = bundle.keyMatchesLeaf
    }
    return 0
}

/// `main` (SwiftPM aliases it to `fuzz_credential_reader_main` in debug builds): libFuzzer's driver over ``fuzzCredentialReader``.
@_cdecl("fuzz_credential_reader_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    apns_fuzz_main(argc, argv) { data, size in data.map { fuzzCredentialReader($0, size) } ?? 0 }
}
