import CFuzzDriver
import APNsProvisioning

/// The certificate-signing-request reader of `cert inspect`: PEM (`CERTIFICATE REQUEST` and the older
/// `NEW CERTIFICATE REQUEST`) or DER, with the self-signature checked.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCSR(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let report = try? CertificateRequestReport.read(bytes: bytes, file: "fuzz") {
        _ = report.subject
        _ = report.signatureVerifies
    }
    return 0
}

/// `main` (SwiftPM aliases it to `fuzz_csr_main` in debug builds): libFuzzer's driver over ``fuzzCSR``.
@_cdecl("fuzz_csr_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    apns_fuzz_main(argc, argv) { data, size in data.map { fuzzCSR($0, size) } ?? 0 }
}
