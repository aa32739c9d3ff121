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

/// `main` (SwiftPM aliases it to `fuzz_token_cache_main` in debug builds): libFuzzer's driver over ``fuzzTokenCache``.
@_cdecl("fuzz_token_cache_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    apns_fuzz_main(argc, argv) { data, size in data.map { fuzzTokenCache($0, size) } ?? 0 }
}
