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

/// The executable's entry point (SwiftPM makes `main` an alias of `fuzz_csr_main`): libFuzzer's driver with
/// ``fuzzCSR`` as the target.
@_cdecl("fuzz_csr_main")
public func fuzz_csrMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments) { data, size in
        guard let data else { return 0 }
        return fuzzCSR(data, size)
    }
}
