import APNsCore
import APNsKeystore
import APNsModel
import Crypto
import Foundation
import Testing

@Suite struct KeystoreKeysTests {
    @Test func createsAPrivateKeystore() throws {
        let store = try makeKeystore()
        #expect(fileMode(store.path) == 0o700)
        #expect(fileMode(store.layout!.keysDirectory) == 0o700)
        #expect(fileMode(store.layout!.manifest) == 0o600)
        #expect(try store.manifest() == Manifest())
        #expect(throws: APNsError.self) { try Keystore.create(at: store.path) }
        #expect(try Keystore.open(at: store.path).path == store.path)
    }

    @Test func theFirstKeyIsActiveLaterOnesStaged() throws {
        let store = try makeKeystore()
        let first = try store.addKey(try Fixture.material("AuthKey_ABC123DEFG.p8"), team: "DEF123GHIJ",
                                     keyID: "ABC123DEFG", origin: .imported)
        #expect(first.key.state == .active)
        #expect(first.key.registeredWithApple)
        let expected = try String(contentsOfFile: Fixture.path("AuthKey_ABC123DEFG.sha256.txt"), encoding: .utf8)
        #expect(first.key.fingerprint == expected.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(fileMode(store.layout!.absolute(first.key.file)) == 0o600)
        let second = try store.generateKey(team: "DEF123GHIJ", keyID: "GEN0000001")
        #expect(second.key.state == .staged)
        #expect(!second.key.registeredWithApple)
        #expect(second.key.origin == .generated)
        let otherTeam = try store.generateKey(team: "OTHER12345", keyID: "GEN0000002")
        #expect(otherTeam.key.state == .active)
        #expect(try store.activeKeys(team: "DEF123GHIJ").map(\.keyID) == ["ABC123DEFG"])
        #expect(try store.keys(team: "DEF123GHIJ").map(\.keyID) == ["ABC123DEFG", "GEN0000001"])
        // The stored key is the imported one: it signs what the fixture's public key verifies.
        let publicPEM = try String(contentsOfFile: Fixture.path("AuthKey_ABC123DEFG.pub.pem"), encoding: .utf8)
        #expect(try store.publicKey("ABC123DEFG").pemRepresentation == publicPEM.trimmingCharacters(in: .newlines))
    }

