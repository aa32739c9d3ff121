import APNsCore
import APNsKeystore
import APNsKeystoreEtcd
import APNsOperations
import APNsTokens
import Foundation
import Synchronization
import Testing
import TestSupport

/// The token agent's set-up, in process: the order of its refusals (interval, group, key-encryption key, keystore),
/// and nothing opened or created when one refuses. (The agent against a real etcd: apnsctlTests' token agent suites.)
@Suite struct TokenAgentSetupTests {
    /// How many times a test's keystore was opened.
    final class Opened: Sendable {
        let count = Mutex(0)
    }

    /// An input whose keystore must not be opened; `opened` counts the attempts.
    static func input(_ directory: URL, location: String = "etcd://127.0.0.1:1/apnsctl", group: String? = nil,
                      sign: Bool = false, refreshAfter: String = "50", opened: Opened = Opened()) -> TokenAgentSetup.Input {
        let counter = opened
        return TokenAgentSetup.Input(
            directory: directory.appendingPathComponent("tokens").path, group: group, sign: sign,
            refreshAfter: refreshAfter, location: KeystoreLocation(path: location, source: .flag),
            access: FleetAccess(), open: { [counter] in
                counter.count.withLock { $0 += 1 }
                throw APNsError.keystore("not opened in this test")
            })
    }

    @Test func groupsAreNamesOrNumbers() throws {
        #expect(try TokenAgentSetup.groupID("root") == 0)
        #expect(try TokenAgentSetup.groupID("4242") == 4242)
        #expect(throws: TokenAgentSetupError.noSuchGroup("apnsctl-no-such-group")) {
            try TokenAgentSetup.groupID("apnsctl-no-such-group")
        }
    }

    @Test func refusalsComeInOrderAndTouchNothing() throws {
        guard ProcessInfo.processInfo.environment["APNSCTL_KEK_FILE"] == nil else { return }
        let directory = TestPaths.temporaryDirectory("agent-setup")
        defer { try? FileManager.default.removeItem(at: directory) }
        let opened = Opened()
        // The interval first, even with an unknown group.
        #expect(throws: RefreshIntervalError.outOfRange(minutes: 5)) {
            try TokenAgentSetup.agent(Self.input(directory, group: "apnsctl-no-such-group", refreshAfter: "5"),
                                      report: { _ in })
        }
        // Then the group, even when signing has no key-encryption key.
        #expect(throws: TokenAgentSetupError.noSuchGroup("apnsctl-no-such-group")) {
            try TokenAgentSetup.agent(Self.input(directory, group: "apnsctl-no-such-group", sign: true), report: { _ in })
        }
        // Signing without the key-encryption key: refused before the keystore is opened.
        #expect(throws: TokenAgentSetupError.signingNeedsKEK) {
            try TokenAgentSetup.agent(Self.input(directory, sign: true, opened: opened), report: { _ in })
        }
        #expect(opened.count.withLock { $0 } == 0)
        // A directory keystore has no shared tokens to follow: the keystore's usage error.
        let local = try #require(throws: APNsError.self) {
            try TokenAgentSetup.agent(Self.input(directory, location: directory.path), report: { _ in })
        }
        #expect(local.status == ExitStatus.usage && local.message.contains(directory.path), "\(local)")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("tokens").path))
    }

    @Test func anEtcdKeystoreGivesAnAgentWithoutTouchingTheNetwork() throws {
        let directory = TestPaths.temporaryDirectory("agent-setup-etcd")
        defer { try? FileManager.default.removeItem(at: directory) }
        let opened = Opened()
        _ = try TokenAgentSetup.agent(Self.input(directory, group: "0", opened: opened), report: { _ in })
        #expect(opened.count.withLock { $0 } == 0)
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("tokens").path))
    }
}
