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

/// The executable's entry point (SwiftPM makes `main` an alias of `fuzz_manifest_main`): libFuzzer's driver with
/// ``fuzzManifest`` as the target.
@_cdecl("fuzz_manifest_main")
public func fuzz_manifestMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments) { data, size in
        guard let data else { return 0 }
        return fuzzManifest(data, size)
    }
}