    @Test func reimportingTheSameKeyChangesNothingButDifferentMaterialIsRefused() throws {
        let store = try makeKeystore()
        let material = try Fixture.material("AuthKey_ABC123DEFG.p8")
        _ = try store.addKey(material, team: "DEF123GHIJ", keyID: "ABC123DEFG", origin: .imported)
        let before = fileBytes(store.layout!.manifest)
        let again = try store.addKey(material, team: "DEF123GHIJ", keyID: "ABC123DEFG", origin: .imported)
        #expect(again.alreadyPresent)
        #expect(fileBytes(store.layout!.manifest) == before)
        #expect {
            try store.addKey(try Fixture.material("AuthKey_NEW456HIJK.p8"), team: "DEF123GHIJ", keyID: "ABC123DEFG",
                             origin: .imported)
        } throws: { ($0 as? APNsError)?.matches(.keystore, "ABC123DEFG", "different key material") == true }
        #expect {
            try store.addKey(material, team: "DEF123GHIJ", keyID: "ZZZ123DEFG", origin: .imported)
        } throws: { ($0 as? APNsError)?.matches(.keystore, "already stored as key ABC123DEFG") == true }
        #expect(fileBytes(store.layout!.manifest) == before)
        #expect(try store.auditEntries().filter { $0.outcome == .refused }.count == 2)
    }

    @Test(arguments: [
        ("rsa-2048.p8", "RSA 2048"),
        ("ec-p384.p8", "EC P-384"),
        ("public-key.pem", "a public key"),
        ("certificate.pem", "a certificate"),
        ("garbage.p8", "not a .p8 signing key"),
        ("encrypted.p8", "no passphrase"),
    ])
    func importNamesWhatAFileIs(name: String, says: String) throws {
        #expect {
            try Fixture.material(name)
        } throws: { ($0 as? APNsError)?.matches(.badInput, name, says) == true }
    }

    @Test func readsEncryptedPKCS8WithItsPassphrase() throws {
        let material = try SigningKeyMaterial.parse(try Fixture.bytes("encrypted.p8"), file: "encrypted.p8",
                                                    passphrase: { "fixture-pass" })
        #expect(material.fingerprint == (try Fixture.material("AuthKey_NEW456HIJK.p8")).fingerprint)
        #expect {
            try SigningKeyMaterial.parse(try Fixture.bytes("encrypted.p8"), file: "encrypted.p8", passphrase: { "nope" })
        } throws: { ($0 as? APNsError)?.matches(.badInput, "encrypted.p8", "wrong passphrase") == true }
        // Round trip through encrypted PKCS#8.
        let pem = try material.encryptedPKCS8PEM(passphrase: "another")
        #expect(pem.hasPrefix("-----BEGIN ENCRYPTED PRIVATE KEY-----"))
        let back = try SigningKeyMaterial.parse(Array(pem.utf8), file: "x", passphrase: { "another" })
        #expect(back.fingerprint == material.fingerprint)
    }

    @Test(arguments: ["abc123defg", "ABC123DEF", "ABC123DEFGH", "ABC-23DEFG", ""])
    func wrongIdsAreUsageErrors(id: String) throws {
        let store = try makeKeystore()
        let material = try Fixture.material("AuthKey_ABC123DEFG.p8")
        #expect(throws: ModelError.self) { try store.addKey(material, team: id, keyID: "ABC123DEFG", origin: .imported) }
        #expect(throws: ModelError.self) { try store.addKey(material, team: "DEF123GHIJ", keyID: id, origin: .imported) }
        #expect(try store.manifest().keys.isEmpty)
    }

    @Test func keyIDsComeFromApplesFileNames() throws {
        #expect(AppleIdentifier.keyID(fromFileName: "/tmp/AuthKey_ABC123DEFG.p8") == "ABC123DEFG")
        #expect(AppleIdentifier.keyID(fromFileName: "AuthKey_abc.p8") == nil)
        #expect(AppleIdentifier.keyID(fromFileName: "key.p8") == nil)
        // A browser's second download keeps its key id (issue 19).
        #expect(AppleIdentifier.keyID(fromFileName: "/dl/AuthKey_ABCDE12345 (1).p8") == "ABCDE12345")
        #expect(AppleIdentifier.keyID(fromFileName: "AuthKey_ABCDE12345(2).p8") == "ABCDE12345")
        #expect(AppleIdentifier.keyID(fromFileName: "AuthKey_ABCDE12345-1.p8") == "ABCDE12345")
        #expect(AppleIdentifier.keyID(fromFileName: "AuthKey_ABCDE12345 (x).p8") == nil)
        #expect(AppleIdentifier.keyID(fromFileName: "AuthKey_ABCDE12345X.p8") == nil)
        #expect(AppleIdentifier.keyID(fromFileName: "AuthKey_ABCDE12345 copy.p8") == nil)
        #expect(try AppleIdentifier.keyID(given: nil, file: "dir/AuthKey_ABC123DEFG.p8") == "ABC123DEFG")
        #expect(try AppleIdentifier.keyID(given: "ABC123DEFG", file: "AuthKey_ABC123DEFG.p8") == "ABC123DEFG")
        #expect(try AppleIdentifier.keyID(given: "XYZ123DEFG", file: "key.p8") == "XYZ123DEFG")
        #expect(throws: ModelError.self) { try AppleIdentifier.keyID(given: "XYZ123DEFG", file: "AuthKey_ABC123DEFG.p8") }
        #expect(throws: ModelError.self) { try AppleIdentifier.keyID(given: nil, file: "key.p8") }
    }

    @Test func refusesGroupOrWorldReadableSecretsUntilFixed() throws {
        let store = try makeKeystore()
        let key = try store.generateKey(team: "DEF123GHIJ", keyID: "GEN0000001").key
        let file = store.layout!.absolute(key.file)
        chmod(file, 0o644)
        #expect {
            try Keystore.open(at: store.path)
        } throws: {
            guard let error = $0 as? APNsError else { return false }
            return error.matches(.keystore, "unsafe permissions", "GEN0000001.p8", "0644")
                && error.remedy as? KeystoreRemedy == .fixPermissions(store.path)
        }
        chmod(store.path, 0o755)
        let fixed = try Keystore.fixPermissions(at: store.path)
        #expect(Set(fixed.map(\.path)) == [file, store.path])
        #expect(fileMode(file) == 0o600)
        #expect(fileMode(store.path) == 0o700)
        #expect(try Keystore.open(at: store.path).keys().count == 1)
    }

    @Test func aMissingKeystoreIsAKeystoreError() {
        let path = "/nonexistent/apnsctl-\(UUID().uuidString)"
        #expect {
            try Keystore.open(at: path)
        } throws: {
            ($0 as? APNsError)?.matches(.keystore, "no keystore here") == true
                && ($0 as? APNsError)?.remedy as? KeystoreRemedy == .createKeystore(path, orNameAnother: true)
        }
    }

    @Test func aLockedKeystoreRefusesChangesAfterTheTimeout() throws {
        var store = try makeKeystore()
        store.lockTimeout = 0.2
        let fd = open(store.layout!.lock, O_RDWR)
        #expect(flock(fd, LOCK_EX) == 0)
        defer { close(fd) }
        #expect {
            try store.generateKey(team: "DEF123GHIJ", keyID: "GEN0000001")
        } throws: { ($0 as? APNsError)?.matches(.keystore, "locked by another process") == true }
        #expect(try store.manifest().keys.isEmpty)
        flock(fd, LOCK_UN)
        #expect(try store.generateKey(team: "DEF123GHIJ", keyID: "GEN0000001").key.state == .active)
    }

    @Test func aCorruptOrTooNewManifestIsRefusedByName() throws {
        let store = try makeKeystore()
        try Data("{\"format\":\"apnsctl-keystore\",\"version\":99,\"keys\":[],\"certificates\":[]}".utf8)
            .write(to: URL(fileURLWithPath: store.layout!.manifest))
        #expect { try Keystore.open(at: store.path) } throws: {
            guard case .newerThanUnderstood(let path, 99, _) = $0 as? KeystoreFormatError else { return false }
            return path.hasSuffix("keystore.json")
        }
        try Data("{not json".utf8).write(to: URL(fileURLWithPath: store.layout!.manifest))
        #expect { try Keystore.open(at: store.path) } throws: {
            ($0 as? APNsError)?.matches(.keystore, "keystore.json", "not a readable keystore manifest") == true
        }
    }
}

