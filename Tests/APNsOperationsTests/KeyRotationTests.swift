import APNsModel
import APNsCore
import APNsKeystore
import APNsOperations
import APNsProbe
import Foundation
import Testing
import TestSupport

/// `KeyRotation` in process: canaries signed by each new key go over HTTP/2 to a mock on 127.0.0.1 before the
/// keystore commits; a refused canary changes nothing.
@Suite struct KeyRotationTests {
    static let team = "ROTTEAM001", old = "ROTKEYOLD1", new = "ROTKEYNEW1"

    /// A keystore with `old` active and `new` staged, both with `scope`.
    static func setting(scope: KeyScope) throws -> CanarySetting {
        let setting = try CanarySetting("rotate")
        _ = try setting.store.generateKey(team: team, keyID: old, scope: scope)
        _ = try setting.store.generateKey(team: team, keyID: new, scope: scope)
        return setting
    }

    static let production = try! KeyScope(environments: [.production], restriction: .team, source: .declared)

    static func canaries(_ mock: CanarySetting.Mock, _ environment: APNsEnvironment) -> KeyRotation.Canaries {
        KeyRotation.Canaries(request: .canary(topic: "com.example.rotate"), servers: CanaryServers(
            environment: environment, host: "127.0.0.1", port: mock.port, caFile: mock.caFile, timeout: 5))
    }

    @Test func rotatesWithoutCanaries() async throws {
        let setting = try Self.setting(scope: Self.production)
        let result = try await KeyRotation.run(KeyRotation.Input(team: Self.team, keyIDs: [Self.new]), store: setting.store)
        #expect(result.rotation.activeKeyIDs == [Self.new])
        #expect(result.rotation.retiredKeyIDs == [Self.old])
        #expect(!result.rotation.probed)
        #expect(result.canaries.isEmpty)
    }

    @Test func rotatesWhenTheCanaryIsAccepted() async throws {
        let setting = try Self.setting(scope: Self.production)
        let mock = try await setting.mock(.production, trusting: [Self.new])
        defer { Task { await mock.server.stop() } }
        let result = try await KeyRotation.run(KeyRotation.Input(team: Self.team, keyIDs: [Self.new],
                                                                 canaries: Self.canaries(mock, .production)),
                                               store: setting.store)
        #expect(result.rotation.probed)
        #expect(result.canaries.map(\.keyID) == [Self.new])
        #expect(result.canaries.first?.report.status == 400)
        #expect(result.canaries.first?.report.reason == "BadDeviceToken")
        #expect(try setting.store.key(Self.new).state == .active)
    }

    @Test func aRefusedCanaryChangesNothingAndKeepsItsReport() async throws {
        let setting = try Self.setting(scope: Self.production)
        let mock = try await setting.mock(.production, trusting: [Self.old]) // not the new key: 403
        defer { Task { await mock.server.stop() } }
        await #expect {
            try await KeyRotation.run(KeyRotation.Input(team: Self.team, keyIDs: [Self.new],
                                                        canaries: Self.canaries(mock, .production)), store: setting.store)
        } throws: { error in
            guard case .afterCanaries(let underlying, let reports)? = error as? KeyRotationError else { return false }
            return reports.count == 1 && reports[0].report.status == 403
                && (underlying as? APNsError)?.message.hasPrefix("rotation to \(Self.new) refused: the canary probe failed") == true
        }
        #expect(try setting.store.key(Self.old).state == .active)
        #expect(try setting.store.key(Self.new).state == .staged)
    }

    @Test func aCoveredEnvironmentWithoutAServerIsRefusedBeforeSigning() async throws {
        let setting = try Self.setting(scope: .legacy)
        let servers = CanaryServers(servers: [.init(environment: .production, host: "127.0.0.1", port: try TestPorts.free())])
        await #expect {
            try await KeyRotation.run(KeyRotation.Input(team: Self.team, keyIDs: [Self.new],
                                                        canaries: KeyRotation.Canaries(servers: servers)),
                                      store: setting.store)
        } throws: { error in
            guard case .noServer(let keyID, .noServer(let environment, _))? = error as? KeyRotationError else { return false }
            return keyID == Self.new && environment == .development
        }
        #expect(try setting.store.key(Self.new).state == .staged)
    }

    @Test func anUnreachableCanaryIsExit4() async throws {
        let setting = try Self.setting(scope: Self.production)
        let mock = try await setting.mock(.production, trusting: [Self.new]) // for its CA file
        defer { Task { await mock.server.stop() } }
        var canaries = Self.canaries(mock, .production)
        canaries.servers.port = try TestPorts.free()
        await #expect {
            try await KeyRotation.run(KeyRotation.Input(team: Self.team, keyIDs: [Self.new], canaries: canaries),
                                      store: setting.store)
        } throws: { error in
            guard case .afterCanaries(let underlying, let reports)? = error as? KeyRotationError else { return false }
            return (underlying as? APNsError)?.status == .unreachable && reports.first?.report.status == nil
        }
    }
}
