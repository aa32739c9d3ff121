import APNsModel
import APNsCore
import APNsKeystore
import APNsOperations
import APNsProbe
import Foundation
import Testing
import TestSupport

/// `KeyDiscovery` in process: canaries signed by a keystore key go over HTTP/2 to a mock on 127.0.0.1 playing one
/// environment, which enforces its own idea of the key's scope; the keystore records what the answers say.
@Suite struct KeyDiscoveryTests {
    static let team = "DISCTEAM01", key = "DISCKEY001", topic = "com.example.discover"

    static func setting(scope: KeyScope = .legacy) throws -> CanarySetting {
        let setting = try CanarySetting("discover")
        _ = try setting.store.generateKey(team: team, keyID: key, scope: scope)
        return setting
    }

    static func input(_ mock: CanarySetting.Mock, _ environment: APNsEnvironment, topic: String? = topic,
                      dryRun: Bool = false) -> KeyDiscovery.Input {
        KeyDiscovery.Input(keyID: key, topic: topic, servers: CanaryServers(
            environment: environment, host: "127.0.0.1", port: mock.port, caFile: mock.caFile, timeout: 5), dryRun: dryRun)
    }

    @Test func anEnvironmentThatAcceptsTheKeyIsRecorded() async throws {
        let setting = try Self.setting(scope: try KeyScope(environments: [.development], restriction: .team, source: .declared))
        let mock = try await setting.mock(.production, trusting: [Self.key])
        defer { Task { await mock.server.stop() } }
        let result = try await KeyDiscovery.run(Self.input(mock, .production), store: setting.store)
        #expect(result.conclusion.kind == .learnt)
        #expect(result.recorded)
        #expect(result.answers.map(\.answer.outcome) == [.accepted])
        #expect(result.answers.first?.canary.report.status == 400)
        #expect(result.scope?.environments == [.development, .production])
        #expect(try setting.store.key(Self.key).scope.source == .discovered)
    }

    @Test func aDryRunRecordsNothing() async throws {
        let setting = try Self.setting(scope: try KeyScope(environments: [.development], restriction: .team, source: .declared))
        let mock = try await setting.mock(.production, trusting: [Self.key])
        defer { Task { await mock.server.stop() } }
        let result = try await KeyDiscovery.run(Self.input(mock, .production, dryRun: true), store: setting.store)
        #expect(result.conclusion.kind == .learnt)
        #expect(!result.recorded)
        #expect(try setting.store.key(Self.key).scope.environments == [.development])
    }

    @Test func aMatchingRecordIsNotWrittenAgain() async throws {
        let setting = try Self.setting(scope: try KeyScope(environments: [.production], restriction: .team, source: .declared))
        let mock = try await setting.mock(.production, trusting: [Self.key])
        defer { Task { await mock.server.stop() } }
        let result = try await KeyDiscovery.run(Self.input(mock, .production), store: setting.store)
        #expect(result.conclusion.kind == .matches)
        #expect(!result.recorded)
        #expect(result.scope?.source == .declared)
    }

