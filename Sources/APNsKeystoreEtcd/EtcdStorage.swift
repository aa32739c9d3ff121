import APNsCore
import APNsEtcd
import APNsKeystore
import APNsTokens
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A keystore kept in etcd under a key prefix, for a fleet of hosts (docs/fleet.md).
///
/// ```
/// PREFIX/manifest            keystore.json's content (public: ids, states, scopes, public keys)
/// PREFIX/kek                 how the key-encryption key is found again, and its check value (no secret)
/// PREFIX/objects/keys/ID.p8  a signing key, sealed with AES-256-GCM under the key-encryption key
/// PREFIX/objects/certs/…     certificates and their keys, sealed the same way
/// PREFIX/audit/TIME-ID       one audit entry (JSON)
/// PREFIX/tokens/keys/KEYID  the provider token every host shares for that key, under a lease (no private key)
/// PREFIX/tokens/last-signed  when each key last signed
/// PREFIX/locks/…             etcd locks on leases: `tokens` while a host signs, `rotation` while one rotates
/// ```
///
/// A change is one etcd transaction: it compares the manifest's `mod_revision` with the one the rules read, and
/// puts the manifest, the sealed objects, the deletions, the dropped tokens and the audit entry together.
/// A concurrent change makes the loser's transaction fail; it then reads the new manifest and applies its rules
/// again (a rotation to a key another host already made active is then refused, exit 5), so no write is lost.
public struct EtcdStorage: KeystoreStorage {
    /// The etcd members and the key prefix.
    public let url: EtcdURL
    let client: EtcdClient
    /// Seals and opens secrets; nil on hosts that only read tokens.
    let kek: KeyEncryptionKey?
    public var lockTimeout: TimeInterval
    /// The TTL of an operation lock's lease (``defaultOperationLockTTL``); a test that takes the lease away itself
    /// sets it longer, so that a loaded machine's stalls cannot take it first.
    var operationLockTTL = EtcdStorage.defaultOperationLockTTL

    /// How many times a change re-reads the manifest after losing a race before it gives up (exit 5).
    static let attempts = 8

    init(url: EtcdURL, client: EtcdClient, kek: KeyEncryptionKey?, lockTimeout: TimeInterval) {
        self.url = url
        self.client = client
        self.kek = kek
        self.lockTimeout = lockTimeout
    }

    public var location: String { url.description }

    func key(_ suffix: String) -> String { url.prefix + "/" + suffix }
    var manifestKey: String { key("manifest") }
    var kekKey: String { key("kek") }
    func objectKey(_ name: String) -> String { key("objects/" + name) }
    func auditKey(_ entry: AuditEntry) -> String {
        let nanoseconds = Int64(entry.time.timeIntervalSince1970 * 1_000_000_000)
        return key("audit/" + String(repeating: "0", count: max(0, 20 - String(nanoseconds).count)) + String(nanoseconds)
                   + "-" + UUID().uuidString.lowercased())
    }

    func get(_ key: String) throws -> EtcdKeyValue? {
        try client.blocking.get(key)
    }

    func txn(_ compare: [EtcdCompare], _ success: [EtcdOperation]) throws -> EtcdTxnResult {
        try client.blocking.txn(compare: compare, success: success)
    }

    func put(_ key: String, _ value: [UInt8]) throws {
        try client.blocking.put(key, value: value)
    }

    public func readManifest() throws -> [UInt8] {
        guard let manifest = try get(manifestKey) else {
            throw APNsError.keystore("\(location): no keystore here (no \(manifestKey))",
                                     remedy: FleetRemedy.createKeystore(location: "\(location)"))
        }
        return manifest.value
    }

    /// The key-encryption key, or a usage error saying how to give it.
    func requireKEK(_ what: String) throws -> KeyEncryptionKey {
        guard let kek else {
            throw APNsError.usage("\(what) needs the keystore's key-encryption key",
                                  remedy: FleetRemedy.giveKEK)
        }
        return kek
    }

    public func readObject(_ name: String, limit: Int) throws -> [UInt8] {
        let kek = try requireKEK("reading \(name)")
        guard let stored = try get(objectKey(name)) else {
            throw APNsError.keystore("\(location): \(name) is missing", remedy: FleetRemedy.restoreFromCopy(keystore: false))
        }
        do {
            return try kek.open(stored.value, name: name)
        } catch {
            throw APNsError.keystore("\(location): \(name) does not open with the key-encryption key (damaged, or "
                                     + "moved from another name)", remedy: FleetRemedy.restoreFromCopy(keystore: false))
        }
    }

    /// `etcd://MEMBERS/PREFIX/objects/NAME`.
    public func objectLocation(_ name: String) -> String { location + "/objects/" + name }

    public func appendAudit(_ entry: AuditEntry) throws {
        try put(auditKey(entry), try KeystoreCoding.encode(entry))
    }

    public func auditEntries(since: Date?) throws -> [AuditEntry] {
        let stored = try client.blocking.range(key("audit/"), prefix: true)
        return stored.keyValues.sorted { $0.key < $1.key }.compactMap { try? KeystoreCoding.decodeAuditEntry($0.value) }
            .filter { since == nil || $0.time >= since ?? $0.time }
    }
}
