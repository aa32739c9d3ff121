import APNsCore
import APNsKeystore
import APNsOperations
import APNsProvisioning
import Foundation
import Synchronization
import Testing

@Suite struct ExpiryScanTests {
    @Test func filesAreListedSoonestFirstAndJudged() throws {
        let input = ExpiryScan.Input(paths: [CertFixture.cert("dev.pem"), CertFixture.cert("expired.pem")], keystore: nil,
                                     minimumDays: 30, now: Date())
        let report = try ExpiryScan.run(input)
        #expect(report.items.count == 2)
        #expect(report.items.first?.file == CertFixture.cert("expired.pem"))
        #expect(!report.passed)
        #expect(report.tooSoon.count == 1)
    }

    @Test func anExistingKeystoreIsIncludedAndANamedOneMustOpen() throws {
        let store = try scratchKeystore("expiry")
        _ = try store.generateKey(team: "TEAM123456", keyID: "KEY0000001")
        let found = ExpiryScan.KeystoreChoice(path: store.path, named: false, open: { store })
        let report = try ExpiryScan.run(.init(paths: [CertFixture.cert("dev.pem")], keystore: found, minimumDays: nil,
                                              now: Date()))
        #expect(report.items.count == 2)
        #expect(report.passed)
        let missing = store.path + "-missing"
        let named = ExpiryScan.KeystoreChoice(path: missing, named: true, open: { try Keystore.open(at: missing) })
        #expect(throws: (any Error).self) {
            _ = try ExpiryScan.run(.init(paths: [CertFixture.cert("dev.pem")], keystore: named, minimumDays: nil,
                                         now: Date()))
        }
    }

    @Test func anAbsentKeystoreNotNamedIsLeftOutWhenPathsAreGiven() throws {
        let opened = Mutex(false)
        let choice = ExpiryScan.KeystoreChoice(path: "/nonexistent/apnsctl-keystore", named: false, open: {
            opened.withLock { $0 = true }
            throw APNsError.keystore("not expected to open")
        })
        let report = try ExpiryScan.run(.init(paths: [CertFixture.cert("dev.pem")], keystore: choice, minimumDays: nil,
                                              now: Date()))
        #expect(report.items.count == 1)
        #expect(!opened.withLock { $0 })
    }

    @Test func anUnreadableFileFailsTheMinimumDaysCheck() throws {
        let report = try ExpiryScan.run(.init(paths: [CertFixture.cert("corrupted-mac.p12")], keystore: nil,
                                              minimumDays: 1, now: Date()))
        #expect(report.unreadable.count == 1)
        #expect(!report.passed)
    }
}
