import APNsCore
import APNsEtcd
import APNsKeystore
@testable import APNsKeystoreEtcd
import APNsTokens
import Foundation
import Synchronization
import TestSupport

/// A fleet keystore on a three-member etcd cluster started for one test, with a raw key-encryption key.
struct FleetKeystore {
    let cluster: EtcdCluster
    let location: KeystoreLocation
    let access: FleetAccess

    static let team = "DEF123GHIJ"

    /// Starts a cluster, creates the keystore, runs `body`, and stops the cluster whatever happens.
    static func with(_ body: (FleetKeystore) async throws -> Void) async throws {
        let cluster = try EtcdCluster.start()
        defer { cluster.stop() }
        let kek = TestPaths.temporaryDirectory("kek").appendingPathComponent("kek").path
        try Data((0..<32).map { _ in UInt8.random(in: .min ... .max) }).write(to: URL(fileURLWithPath: kek))
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: kek)
        let fleet = FleetKeystore(cluster: cluster,
                                  location: KeystoreLocation(path: "etcd://\(cluster.endpoints)/fleet", source: .flag),
                                  access: FleetAccess(kekFile: kek))
        _ = try KeystoreStores.create(fleet.location, access: fleet.access)
        try await body(fleet)
    }

    /// A storage of its own for one host (every host opens the keystore the same way).
    func storage() throws -> EtcdStorage {
        try KeystoreStores.etcdStorage(location.path, access: access.filled(), lockTimeout: 10, creating: nil)
    }

    /// The keystore as one host opens it.
    func keystore() throws -> Keystore {
        try KeystoreStores.open(location, access: access)
    }

    /// The token record feed an agent follows.
    func feed() throws -> FleetTokenFeed {
        try KeystoreStores.tokenFeed(location, access: access)
    }
}

/// An etcd storage whose commits run `hook` (another host's change) before the rules of each attempt, so a test
/// decides when a commit loses its race instead of hoping for it.
struct InterposedStorage: KeystoreStorage {
    let base: EtcdStorage
    /// Called with the attempt number (1, 2, …) before the rules run on the manifest that attempt read.
    let hook: @Sendable (Int) throws -> Void
    let counter = AttemptCounter()
    /// How many attempts the commits made so far.
    var attempts: Int { counter.value.withLock { $0 } }

    var location: String { base.location }
    var lockTimeout: TimeInterval {
        get { base.lockTimeout }
        set {}
    }

    func readManifest() throws -> [UInt8] { try base.readManifest() }

    func commit<T>(action: String, team: String?, keyID: String?, now: () -> Date,
                   _ prepare: (inout Manifest, inout KeystoreChange) throws -> T) throws -> T {
        try base.commit(action: action, team: team, keyID: keyID, now: now) { manifest, change in
            let attempt = counter.value.withLock { $0 += 1; return $0 }
            try hook(attempt)
            return try prepare(&manifest, &change)
        }
    }

    func readObject(_ name: String, limit: Int) throws -> [UInt8] { try base.readObject(name, limit: limit) }
    func objectLocation(_ name: String) -> String { base.objectLocation(name) }
    func withTokenCache<T>(_ body: (inout TokenCache) throws -> T) throws -> T { try base.withTokenCache(body) }
    func readTokenCache() -> TokenCache { base.readTokenCache() }
    func peekTokenCache() throws -> TokenCache? { try base.peekTokenCache() }
    func appendAudit(_ entry: AuditEntry) throws { try base.appendAudit(entry) }
    func auditEntries(since: Date?) throws -> [AuditEntry] { try base.auditEntries(since: since) }
    func withOperationLock<T: Sendable>(_ name: String, _ body: () async throws -> T) async throws -> T {
        try await base.withOperationLock(name, body)
    }
}

/// Counts commit attempts across copies of an ``InterposedStorage``.
final class AttemptCounter: Sendable {
    let value = Mutex(0)
}

/// The APNsError `body` throws; nil when it throws none.
func apnsError<T>(_ body: () async throws -> T) async -> APNsError? {
    do {
        _ = try await body()
        return nil
    } catch let error as APNsError {
        return error
    } catch {
        return APNsError(.internalError, "not an APNsError: \(error)")
    }
}
