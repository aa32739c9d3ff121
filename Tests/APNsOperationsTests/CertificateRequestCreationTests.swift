import APNsCore
import APNsKeystore
import APNsOperations
import APNsProvisioning
import Foundation
import TestSupport
import Testing

@Suite struct CertificateRequestCreationTests {
    private func input(_ file: String, _ store: Keystore) -> CertificateRequestCreation.Input {
        var input = CertificateRequestCreation.Input(
            csrFile: file, subject: CertificateRequestSubject(email: "dev@example.com", commonName: "com.example.app",
                                                              country: "US"), keystore: store)
        input.bundleID = "com.example.app"
        input.environment = "production"
        return input
    }

    @Test func theCSRIsWrittenAndTheKeyWaitsInTheKeystore() throws {
        let store = try scratchKeystore("cert-request")
        let csr = TestPaths.temporaryDirectory("cert-request").appendingPathComponent("push.csr").path
        let record = try CertificateRequestCreation.run(input(csr, store))
        let text = try String(contentsOfFile: csr, encoding: .utf8)
        #expect(text.hasPrefix("-----BEGIN CERTIFICATE REQUEST-----"))
        #expect(try store.pendingRequests().map(\.id) == [record.id])
        #expect(record.bundleID == "com.example.app")
        #expect(record.environment == "production")
    }

    @Test func anExistingFileIsKeptAndNoRequestIsMade() throws {
        let store = try scratchKeystore("cert-request")
        let csr = TestPaths.temporaryDirectory("cert-request").appendingPathComponent("push.csr").path
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: csr))
        #expect(throws: CertificateRequestCreationError.fileExists(csr)) {
            _ = try CertificateRequestCreation.run(input(csr, store))
        }
        #expect(try String(contentsOfFile: csr, encoding: .utf8) == "keep me")
        #expect(try store.pendingRequests().isEmpty)
        var replace = input(csr, store)
        replace.overwrite = true
        _ = try CertificateRequestCreation.run(replace)
        #expect(try store.pendingRequests().count == 1)
    }

    @Test func whenTheCSRCannotBeWrittenThePendingKeyIsDiscarded() throws {
        let store = try scratchKeystore("cert-request")
        #expect(throws: (any Error).self) {
            _ = try CertificateRequestCreation.run(input("/nonexistent-apnsctl-dir/push.csr", store))
        }
        #expect(try store.pendingRequests().isEmpty)
    }

    @Test func theDefaultEmailNamesUserAndHost() {
        #expect(CertificateRequestCreation.defaultEmail(user: "ann", host: "box") == "ann@box")
        #expect(CertificateRequestCreation.defaultEmail(user: "", host: "") == "push@localhost")
        #expect(CertificateRequestCreation.defaultEmail(user: nil, host: "h\u{00E9}te") == "push@localhost")
    }
}
