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
