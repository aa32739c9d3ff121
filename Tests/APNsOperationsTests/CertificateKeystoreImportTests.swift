import APNsCore
import APNsKeystore
import APNsOperations
import Foundation
import Testing

@Suite struct CertificateKeystoreImportTests {
    private func importing(_ name: String, into store: Keystore) throws -> CertificateKeystoreImport.Result {
        try CertificateKeystoreImport.run(.init(file: CertFixture.cert(name), credential: try CertFixture.read(name),
                                                keystore: store))
    }

    @Test func aBundleIsStoredOnceAndFoundAgain() throws {
        let store = try scratchKeystore("cert-import")
        let first = try importing("dev-bundle.pem", into: store)
        #expect(!first.alreadyPresent)
        #expect(first.record.topics.contains("com.example.dev"))
        #expect(first.daysLeft > 0 && !first.expired)
        let again = try importing("dev-bundle.pem", into: store)
        #expect(again.alreadyPresent)
        #expect(again.record.id == first.record.id)
    }

    @Test func eachFileThatIsNotACertificateWithItsKeyIsRefused() throws {
        let store = try scratchKeystore("cert-import")
        #expect(throws: CertificateKeystoreImportError.signingKey(name: CertFixture.cert("AuthKey_TESTKEY001.p8"),
                                                                  file: CertFixture.cert("AuthKey_TESTKEY001.p8"),
                                                                  kind: "EC P-256")) {
            _ = try importing("AuthKey_TESTKEY001.p8", into: store)
        }
        #expect(throws: CertificateKeystoreImportError.noCertificate(name: CertFixture.cert("dev.key"))) {
            _ = try importing("dev.key", into: store)
        }
        #expect(throws: CertificateKeystoreImportError.noPrivateKey(name: CertFixture.cert("prod.pem"))) {
            _ = try importing("prod.pem", into: store)
        }
        let mismatch = try CertFixture.read("wrong-key-pair.pem")
        #expect(throws: CertificateKeystoreImportError.keyMismatch(name: CertFixture.cert("wrong-key-pair.pem"),
                                                                   subject: try #require(mismatch.leaf).subject)) {
            _ = try importing("wrong-key-pair.pem", into: store)
        }
        #expect(try store.manifest().certificates.isEmpty)
    }

    @Test func standardInputIsNamedSo() throws {
        let store = try scratchKeystore("cert-import")
        #expect(throws: CertificateKeystoreImportError.noPrivateKey(name: "standard input")) {
            _ = try CertificateKeystoreImport.run(.init(file: "-", credential: try CertFixture.read("prod.pem"),
                                                        keystore: store))
        }
    }
}