@Suite struct KeystoreCertificateTests {
    func sample(notAfter: Date) -> CertificateImport {
        CertificateImport(certificateDER: [0x30, 0x03, 0x02, 0x01, 0x01], chainDER: [], privateKeyPEM: "KEY\n",
                          subject: "CN=Apple Push Services: com.example.app", topics: ["com.example.app"],
                          environments: ["development", "production"], teamID: "DEF123GHIJ", notAfter: notAfter,
                          sha256: String(repeating: "ab", count: 32))
    }

    @Test func storesACertificateAndReportsItsDaysLeft() throws {
        let clock = FakeClock()
        let store = try makeKeystore(clock: clock)
        let result = try store.addCertificate(sample(notAfter: clock.now().addingTimeInterval(10 * 86_400)))
        #expect(!result.alreadyPresent)
        let files = try #require(store.certificateFiles(of: result.certificate))
        #expect(fileMode(files.key) == 0o600)
        #expect(fileMode(files.certificate) == 0o600)
        #expect(try String(contentsOfFile: files.certificate, encoding: .utf8) == "-----BEGIN CERTIFICATE-----\nMAMCAQE=\n-----END CERTIFICATE-----\n")
        #expect(try store.addCertificate(sample(notAfter: clock.now())).alreadyPresent)
        let report = try store.status(minDays: 30)
        #expect(!report.passed)
        #expect(report.certificates.first?.daysLeft == 10)
        #expect(report.certificates.first?.expiring == true)
        #expect(try store.status(minDays: 10).passed)
        #expect(try store.status(minDays: 11).passed == false)
    }

    /// Issue 19: `keystore status` said "expired, expired 1058 days ago".
    @Test func anExpiredCertificateSaysExpiredOnce() throws {
        let clock = FakeClock()
        let store = try makeKeystore(clock: clock)
        _ = try store.addCertificate(sample(notAfter: clock.now().addingTimeInterval(-3 * 86_400 - 60)))
        let status = try #require(try store.status(minDays: 30).certificates.first)
        #expect(status.state == .expired)
        #expect(status.stateAndTimeLeft == "expired 3 days ago")
        #expect(status.daysLeft == -4)
    }
}
