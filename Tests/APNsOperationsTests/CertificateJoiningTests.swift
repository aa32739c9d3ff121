import APNsCore
import APNsKeystore
import APNsMock
import APNsOperations
import APNsProvisioning
import Foundation
import Testing
import TestSupport

/// `CertificateJoining` in process: a pending request made in a keystore, signed by a test CA as Apple's WWDR CA
/// signs one, joined with its key (the CA given as the extra anchor), and exported.
@Suite struct CertificateJoiningTests {
    static let bundleID = "com.example.join"

    /// A keystore with one pending request, the certificate signed for it (DER, in a file), and the CA's file.
    struct Setting {
        let directory: URL
        let store: Keystore
        let requestID: String
        let certificate: String
        let caFile: String

        init(push: Bool = true) throws {
            directory = TestPaths.temporaryDirectory("join")
            store = try Keystore.create(at: directory.appendingPathComponent("ks").path)
            let request = try GeneratedCertificateRequest(subject: CertificateRequestSubject(
                email: "dev@example.com", commonName: bundleID, country: "US"))
            requestID = try store.addPendingRequest(NewPendingRequest(
                fingerprint: request.publicKeySHA256, publicKeyDER: request.publicKeyDER,
                privateKeyPEM: request.privateKeyPEM, subject: request.subject, bundleID: bundleID, environment: nil)).id
            let authority = try MockCertificateAuthority(commonName: "apnsctl join test CA")
            let der = try authority.signRequest(pem: request.pem, bundleID: bundleID, teamID: "JOINTEAM01",
                                                topics: [(bundleID, ["topic"])], development: true, production: true)
            certificate = directory.appendingPathComponent("aps.cer").path
            try Data(der).write(to: URL(fileURLWithPath: certificate))
            caFile = directory.appendingPathComponent("ca.pem").path
            try authority.certificatePEM.write(toFile: caFile, atomically: true, encoding: .utf8)
        }
    }

    @Test func joinsTheRequestAndExportsAP12() async throws {
        let setting = try Setting()
        let p12 = setting.directory.appendingPathComponent("push.p12").path
        let result = try await CertificateJoining.run(CertificateJoining.Input(
            file: setting.certificate, caFile: setting.caFile,
            export: .init(file: p12, encoding: .p12, password: { "s3cret" })), store: setting.store)
        #expect(result.requestID == setting.requestID)
        #expect(result.trust.trust == .givenCA)
        #expect(result.certificate.topics == [Self.bundleID])
        #expect(!result.alreadyPresent)
        #expect(result.export?.encoding == .p12)
        #expect(try setting.store.pendingRequests().isEmpty)
        #expect(try FileManager.default.attributesOfItem(atPath: p12)[.posixPermissions] as? Int == 0o600)
    }

    @Test func withoutTheCATheCertificateIsRefusedAndTheRequestStays() async throws {
        let setting = try Setting()
        await #expect(throws: APNsError.self) {
            try await CertificateJoining.run(CertificateJoining.Input(file: setting.certificate), store: setting.store)
        }
        #expect(try setting.store.pendingRequests().map(\.id) == [setting.requestID])
    }

    @Test func anExistingExportIsRefusedBeforeTheKeystoreChanges() async throws {
        let setting = try Setting()
        let out = setting.directory.appendingPathComponent("push.pem").path
        try "keep me".write(toFile: out, atomically: true, encoding: .utf8)
        await #expect(throws: CertificateJoinError.exportExists(file: out)) {
            try await CertificateJoining.run(CertificateJoining.Input(
                file: setting.certificate, caFile: setting.caFile,
                export: .init(file: out, encoding: .pem, password: { Issue.record("PEM needs no password"); return "" })),
                store: setting.store)
        }
        #expect(try setting.store.pendingRequests().map(\.id) == [setting.requestID])
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "keep me")
    }

    @Test func aKeyWithoutACertificateIsRefused() async throws {
        let setting = try Setting()
        let keyOnly = TestPaths.fixtures.appendingPathComponent("certs/dev.key").path
        await #expect(throws: CertificateJoinError.noCertificate(file: keyOnly)) {
            try await CertificateJoining.run(CertificateJoining.Input(file: keyOnly), store: setting.store)
        }
    }

    @Test func aDamagedRequestKeyNamesItsFile() async throws {
        let setting = try Setting()
        let request = try #require(try setting.store.pendingRequests().first)
        let keyFile = setting.store.layout!.absolute(request.keyFile)
        try "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n".write(toFile: keyFile, atomically: true, encoding: .utf8)
        await #expect {
            try await CertificateJoining.run(CertificateJoining.Input(file: setting.certificate, caFile: setting.caFile),
                                             store: setting.store)
        } throws: { error in
            guard case .damagedRequestKey(let file, let id, _)? = error as? CertificateJoinError else { return false }
            return file == keyFile && id == setting.requestID
        }
    }
}
