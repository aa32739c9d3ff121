import CFuzzDriver
import APNsKeystore

/// Decoding of the keystore manifest (`keystore.json`), with its consistency checks.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzManifest(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let manifest = try? Manifest.decode(bytes, path: "fuzz/keystore.json") {
        _ = manifest.problems
    }
    return 0
}

/// `main` (SwiftPM aliases it to `fuzz_manifest_main` in debug builds): libFuzzer's driver over ``fuzzManifest``.
@_cdecl("fuzz_manifest_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    apns_fuzz_main(argc, argv) { data, size in data.map { fuzzManifest($0, size) } ?? 0 }
}
