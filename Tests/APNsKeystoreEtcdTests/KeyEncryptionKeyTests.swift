import APNsCore
@testable import APNsKeystoreEtcd
import Foundation
import Testing
import TestSupport

/// The key-encryption key that seals an etcd keystore's secrets: AES-256-GCM bound to each object's name, a raw
/// 32-byte key or a passphrase stretched with scrypt, and a check value that tells a wrong key from the right one.
@Suite struct KeyEncryptionKeyTests {
    func file(_ bytes: [UInt8], mode: Int = 0o600) throws -> String {
        let path = TestPaths.temporaryDirectory("kek").appendingPathComponent("kek").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
        return path
    }

    @Test func aKeyFileOthersMayReadIsRefused() throws {
        let path = try file([UInt8](repeating: 3, count: 32), mode: 0o644)
        #expect { _ = try KeyEncryptionKey.read(path) } throws: {
            let error = $0 as? APNsError
            return error?.status == .badInput && error?.message.contains("readable by group or others (mode 0644)") == true
                && error?.hint == "chmod 600 \(path)"
        }
    }

    @Test func sealedObjectsOpenOnlyUnderTheirNameAndKey() throws {
        let (kek, record) = try KeyEncryptionKey.create(.raw((0..<32).map { UInt8($0) }))
        #expect(record.kind == "raw" && record.salt == nil)
        let secret = Array("-----BEGIN PRIVATE KEY-----".utf8)
        let sealed = try kek.seal(secret, name: "keys/ABC123DEFG.p8")
        #expect(sealed.count == secret.count + 12 + 16)
        #expect(!Data(sealed).contains(Data(secret)))
        #expect(try kek.open(sealed, name: "keys/ABC123DEFG.p8") == secret)
        #expect(throws: (any Error).self) { try kek.open(sealed, name: "keys/OTHER00001.p8") }
        var flipped = sealed
        flipped[20] ^= 1
        #expect(throws: (any Error).self) { try kek.open(flipped, name: "keys/ABC123DEFG.p8") }
        // Each seal has its own nonce.
        #expect(try kek.seal(secret, name: "keys/ABC123DEFG.p8") != sealed)
    }

    @Test func aPassphraseIsStretchedWithItsSaltAndAWrongOneIsNamed() throws {
        let material = try KeyEncryptionKey.read(try file(Array("correct horse battery staple\n".utf8)))
        let (kek, record) = try KeyEncryptionKey.create(material)
        #expect(record.kind == "scrypt" && record.salt != nil)
        let reopened = try KeyEncryptionKey.open(material, record: record, keystore: "etcd://x/p")
        #expect(try reopened.open(try kek.seal([1, 2, 3], name: "n"), name: "n") == [1, 2, 3])
        let wrong = try KeyEncryptionKey.read(try file(Array("incorrect horse battery staple".utf8)))
        #expect { _ = try KeyEncryptionKey.open(wrong, record: record, keystore: "etcd://x/p") } throws: {
            ($0 as? APNsError)?.status == .keystore && ($0 as? APNsError)?.message.contains("wrong key-encryption key") == true
        }
        let raw = KeyEncryptionKey.Material.raw([UInt8](repeating: 7, count: 32))
        #expect(throws: KEKKindMismatch(keystore: "etcd://x/p", storedIsRaw: false)) {
            _ = try KeyEncryptionKey.open(raw, record: record, keystore: "etcd://x/p")
        }
    }

    @Test func aShortPassphraseIsRefusedWithAHint() throws {
        #expect { _ = try KeyEncryptionKey.read(try file(Array("short\n".utf8))) } throws: {
            let error = $0 as? APNsError
            return error?.status == .badInput && error?.hint.contains("head -c 32 /dev/urandom") == true
        }
        if case .raw(let bytes) = try KeyEncryptionKey.read(try file([UInt8](repeating: 1, count: 32))) {
            #expect(bytes.count == 32)
        } else {
            Issue.record("32 bytes are a raw key")
        }
    }
}
