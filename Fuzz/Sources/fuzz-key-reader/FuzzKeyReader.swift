import CFuzzDriver
import APNsCredentials
import APNsKeystore

/// The .p8 / key reader: PKCS#8, encrypted PKCS#8, SEC1 and traditional keys, PEM or DER, as `key import` reads them.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzKeyReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let material = try? SigningKeyMaterial.parse(bytes, file: "fuzz", passphrase: { "fuzz" }) {
        _ = material.fingerprint
        _ = material.pkcs8PEM
    }
    if let key = try? PrivateKey(bytes: bytes, passphrase: { "fuzz" }) {
        _ = try? key.pkcs8DER
        _ = try? key.publicKeyDER
    }
    return 0
}

/// `main` (SwiftPM aliases it to `fuzz_key_reader_main` in debug builds): libFuzzer's driver over ``fuzzKeyReader``.
@_cdecl("fuzz_key_reader_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    apns_fuzz_main(argc, argv) { data, size in data.map { fuzzKeyReader($0, size) } ?? 0 }
}
