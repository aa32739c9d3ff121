import APNsModel
import APNsCore
import APNsKeystore
@testable import APNsOperations
import Foundation
import TestSupport
import Testing

/// `doctor`'s keystore judgements, in process: what is found, in the order it is said.
@Suite struct KeystoreJudgementTests {
    static func judge(_ store: Keystore, minDays: Int = 30) async -> [KeystoreFinding] {
        await KeystoreJudgement.judge(KeystoreJudgementRequest(location: KeystoreLocation(path: store.path, source: .flag),
                                                         minDays: minDays, open: { store }))
    }

    @Test func aSoundKeystoreWithAnActiveKey() async throws {
        let scope = try KeyScope(environments: [.development], restriction: .team, source: .declared)
        let store = try Scratch.keystore(scope: scope)
        #expect(await Self.judge(store) == [
            .permissionsSound(path: store.path),
            .contents(keys: 1, certificates: 0),
            .activeKeys(teamID: Scratch.team, active: [.init(keyID: "KEYOPS0001", scope: scope.summary)], total: 1),
            .noCredential(.init(teamID: Scratch.team, environment: .production, activeKeys: ["KEYOPS0001"],
                                certificates: 0)),
        ])
    }

    /// A team whose keys and certificates together leave an environment without a credential: only that
    /// environment is reported; a legacy key (both environments) leaves none.
    @Test func anEnvironmentWithoutKeyOrCertificateIsFound() async throws {
        let development = try KeyScope(environments: [.development], restriction: .team, source: .declared)
        let production = try KeyScope(environments: [.production], restriction: .topics(["com.example.app"]),
                                      source: .declared)
        let store = try Scratch.keystore(scope: development)
        #expect(await Self.judge(store).contains(.noCredential(.init(teamID: Scratch.team, environment: .production,
                                                               activeKeys: ["KEYOPS0001"], certificates: 0))))
        _ = try store.generateKey(team: Scratch.team, keyID: "KEYOPS0002", scope: production)
        #expect(await !Self.judge(store).contains { if case .noCredential = $0 { return true } else { return false } })
        let legacy = try Scratch.keystore(keyID: "KEYOPS0003")
        #expect(await !Self.judge(legacy).contains { if case .noCredential = $0 { return true } else { return false } })
    }

    /// A stored push certificate works in an environment that no active key of its team covers: that environment
    /// is found, with the certificate's bundle id, until a key for it is added.
    @Test func aCertificatesEnvironmentThatNoKeyCoversIsFound() async throws {
        let store = try scratchKeystore("judgement-coverage")
        let production = try KeyScope(environments: [.production], restriction: .team, source: .declared)
        _ = try store.generateKey(team: "TEAM123456", keyID: "PRD0000001", scope: production)
        let p12 = "universal-modern.p12"
        _ = try await CertificateKeystoreImport.run(.init(
            file: CertFixture.cert(p12), credential: try CertFixture.reader(passwordOf: p12).read(path: CertFixture.cert(p12)),
            keystore: store, trustedCAFiles: [CertFixture.cert("ca.pem")]))
        let uncovered = await Self.judge(store).compactMap { finding -> KeyCoverage.Gap? in
            if case .uncoveredEnvironment(let gap) = finding { return gap }
            return nil
        }
        #expect(uncovered.map(\.teamID) == ["TEAM123456"])
        #expect(uncovered.map(\.environment) == [.development])
        #expect(uncovered.first?.neededBy == ["com.example.universal"])
        let development = try KeyScope(environments: [.development], restriction: .team, source: .declared)
        _ = try store.generateKey(team: "TEAM123456", keyID: "SBX0000001", scope: development)
        #expect(await !Self.judge(store).contains { if case .uncoveredEnvironment = $0 { return true } else { return false } })
    }

    @Test func noKeystoreThere() async {
        let path = TestPaths.temporaryDirectory("operations-none").appendingPathComponent("keystore").path
        let findings = await KeystoreJudgement.judge(KeystoreJudgementRequest(
            location: KeystoreLocation(path: path, source: .flag), minDays: 30,
            open: { throw APNsError.keystore("must not open") }))
        #expect(findings == [.missing(path: path)])
    }

    @Test func anEmptyKeystoreHasNoKeys() async throws {
        let store = try Scratch.keystore(keyID: nil)
        #expect(await Self.judge(store).suffix(2) == [.contents(keys: 0, certificates: 0), .noKeys])
    }

    @Test func aSecretReadableByOthersStopsTheChecks() async throws {
        let store = try Scratch.keystore()
        #expect(chmod(store.path + "/keystore.json", 0o644) == 0)
        let findings = await Self.judge(store)
        guard findings.count == 1, case .permissionProblems(let first, let count) = findings[0] else {
            Issue.record("expected one permission finding, got \(findings)"); return
        }
        #expect(first.path.hasSuffix("keystore.json") && count == 1)
    }

    /// Moved in process from ProbeMockCommandTests: a keystore directory others may read fails the permissions
    /// check, and nothing after it is judged.
    @Test func aLooseKeystoreDirectoryStopsTheChecks() async throws {
        let store = try Scratch.keystore()
        #expect(chmod(store.path, 0o755) == 0)
        let findings = await Self.judge(store)
        guard findings.count == 1, case .permissionProblems(let first, _) = findings[0] else {
            Issue.record("expected one permission finding, got \(findings)"); return
        }
        #expect(first.path == store.path && first.mode & 0o777 == 0o755)
    }

    @Test func aKeystoreThatCannotOpenIsUnreadable() async throws {
        let store = try Scratch.keystore()
        let findings = await KeystoreJudgement.judge(KeystoreJudgementRequest(
            location: KeystoreLocation(path: store.path, source: .flag), minDays: 30,
            open: { throw APNsError.keystore("manifest damaged", hint: "restore it") }))
        #expect(findings == [.permissionsSound(path: store.path),
                             .unreadable(APNsError(.keystore, "manifest damaged", hint: "restore it"))])
    }

    @Test func aTeamWithoutAnActiveKey() async throws {
        let store = try Scratch.keystore(keyID: nil)
        _ = try store.generateKey(team: Scratch.team, keyID: "KEYOPS0001")
        _ = try store.generateKey(team: Scratch.team, keyID: "KEYOPS0002")
        let teams = await Self.judge(store).filter {
            if case .noActiveKey = $0 { return true }
            if case .activeKeys = $0 { return true }
            return false
        }
        #expect(teams.count == 1)
    }
}
