import APNsCore
import APNsCredentials
import Foundation
import Testing

@Suite struct CredentialReaderTests {
    func reader(_ password: String?) -> CredentialReader {
        guard let password else { return CredentialReader() }
        return CredentialReader(password: { password })
    }

    @Test func readsALegacyKeychainExportWithoutAnyFlag() throws {
        let bundle = try reader(Fixtures.password("dev-legacy.p12")).read(path: Fixtures.path("dev-legacy.p12"))
        #expect(bundle.format == .pkcs12)
        #expect(bundle.certificates.count == 1)
        #expect(bundle.leaf?.bundleID == "com.example.dev")
        #expect(bundle.keyMatchesLeaf == true)
        #expect(bundle.friendlyName == "Apple Development IOS Push Services: com.example.dev")
        #expect(bundle.privateKey?.kind == "RSA 2048")
    }

    @Test func readsAModernExport() throws {
        let bundle = try reader(Fixtures.password("universal-modern.p12")).read(path: Fixtures.path("universal-modern.p12"))
        #expect(bundle.leaf?.environmentSummary == "universal")
        #expect(bundle.keyMatchesLeaf == true)
        #expect(bundle.friendlyName == "Apple Push Services: com.example.universal")
    }

    @Test func anEmptyPasswordIsTriedFirstAndThePasswordIsNotAsked() throws {
        let reader = CredentialReader(password: {
            Issue.record("the password must not be asked for an empty-password file")
            return "x"
        })
        let bundle = try reader.read(path: Fixtures.path("prod-empty-password.p12"))
        #expect(bundle.leaf?.environments == [.production])
        #expect(bundle.keyMatchesLeaf == true)
    }

