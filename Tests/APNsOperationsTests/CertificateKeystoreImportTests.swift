import APNsCore
import APNsKeystore
import APNsOperations
import Foundation
import Testing

@Suite struct CertificateKeystoreImportTests {
    /// Imports a fixture, trusting the fixtures' test CA (`ca.pem`) besides Apple's, unless `trusting` says otherwise.
    private func importing(_ name: String, into store: Keystore,
                           trusting: [String] = [CertFixture.cert("ca.pem")]) async throws -> CertificateKeystoreImport.Result {
        try await CertificateKeystoreImport.run(.init(file: CertFixture.cert(name), credential: try CertFixture.read(name),
                                                      keystore: store, trustedCAFiles: trusting))
    }

    @Test func aBundleIsStoredOnceAndFoundAgain() async throws {
        let store = try scratchKeystore("cert-import")
        let first = try await importing("dev-bundle.pem", into: store)
        #expect(!first.alreadyPresent)
        #expect(first.record.topics.contains("com.example.dev"))
        #expect(first.daysLeft > 0 && !first.expired)
        #expect(first.chain.hasPrefix("verifies to apnsctl Test WWDR CA"), "\(first.chain)")
        let again = try await importing("dev-bundle.pem", into: store)
        #expect(again.alreadyPresent)
        #expect(again.record.id == first.record.id)
    }

    /// The certificate judge's chain (issue 40 §1): a certificate no trusted CA issued is refused, nothing stored;
    /// the same file is stored once its CA is given.
    @Test func aCertificateChainingToNoTrustedCAIsRefused() async throws {
        let store = try scratchKeystore("cert-import")
        do {
            _ = try await importing("dev-bundle.pem", into: store, trusting: [])
            Issue.record("a certificate of the test CA was stored with only Apple's CAs trusted")
        } catch let CertificateKeystoreImportError.refused(name, _, findings, chain) {
            #expect(name == CertFixture.cert("dev-bundle.pem"))
            #expect(chain)
            #expect(findings.count == 1, "\(findings)")
            #expect(findings.first?.hasPrefix("chain: does not chain to Apple's CAs shipped with apnsctl") == true,
                    "\(findings)")
        }
        #expect(try store.manifest().certificates.isEmpty)
        let stored = try await importing("dev-bundle.pem", into: store)
        #expect(!stored.alreadyPresent)
    }

    @Test func eachFileThatIsNotACertificateWithItsKeyIsRefused() async throws {
        let store = try scratchKeystore("cert-import")
        await #expect(throws: CertificateKeystoreImportError.signingKey(name: CertFixture.cert("AuthKey_TESTKEY001.p8"),
                                                                  file: CertFixture.cert("AuthKey_TESTKEY001.p8"),
                                                                  kind: "EC P-256")) {
            _ = try await importing("AuthKey_TESTKEY001.p8", into: store)
        }
        await #expect(throws: CertificateKeystoreImportError.noCertificate(name: CertFixture.cert("dev.key"))) {
            _ = try await importing("dev.key", into: store)
        }
        await #expect(throws: CertificateKeystoreImportError.noPrivateKey(name: CertFixture.cert("prod.pem"))) {
            _ = try await importing("prod.pem", into: store)
        }
        let mismatch = try CertFixture.read("wrong-key-pair.pem")
        await #expect(throws: CertificateKeystoreImportError.keyMismatch(name: CertFixture.cert("wrong-key-pair.pem"),
                                                                   subject: try #require(mismatch.leaf).subject)) {
            _ = try await importing("wrong-key-pair.pem", into: store)
        }
        #expect(try store.manifest().certificates.isEmpty)
    }

    @Test func standardInputIsNamedSo() async throws {
        let store = try scratchKeystore("cert-import")
        await #expect(throws: CertificateKeystoreImportError.noPrivateKey(name: "standard input")) {
            _ = try await CertificateKeystoreImport.run(.init(file: "-", credential: try CertFixture.read("prod.pem"),
                                                        keystore: store))
        }
    }
}