    @Test func aRefusingEnvironmentIsAContradictionAndRecordsNothing() async throws {
        let setting = try Self.setting(scope: try KeyScope(environments: [.production], restriction: .team, source: .declared))
        let mock = try await setting.mock(.production, trusting: [Self.key],
                                          scopes: [Self.key: try KeyScope(environments: [.development], restriction: .team, source: .declared)])
        defer { Task { await mock.server.stop() } }
        await #expect {
            try await KeyDiscovery.run(Self.input(mock, .production), store: setting.store)
        } throws: { error in
            guard case .nothingRecorded(let result)? = error as? KeyDiscoveryError else { return false }
            return result.conclusion.kind == .contradiction && result.answers.first?.answer.outcome == .refusedEnvironment
        }
        #expect(try setting.store.key(Self.key).scope.environments == [.production])
    }

    @Test func anUnreachableServerIsUnreachable() async throws {
        let setting = try Self.setting()
        let mock = try await setting.mock(.production, trusting: [Self.key]) // for its CA file
        defer { Task { await mock.server.stop() } }
        var input = Self.input(mock, .production)
        input.servers.port = try TestPorts.free()
        await #expect {
            try await KeyDiscovery.run(input, store: setting.store)
        } throws: { error in
            guard case .nothingRecorded(let result)? = error as? KeyDiscoveryError else { return false }
            return result.conclusion.kind == .unreachable && result.conclusion.exitStatus == .unreachable
        }
    }

    @Test func aRevokedKeyIsRefusedBeforeAnyCanary() async throws {
        let setting = try Self.setting()
        _ = try setting.store.revoke(Self.key, force: true)
        await #expect {
            try await KeyDiscovery.run(KeyDiscovery.Input(keyID: Self.key, topic: Self.topic), store: setting.store)
        } throws: { error in
            guard case .revoked(let keyID, let teamID)? = error as? KeyDiscoveryError else { return false }
            return keyID == Self.key && teamID == Self.team
        }
    }

    @Test func noTopicAnywhereIsRefused() async throws {
        let setting = try Self.setting()
        await #expect {
            try await KeyDiscovery.run(KeyDiscovery.Input(keyID: Self.key, topic: nil), store: setting.store)
        } throws: { error in
            guard case .noTopic(let keyID, let teamID)? = error as? KeyDiscoveryError else { return false }
            return keyID == Self.key && teamID == Self.team
        }
    }

    @Test func theEnvironmentsAskedFollowTheServersNamed() {
        #expect(KeyDiscovery.Input(keyID: Self.key, topic: nil).environments == [.development, .production])
        let one = CanaryServers(servers: [.init(environment: .production, host: "127.0.0.1", port: 1)])
        #expect(KeyDiscovery.Input(keyID: Self.key, topic: nil, servers: one).environments == [.production])
        #expect(KeyDiscovery.Input(keyID: Self.key, topic: nil, servers: CanaryServers(environment: .development))
            .environments == [.development])
    }

    @Test func aServerNamedForAnotherEnvironmentIsNoDestination() throws {
        let servers = CanaryServers(servers: [.init(environment: .production, host: "127.0.0.1", port: 8443)])
        #expect(throws: CanaryServerError.noServer(for: .development, named: servers.servers)) {
            try servers.destination(for: .development)
        }
        let two = CanaryServers(servers: [.init(environment: .production, host: "127.0.0.1", port: 8443),
                                          .init(environment: .development, host: "127.0.0.1", port: 8444)])
        #expect(throws: CanaryServerError.environmentUnnamed) { try two.destination(for: nil) }
        #expect(try two.destination(for: .development).target.port == 8444)
    }

    @Test func anEnvironmentThatRefusesTheKeyIsTakenOffItsRecord() async throws {
        let setting = try Self.setting()
        let mock = try await setting.mock(.production, trusting: [Self.key], scopes: [
            Self.key: try KeyScope(environments: [.development], restriction: .team, source: .declared)])
        defer { Task { await mock.server.stop() } }
        let result = try await KeyDiscovery.run(Self.input(mock, .production), store: setting.store)
        #expect(result.answers.first?.answer.line == "refused (403 BadEnvironmentKeyInToken)")
        #expect(result.recorded)
        #expect(result.scope?.summary == "development, team-scoped (discovered)")
        let key = try setting.store.key(Self.key)
        #expect(key.scope.environments == [.development] && key.scope.source == .discovered)
    }

    @Test func anAcceptedTopicIsAddedToATopicSpecificRecord() async throws {
        let setting = try Self.setting(scope: try KeyScope(environments: [.production], restriction: .topics(["com.example.app"]),
                                                           source: .declared))
        let mock = try await setting.mock(.production, trusting: [Self.key], scopes: [
            Self.key: try KeyScope(environments: [.production], restriction: .topics(["com.example.app", "com.example.other"]),
                                   source: .declared)])
        defer { Task { await mock.server.stop() } }
        let result = try await KeyDiscovery.run(Self.input(mock, .production, topic: "com.example.other"), store: setting.store)
        #expect(result.recorded)
        #expect(result.scope?.summary == "production, topics com.example.app, com.example.other (discovered)")
        #expect(try setting.store.key(Self.key).scope.topics == ["com.example.app", "com.example.other"])
    }

    @Test func aLegacyKeyAskedInOneEnvironmentStaysLegacy() async throws {
        let setting = try Self.setting()
        let mock = try await setting.mock(.development, trusting: [Self.key])
        defer { Task { await mock.server.stop() } }
        let result = try await KeyDiscovery.run(Self.input(mock, .development), store: setting.store)
        #expect(result.conclusion.kind == .matches)
        #expect(result.conclusion.message == "development accepted it (400 BadDeviceToken): the record already says "
                + "development+production, team-scoped (legacy: scope unknown); production was not asked, so the scope "
                + "stays legacy")
        #expect(!result.recorded)
        #expect(try setting.store.key(Self.key).scope.source == .legacy)
    }

    @Test func anAnswerAboutSomethingElseIsInconclusive() async throws {
        let setting = try Self.setting()
        _ = try setting.store.generateKey(team: Self.team, keyID: "UNTRUSTED1")
        let mock = try await setting.mock(.production, trusting: [Self.key]) // not UNTRUSTED1: 403 InvalidProviderToken
        defer { Task { await mock.server.stop() } }
        var input = Self.input(mock, .production)
        input.keyID = "UNTRUSTED1"
        await #expect {
            try await KeyDiscovery.run(input, store: setting.store)
        } throws: { error in
            guard case .nothingRecorded(let result)? = error as? KeyDiscoveryError else { return false }
            return result.conclusion.kind == .inconclusive && result.conclusion.exitStatus == .checkFailed
                && result.conclusion.message.hasPrefix("production answered 403 InvalidProviderToken")
                && result.answers.first?.answer.line.hasPrefix("inconclusive (403 InvalidProviderToken") == true
        }
        #expect(try setting.store.key("UNTRUSTED1").scope.source == .legacy)
    }
}
