import CFuzzDriver
import APNsKeystore
import APNsTokens

/// Decoding of the keystore's token cache (`tokens.json`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTokenCache(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var cache = Keystore.decodeTokenCache(bytes)
    for entry in cache.entries {
        _ = cache.entry(teamID: entry.teamID, keyID: entry.keyID)
        _ = cache.drop(keyID: entry.keyID)
    }
    return 0
}

/// The executable's entry point (SwiftPM makes `main` an alias of `fuzz_token_cache_main`): libFuzzer's driver with
/// ``fuzzTokenCache`` as the target.
@_cdecl("fuzz_token_cache_main")
public func fuzz_token_cacheMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments) { data, size in
        guard let data else { return 0 }
        return fuzzTokenCache(data, size)
    }
}
