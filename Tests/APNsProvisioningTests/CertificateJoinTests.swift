import APNsCore
import APNsCredentials
import APNsKeystore
@testable import APNsProvisioning
import Foundation
import TestSupport
import Testing

@Suite struct CertificateJoinTests {
    static func certificate(_ path: String) throws -> CredentialBundle {
        try CredentialReader().read(path: path)
    }

    static func fixture(_ name: String) -> String { ProfileFixtures.certificates.appendingPathComponent(name).path }

    static func keystore() throws -> Keystore {
        let root = TestPaths.temporaryDirectory("prov").appendingPathComponent("ks").path
        return try Keystore.create(at: root, lockTimeout: 2)
    }

    /// Real push certificates from Apple (WWDR G1 and G4) chain to the embedded Apple roots.
    @Test(arguments: ["universal_medable_axon_2019_g1.pem", "universal_applab_qrail_2023_g4.pem", "prod_populr.pem"])
    func realAppleCertificatesChainToApple(name: String) async throws {
        let path = TestPaths.samples.appendingPathComponent("apple-certs/\(name)").path
        try #require(FileManager.default.fileExists(atPath: path), "../shared/samples is not present")
        let bundle = try Self.certificate(path)
        let leaf = try #require(bundle.leaf)
        let result = try await AppleChain().verify(leaf, chain: bundle.chain, extraAnchors: [], file: name, caFile: nil)
        #expect(result.trust == .apple)
        #expect(result.path.contains("Apple Root CA"), "\(result.path)")
        // cert join's JSON `chain`: RFC 4514 subjects, the WWDR intermediate first, Apple's root last.
        #expect(result.subjects.count == 2, "\(result.subjects)")
        #expect(result.subjects.first?.contains("CN=Apple Worldwide Developer Relations Certification Authority") == true,
                "\(result.subjects)")
        #expect(result.subjects.first == leaf.issuer)
        #expect(result.subjects.last?.contains("CN=Apple Root CA") == true, "\(result.subjects)")
        #expect(CertificateJoin.kind(of: leaf) == .push)
    }

    @Test func aCertificateFromAnotherCAJoinsOnlyWithItsIssuer() async throws {
        let leaf = try #require(try Self.certificate(Self.fixture("universal.pem")).leaf)
        await #expect { try await AppleChain().verify(leaf, chain: [], extraAnchors: [], file: "u.pem", caFile: nil) }
            throws: { ($0 as? APNsError)?.status == .badInput
                && ($0 as? APNsError)?.message.contains("does not chain to Apple") == true
                && ($0 as? APNsError)?.remedy as? ProvisioningRemedy == .nameIssuerCA }
        let ca = try Self.certificate(Self.fixture("ca.pem")).certificates
        let result = try await AppleChain().verify(leaf, chain: [], extraAnchors: ca, file: "u.pem", caFile: "ca.pem")
        #expect(result.trust == .givenCA && result.path.contains("apnsctl Test WWDR CA"))
        #expect(result.subjects == ca.map(\.subject) && result.subjects.first == leaf.issuer)
        // A CA that did not issue it is refused too.
        let wrong = try Self.certificate(Self.fixture("universal.pem")).certificates
        await #expect(throws: APNsError.self) {
            try await AppleChain().verify(leaf, chain: [], extraAnchors: wrong, file: "u.pem", caFile: "other.pem")
        }
    }

    @Test func onlyAPNsCertificatesAreAccepted() throws {
        let push = try #require(try Self.certificate(Self.fixture("universal.pem")).leaf)
        #expect(CertificateJoin.kind(of: push) == .push)
        let plain = try #require(try Self.certificate(Self.fixture("no-apns.pem")).leaf)
        #expect(CertificateJoin.kind(of: plain) == nil)
        #expect { try CertificateJoin.requireAPNsKind(plain, file: "no-apns.pem") } throws: {
            ($0 as? APNsError)?.status == .badInput && ($0 as? APNsError)?.message.contains("not an APNs certificate") == true
        }
    }

    /// A pending request is stored 0600, listed, and joined in one manifest write that drops it; its key is shredded.
    @Test func joinStoresTheCertificateAndRemovesTheRequestInOneWrite() throws {
        let store = try Self.keystore()
        let request = try GeneratedCertificateRequest(subject: CertificateRequestTests.subject)
        let record = try store.addPendingRequest(NewPendingRequest(
            fingerprint: request.publicKeySHA256, publicKeyDER: request.publicKeyDER,
            privateKeyPEM: request.privateKeyPEM, subject: request.subject, bundleID: "com.example.app",
            environment: "production"))
        #expect(record.id == request.id && record.keyFile == "requests/\(request.id).key.pem")
        let keyPath = store.layout!.absolute(record.keyFile)
        #expect(((try FileManager.default.attributesOfItem(atPath: keyPath)[.posixPermissions]) as? Int) == 0o600)
        #expect(try store.privateKeyPEM(of: record) == request.privateKeyPEM)
        #expect(try store.pendingRequest(publicKeyDER: request.publicKeyDER)?.id == record.id)
        var json = String(decoding: try SecureFile.read(store.layout!.manifest), as: UTF8.self)
        #expect(json.contains("\"version\" : \(Manifest.currentVersion)") && json.contains("\"pending_requests\""))
        #expect(try store.status().pendingRequests.map(\.id) == [record.id])

        // Join (the keystore does not re-check that the certificate fits: CertificateJoin does that).
        let bundle = try Self.certificate(Self.fixture("universal.pem"))
        let key = try PrivateKey(pemEncoded: String(decoding: try SecureFile.read(Self.fixture("universal.key")),
                                                    as: UTF8.self))
        let leaf = try #require(bundle.leaf)
        let result = try store.joinCertificate(try CertificateImport(leaf: leaf, chain: [], key: key), request: record.id)
        #expect(!result.alreadyPresent)
        let manifest = try store.manifest()
        #expect(manifest.pendingRequests.isEmpty && manifest.certificates.map(\.id) == [result.certificate.id])
        #expect(!FileManager.default.fileExists(atPath: keyPath))
        json = String(decoding: try SecureFile.read(store.layout!.manifest), as: UTF8.self)
        #expect(json.contains("\"version\" : \(Manifest.currentVersion)") && !json.contains("pending_requests"))
        let audit = try store.auditEntries().map(\.action)
        #expect(audit.suffix(2) == ["cert.request", "cert.join"])
        // Joining again: the request is gone.
        #expect { try store.joinCertificate(try CertificateImport(leaf: leaf, chain: [], key: key), request: record.id) }
            throws: { ($0 as? APNsError)?.status == .keystore }
    }

    @Test func discardShredsTheKeyAndAnOrphanedRequestKeyIsRemovedByTheNextChange() throws {
        let store = try Self.keystore()
        let request = try GeneratedCertificateRequest(subject: CertificateRequestTests.subject)
        let record = try store.addPendingRequest(NewPendingRequest(
            fingerprint: request.publicKeySHA256, publicKeyDER: request.publicKeyDER,
            privateKeyPEM: request.privateKeyPEM, subject: request.subject, bundleID: nil, environment: nil))
        try store.discardPendingRequest(String(record.id.prefix(6)))
        #expect(try store.pendingRequests().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: store.layout!.absolute(record.keyFile)))
        #expect(try store.auditEntries().last?.action == "cert.request.discard")
        // A key file the manifest does not name (a crash after a join's manifest write) goes at the next change.
        let orphan = store.layout!.requestsDirectory + "/0123456789abcdef.key.pem"
        try SecureFile.write(Array(request.privateKeyPEM.utf8), to: orphan)
        _ = try store.addPendingRequest(NewPendingRequest(
            fingerprint: request.publicKeySHA256, publicKeyDER: request.publicKeyDER,
            privateKeyPEM: request.privateKeyPEM, subject: request.subject, bundleID: nil, environment: nil))
        #expect(!FileManager.default.fileExists(atPath: orphan))
        #expect { try store.discardPendingRequest("ffff") } throws: { ($0 as? APNsError)?.status == .keystore }
    }

    /// A version 1 manifest (no pending_requests) written by older builds still loads.
    @Test func anOlderManifestLoads() throws {
        let store = try Self.keystore()
        let old = #"{"format": "apnsctl-keystore", "version": 1, "keys": [], "certificates": []}"#
        try SecureFile.write(Array(old.utf8), to: store.layout!.manifest, overwrite: true)
        #expect(try Keystore.open(at: store.path).pendingRequests().isEmpty)
    }
}
