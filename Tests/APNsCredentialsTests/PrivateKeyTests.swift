import APNsCredentials
import Foundation
import Testing

@Suite struct PrivateKeyTests {
    @Test(arguments: [
        ("dev.key", "RSA 2048", PrivateKey.Encoding.pkcs8),
        ("dev-traditional.key", "RSA 2048", .traditionalRSA),
        ("AuthKey_TESTKEY001.p8", "EC P-256", .pkcs8),
        ("ec-traditional.key", "EC P-256", .traditionalEC),
        ("ec384.key", "EC P-384", .pkcs8),
    ])
    func readsEveryUnencryptedForm(file: String, kind: String, encoding: PrivateKey.Encoding) throws {
        let key = try PrivateKey(bytes: Fixtures.bytes(file))
        #expect(key.kind == kind)
        #expect(key.encoding == encoding)
        #expect(key.isP256 == (kind == "EC P-256"))
    }

    @Test func traditionalAndPKCS8FormsAreTheSameKey() throws {
        let pkcs8 = try PrivateKey(bytes: Fixtures.bytes("dev.key"))
        let traditional = try PrivateKey(bytes: Fixtures.bytes("dev-traditional.key"))
        #expect(try pkcs8.pkcs8DER == traditional.pkcs8DER)
        #expect(try pkcs8.pkcs8PEM == String(decoding: try Fixtures.bytes("dev.key"), as: UTF8.self))
    }

    @Test func encryptedPKCS8AsksForThePassphraseOnlyThenAndSaysWhenItIsWrong() throws {
        let bytes = try Fixtures.bytes("prod-encrypted.key")
        var asked = 0
        let key = try PrivateKey(bytes: bytes, passphrase: {
            asked += 1
            return try Fixtures.password("prod-encrypted.key")
        })
        #expect(asked == 1)
        #expect(key.encoding == .encryptedPKCS8)
        #expect(key.matches(try Fixtures.certificate("prod.pem")))
        let wrong = #expect(throws: CredentialError.self) { try PrivateKey(bytes: bytes, passphrase: { "nope" }) }
        #expect(wrong?.reason == .wrongPassword)
        #expect(wrong?.message.contains("wrong password") == true)
        let missing = #expect(throws: CredentialError.self) { try PrivateKey(bytes: bytes) }
        #expect(missing?.reason == .passwordRequired)
        _ = try PrivateKey(bytes: Fixtures.bytes("dev.key"), passphrase: {
            Issue.record("an unencrypted key must not ask for a passphrase")
            return ""
        })
    }

    @Test func encryptedOutputReadsBackWithThePassphrase() throws {
        let key = try PrivateKey(bytes: Fixtures.bytes("AuthKey_TESTKEY001.p8"))
        let pem = try key.encryptedPKCS8PEM(passphrase: "s3cret")
        #expect(pem.hasPrefix("-----BEGIN ENCRYPTED PRIVATE KEY-----"))
        let back = try PrivateKey(pemEncoded: pem, passphrase: { "s3cret" })
        #expect(try back.pkcs8DER == key.pkcs8DER)
        #expect(throws: CredentialError.self) { try key.encryptedPKCS8PEM(passphrase: "") }
        _ = try back.p256SigningKey()
    }

    @Test func matchesOnlyItsOwnCertificate() throws {
        let key = try PrivateKey(bytes: Fixtures.bytes("universal.key"))
        #expect(key.matches(try Fixtures.certificate("universal.pem")))
        #expect(!key.matches(try Fixtures.certificate("dev.pem")))
        let cert = try Fixtures.certificate("universal.pem")
        #expect(try key.publicKeyDER == cert.publicKeyDER)
    }

    @Test(arguments: [
        ("dev.pem", "contains a certificate, not a private key"),
        ("dev.cer", "contains a certificate, not a private key"),
        ("universal-modern.p12", "contains a PKCS#12 file, not a private key"),
    ])
    func saysWhatANonKeyIs(file: String, message: String) throws {
        let error = #expect(throws: CredentialError.self) { try PrivateKey(bytes: Fixtures.bytes(file)) }
        #expect(error?.message == message)
        #expect(error?.reason == .notAKey)
    }

    /// Bytes that are not DER are said to be what they are (issue 19), not "truncated or malformed DER".
    @Test func saysWhenBytesAreNotDERAtAll() {
        let error = #expect(throws: CredentialError.self) { try PrivateKey(bytes: Array("hello world".utf8)) }
        #expect(error?.reason == .unrecognised)
        #expect(error?.message == "text without a PEM block, not a private key")
        let png = #expect(throws: CredentialError.self) { try PrivateKey(bytes: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A]) }
        #expect(png?.message == "a PNG image, not a private key")
        let empty = #expect(throws: CredentialError.self) { try PrivateKey(bytes: []) }
        #expect(empty?.reason == .empty)
    }
}

@Suite struct LegacyEncryptedPEMTests {
    @Test func readsATraditionalKeyUnderProcTypeEncryption() throws {
        let bytes = try Fixtures.bytes("dev-traditional-encrypted.key")
        #expect(String(decoding: bytes, as: UTF8.self).contains("Proc-Type: 4,ENCRYPTED"))
        let key = try PrivateKey(bytes: bytes, passphrase: { try Fixtures.password("dev-traditional-encrypted.key") })
        #expect(key.encoding == .traditionalRSA)
        #expect(key.matches(try Fixtures.certificate("dev.pem")))
        let wrong = #expect(throws: CredentialError.self) { try PrivateKey(bytes: bytes, passphrase: { "nope" }) }
        #expect(wrong?.reason == .wrongPassword)
        let missing = #expect(throws: CredentialError.self) { try PrivateKey(bytes: bytes) }
        #expect(missing?.reason == .passwordRequired)
    }

    @Test func aCertificateBesideALegacyEncryptedKeyIsReadToo() throws {
        let text = String(decoding: try Fixtures.bytes("dev.pem") + Fixtures.bytes("dev-traditional-encrypted.key"), as: UTF8.self)
        let bundle = try CredentialReader(password: { "old-style" }).read(bytes: Array(text.utf8), name: "both.pem")
        #expect(bundle.certificates.count == 1)
        #expect(bundle.keyMatchesLeaf == true)
        let keyOnly = try CredentialReader(password: { "old-style" }).read(path: Fixtures.path("dev-traditional-encrypted.key"))
        #expect(keyOnly.certificates.isEmpty && keyOnly.privateKey?.kind == "RSA 2048")
    }
}
