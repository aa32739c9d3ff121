import APNsCore
import APNsKeystore
import APNsOperations
import APNsProvisioning
import Foundation
import Synchronization
import Testing

@Suite struct ExpiryScanTests {
    @Test func filesAreListedSoonestFirstAndJudged() async throws {
        let input = ExpiryScan.Input(paths: [CertFixture.cert("dev.pem"), CertFixture.cert("expired.pem")], keystore: nil,
                                     minimumDays: 30, now: Date())
        let report = try await ExpiryScan.run(input)
        #expect(report.items.count == 2)
        #expect(report.items.first?.file == CertFixture.cert("expired.pem"))
        #expect(!report.passed)
        #expect(report.tooSoon.count == 1)
    }

    @Test func anExistingKeystoreIsIncludedAndANamedOneMustOpen() async throws {
        let store = try scratchKeystore("expiry")
        _ = try store.generateKey(team: "TEAM123456", keyID: "KEY0000001")
        let found = ExpiryScan.KeystoreChoice(path: store.path, named: false, open: { store })
        let report = try await ExpiryScan.run(.init(paths: [CertFixture.cert("dev.pem")], keystore: found, minimumDays: nil,
                                              now: Date()))
        #expect(report.items.count == 2)
        #expect(report.passed)
        let missing = store.path + "-missing"
        let named = ExpiryScan.KeystoreChoice(path: missing, named: true, open: { try Keystore.open(at: missing) })
        await #expect(throws: (any Error).self) {
            _ = try await ExpiryScan.run(.init(paths: [CertFixture.cert("dev.pem")], keystore: named, minimumDays: nil,
                                         now: Date()))
        }
    }

    /// The keystore is walked with its keys and certificates (a signing key with its age, a push certificate with
    /// its bundle id, the chain's certificates), in the report's JSON words.
    @Test func theKeystoreIsWalkedWithItsKeysAndCertificates() async throws {
        let store = try scratchKeystore("expiry-walk")
        _ = try store.generateKey(team: "TEAM123456", keyID: "EXPIRY0001")
        let p12 = "universal-g4-chain.p12"
        _ = try await CertificateKeystoreImport.run(.init(
            file: CertFixture.cert(p12), credential: try CertFixture.reader(passwordOf: p12).read(path: CertFixture.cert(p12)),
            keystore: store, trustedCAFiles: [CertFixture.cert("ca.pem")]))
        let choice = ExpiryScan.KeystoreChoice(path: store.path, named: true, open: { store })
        let report = try await ExpiryScan.run(.init(paths: [], keystore: choice, minimumDays: nil, now: Date()))
        #expect(report.passed)
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        let json = try #require(try JSONSerialization.jsonObject(with: encoder.encode(report)) as? [String: Any])
        let items = try #require(json["credentials"] as? [[String: Any]])
        #expect(items.contains { $0["kind"] as? String == "signing_key" && ($0["name"] as? String)?.hasPrefix("EXPIRY0001") == true
                                 && $0["age_days"] as? Int == 0 && $0["source"] as? String == "keystore" }, "\(items)")
        #expect(items.contains { $0["kind"] as? String == "certificate" && $0["bundle_id"] as? String == "com.example.g4" })
        #expect(items.contains { $0["kind"] as? String == "chain_certificate" })
    }

    @Test func anAbsentKeystoreNotNamedIsLeftOutWhenPathsAreGiven() async throws {
        let opened = Mutex(false)
        let choice = ExpiryScan.KeystoreChoice(path: "/nonexistent/apnsctl-keystore", named: false, open: {
            opened.withLock { $0 = true }
            throw APNsError.keystore("not expected to open")
        })
        let report = try await ExpiryScan.run(.init(paths: [CertFixture.cert("dev.pem")], keystore: choice, minimumDays: nil,
                                              now: Date()))
        #expect(report.items.count == 1)
        #expect(!opened.withLock { $0 })
    }

    @Test func anUnreadableFileFailsTheMinimumDaysCheck() async throws {
        let report = try await ExpiryScan.run(.init(paths: [CertFixture.cert("corrupted-mac.p12")], keystore: nil,
                                              minimumDays: 1, now: Date()))
        #expect(report.unreadable.count == 1)
        #expect(!report.passed)
    }
}