    /// A password at hand (file or environment) is tried before the empty one: same contents either way, the
    /// same errors, and an empty-password file still opens when the password at hand is not its password.
    @Test(arguments: ["dev-legacy.p12", "universal-modern.p12", "universal-g4-chain.p12", "prod-empty-password.p12"])
    func aPasswordAtHandIsTriedFirstWithTheSameResult(file: String) throws {
        let password = file == "prod-empty-password.p12" ? "not-its-password" : try Fixtures.password(file)
        let plain = try CredentialReader(password: { password }).read(path: Fixtures.path(file))
        let atHand = try CredentialReader(password: { password }, passwordAtHand: true).read(path: Fixtures.path(file))
        #expect(atHand.certificates.map(\.derEncoded) == plain.certificates.map(\.derEncoded))
        #expect(try atHand.privateKey?.pkcs8DER == plain.privateKey?.pkcs8DER)
        #expect(atHand.friendlyName == plain.friendlyName)
        #expect(atHand.keyMatchesLeaf == true)
        let wrong = #expect(throws: APNsError.self) {
            try CredentialReader(password: { "not-it" }, passwordAtHand: true).read(path: Fixtures.path("dev-legacy.p12"))
        }
        #expect(wrong?.message.hasSuffix(": wrong password") == true)
        let corrupted = #expect(throws: APNsError.self) {
            try CredentialReader(password: { try Fixtures.password("corrupted-mac.p12") }, passwordAtHand: true)
                .read(path: Fixtures.path("corrupted-mac.p12"))
        }
        #expect(corrupted?.message.contains("integrity check failed") == true)
    }

    @Test func aCertificateOnlyP12WithoutMACOrEncryptionNeedsNoPassword() throws {
        let bundle = try CredentialReader().read(path: Fixtures.path("certs-only-nomac.p12"))
        #expect(bundle.format == .pkcs12)
        #expect(bundle.leaf?.bundleID == "com.example.dev")
        #expect(bundle.privateKey == nil)
    }

    @Test func orderTheChainLeafFirst() throws {
        let p12 = try reader(Fixtures.password("universal-g4-chain.p12")).read(path: Fixtures.path("universal-g4-chain.p12"))
        #expect(p12.certificates.map(\.commonName) == ["Apple Push Services: com.example.g4", "apnsctl Test WWDR CA"])
        // A PEM with the CA first and no key: the leaf is the one that issued nothing.
        let text = try String(contentsOfFile: Fixtures.path("ca.pem"), encoding: .utf8)
            + String(contentsOfFile: Fixtures.path("universal-g4.pem"), encoding: .utf8)
        let pem = try CredentialReader().read(bytes: Array(text.utf8), name: "mixed.pem")
        #expect(pem.leaf?.bundleID == "com.example.g4")
        #expect(pem.chain.first?.commonName == "apnsctl Test WWDR CA")
        #expect(pem.format == .pem && pem.privateKey == nil)
    }

    @Test func wrongPasswordSaysWrongPassword() throws {
        let error = #expect(throws: APNsError.self) {
            try reader("not-it").read(path: Fixtures.path("universal-modern.p12"))
        }
        #expect(error?.message == "\(Fixtures.path("universal-modern.p12")): wrong password")
        #expect(error?.status == .badInput)
        #expect(error?.remedy as? CredentialRemedy == .giveExportPassword)
        let legacy = #expect(throws: APNsError.self) { try reader("not-it").read(path: Fixtures.path("dev-legacy.p12")) }
        #expect(legacy?.message.hasSuffix(": wrong password") == true)
    }

    @Test func aCorruptedMACIsNotCalledAWrongPassword() throws {
        let error = #expect(throws: APNsError.self) {
            try reader(Fixtures.password("corrupted-mac.p12")).read(path: Fixtures.path("corrupted-mac.p12"))
        }
        #expect(error?.message.contains("integrity check failed") == true)
        #expect(error?.message.contains("wrong password") == false)
    }

    @Test func readsDERAndPEMForms() throws {
        let der = try CredentialReader().read(path: Fixtures.path("dev.cer"))
        #expect(der.format == .der && der.leaf?.bundleID == "com.example.dev")
        let bundle = try CredentialReader().read(path: Fixtures.path("dev-bundle.pem"))
        #expect(bundle.keyMatchesLeaf == true)
        let wrong = try CredentialReader().read(path: Fixtures.path("wrong-key-pair.pem"))
        #expect(wrong.keyMatchesLeaf == false)
        let p8 = try CredentialReader().read(path: Fixtures.path("AuthKey_TESTKEY001.p8"))
        #expect(p8.certificates.isEmpty && p8.privateKey?.isP256 == true)
        let encrypted = try reader(Fixtures.password("prod-encrypted.key")).read(path: Fixtures.path("prod-encrypted.key"))
        #expect(encrypted.privateKey?.encoding == .encryptedPKCS8)
    }

    @Test(arguments: [
        ([UInt8](), "empty file"),
        (Array("\n  \n".utf8), "empty file"),
        ([0x8F, 0x01, 0x77, 0x00, 0x12], "not a certificate, private key or PKCS#12 file (unrecognised content)"),
        (Array("-----BEGIN CERTIFICATE-----\nMIIB\n".utf8), "truncated PEM: a BEGIN line has no matching END line"),
        (Array("-----BEGIN CERTIFICATE-----\nMII*B!\n-----END CERTIFICATE-----\n".utf8), "a PEM block is not valid base64"),
        (Array("-----BEGIN PUBLIC KEY-----\nMAA=\n-----END PUBLIC KEY-----\n".utf8),
         "contains a public key, not a certificate or private key"),
    ])
    func badInputSaysWhatIsWrong(bytes: [UInt8], message: String) {
        let error = #expect(throws: APNsError.self) { try CredentialReader().read(bytes: bytes, name: "in.pem") }
        #expect(error?.message == "in.pem: \(message)")
        #expect(error?.status == .badInput)
    }

    @Test func truncatedDERIsCalledTruncated() throws {
        let der = try Fixtures.bytes("dev.cer")
        let error = #expect(throws: APNsError.self) {
            try CredentialReader().read(bytes: Array(der.prefix(der.count / 2)), name: "cut.cer")
        }
        #expect(error?.message.hasPrefix("cut.cer: truncated or malformed DER") == true)
    }

    @Test func aPasswordForAnEncryptedKeyIsAskedOnce() throws {
        let text = try String(contentsOfFile: Fixtures.path("prod.pem"), encoding: .utf8)
            + String(contentsOfFile: Fixtures.path("prod-encrypted.key"), encoding: .utf8)
        let counter = Counter()
        let reader = CredentialReader(password: {
            counter.increment()
            return "key-passphrase"
        })
        let bundle = try reader.read(bytes: Array(text.utf8), name: "x.pem")
        #expect(bundle.keyMatchesLeaf == true)
        #expect(counter.value == 1)
    }
}

/// A thread-safe counter for closures that must be called a known number of times.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.lock(); count += 1; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return count }
}
