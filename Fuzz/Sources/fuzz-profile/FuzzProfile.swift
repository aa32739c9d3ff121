import CFuzzDriver
import APNsProvisioning

/// The provisioning-profile reader of `profile inspect`: CMS SignedData (through OpenSSL), bare XML and binary
/// property lists, and the profile facts read from them; a signature is judged when one is present.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzProfile(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let document = try? FuzzProfileReader.shared.read(bytes: bytes, file: "fuzz") {
        _ = document.profile.entitlements.count
        _ = document.signature.state
    }
    _ = try? PlistValue.parse(bytes)
    return 0
}

/// One reader for every input: building it decodes Apple's embedded roots, which is not what is being fuzzed.
enum FuzzProfileReader {
    static let shared = ProfileReader()
}

/// `main` (SwiftPM aliases it to `fuzz_profile_main` in debug builds): libFuzzer's driver over ``fuzzProfile``.
@_cdecl("fuzz_profile_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    apns_fuzz_main(argc, argv) { data, size in data.map { fuzzProfile($0, size) } ?? 0 }
}
