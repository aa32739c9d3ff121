import APNsCore
import APNsKeystore
import Foundation
import Testing
import TestSupport

/// The key reader, manifest and token cache fuzz targets' kept inputs (seeds and crash regressions), replayed.
struct FuzzInputReplayTests {
    @Test func keyInputsReadOrFailNamingTheFileWithAHint() throws {
        let inputs = FuzzInputs.files("fuzz-key-reader")
        #expect(inputs.count >= 9)
        var read = Set<String>()
        for (name, bytes) in inputs {
            do {
                let material = try SigningKeyMaterial.parse(bytes, file: name, passphrase: { "fuzz" })
                #expect(material.pkcs8PEM.hasPrefix("-----BEGIN PRIVATE KEY-----"), "\(name)")
                read.insert(name)
            } catch let error as APNsError {
                #expect(error.message.hasPrefix(name + ": ") && (!error.hint.isEmpty || error.remedy != nil), "\(name): \(error.message)")
            }
        }
        // P-256 keys in every layout read; RSA, P-384 and public keys are refused with a reason.
        for name in ["pkcs8.p8", "pkcs8.der", "sec1.key", "sec1.der", "p8-one-line.p8", "p8-crlf.p8"] {
            #expect(read.contains("corpus/" + name), "\(name) did not read")
        }
        for name in ["rsa-2048.p8", "ec-p384.p8", "public-key.pem"] {
            #expect(!read.contains("corpus/" + name), "\(name) was accepted")
        }
    }

    @Test func manifestAndTokenCacheInputsDecodeOrThrow() throws {
        let manifests = FuzzInputs.files("fuzz-manifest")
        #expect(!manifests.isEmpty)
        for (name, bytes) in manifests {
            if let manifest = try? Manifest.decode(bytes, path: name) {
                #expect(manifest.problems.isEmpty, "\(name): \(manifest.problems)")
            }
        }
        let caches = FuzzInputs.files("fuzz-token-cache")
        #expect(!caches.isEmpty)
        for (name, bytes) in caches where name.hasPrefix("corpus/") {
            #expect(!Keystore.decodeTokenCache(bytes).entries.isEmpty, "\(name)")
        }
    }
}
