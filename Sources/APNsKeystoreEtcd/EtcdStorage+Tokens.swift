import APNsCore
import APNsEtcd
import APNsKeystore
import APNsModel
import APNsTokens
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The fleet's provider tokens: one record per key (`tokens/keys/KEYID`, a ``FleetTokenRecord`` under a lease)
/// and `tokens/last-signed` (when each key last signed).
///
/// Reading is one range request and takes no lock: a token the policy may reuse is handed out at once. Signing
/// happens under etcd's lock `PREFIX/locks/tokens` (on a lease, so a crashed host frees it): the first host that
/// finds a token missing or due signs it while the others wait, then read the record it wrote. The write is still a
/// transaction comparing each record's mod revision with the one read (create-once for a new record), so a host
/// whose lock lapsed (frozen, cut off) can never overwrite a newer token. A record never goes back: a host whose
/// clock is behind the fleet's newest token is refused rather than replacing it with an older one.
extension EtcdStorage {
    var tokensPrefix: String { key("tokens/") }
    var lastSignedKey: String { key("tokens/last-signed") }
    /// Where the records are: `tokens/keys/`, one per key id.
    var tokenRecordsPrefix: String { key("tokens/keys/") }
    func tokenRecordKey(_ keyID: String) -> String { tokenRecordsPrefix + keyID }

    /// What `tokens/` holds now: the records by key id, and `last-signed`.
    struct StoredTokens {
        var records: [String: (kv: EtcdKeyValue, record: FleetTokenRecord)] = [:]
        var lastSigned: EtcdKeyValue?

        var cache: TokenCache {
            let signed = lastSigned.flatMap { try? JSONDecoder().decode([String: Int64].self, from: Data($0.value)) }
            return TokenCache(entries: records.values.map(\.record.entry).sorted { ($0.teamID, $0.keyID) < ($1.teamID, $1.keyID) },
                              lastSigned: signed ?? [:])
        }
    }

    func storedTokens() throws -> StoredTokens {
        let result = try client.blocking.range(tokensPrefix, prefix: true)
        var stored = StoredTokens()
        for kv in result.keyValues {
            if kv.key == lastSignedKey {
                stored.lastSigned = kv
            } else if kv.key.hasPrefix(tokenRecordsPrefix), let record = FleetTokenRecord(stored: kv.value) {
                stored.records[record.keyID] = (kv, record)
            }
        }
        return stored
    }

    public func readTokenCache() -> TokenCache {
        (try? storedTokens())?.cache ?? TokenCache()
    }

    public func peekTokenCache() throws -> TokenCache? {
        try storedTokens().cache
    }

    public func withTokenCache<T>(_ body: (inout TokenCache) throws -> T) throws -> T {
        try withWaitingLock("tokens") {
            for _ in 1...Self.attempts {
                // The manifest first: whatever `body` decides (which key is active, that it may sign) rests on a
                // manifest at least this new, and the write compares its revision, so a rotation or a revocation
                // made meanwhile fails the write instead of letting a retired key's token in (issue 30).
                let manifest = try get(manifestKey)
                let stored = try storedTokens()
                let before = stored.cache
                var cache = before
                let result = try body(&cache)
                if cache == before { return result }
                if try storeTokens(cache, replacing: stored, before: before, manifest: manifest) { return result }
                // A rotation, a revocation or a host whose lock lapsed changed things meanwhile: decide again.
            }
            throw APNsError.keystore("\(location): the shared tokens kept changing (\(Self.attempts) attempts)",
                                     hint: "try again")
        }
    }

    /// Writes the entries of `cache` that differ from `before` (each under a new lease), deletes those it dropped
    /// and the records of retired keys whose files the written tokens now cover, in one transaction comparing
    /// every record it touches with `stored` and the manifest with `manifest`. False when a comparison failed.
    private func storeTokens(_ cache: TokenCache, replacing stored: StoredTokens, before: TokenCache,
                             manifest: EtcdKeyValue?) throws -> Bool {
        let keys = manifest.flatMap { try? Manifest.decode($0.value, path: location) }?.keys ?? []
        let scopes = keys.reduce(into: [String: KeyScope]()) { $0[$1.keyID] = $1.scope }
        var compare: [EtcdCompare] = [.unchanged(manifestKey, since: manifest)]
        var operations: [EtcdOperation] = [], granted: [Int64] = [], replaced: [Int64] = [], written: Set<String> = []
        for entry in cache.entries where before.entry(teamID: entry.teamID, keyID: entry.keyID) != entry {
            let old = stored.records[entry.keyID]
            if let old, old.record.issuedAt > entry.issuedAt {
                throw APNsError.keystore(
                    "\(location): this host's clock is \(old.record.issuedAt - entry.issuedAt) s behind the fleet's "
                        + "token for key \(entry.keyID); a token older than one already shared is never stored",
                    hint: "synchronise this host's clock (NTP); the other hosts keep the newer token")
            }
            let lease = try client.blocking.grantLease(ttl: FleetTokenRecord.leaseSeconds)
            granted.append(lease.id)
            if let previous = old?.kv.lease, previous != 0 { replaced.append(previous) }
            let record = FleetTokenRecord(entry, environments: scopes[entry.keyID]?.environments,
                                          topics: scopes[entry.keyID]?.topics)
            compare.append(.unchanged(tokenRecordKey(entry.keyID), since: old?.kv))
            operations.append(.put(key: tokenRecordKey(entry.keyID), value: Array(try JSONEncoder().encode(record)),
                                   lease: lease.id))
            written.insert(entry.keyID)
        }
        var dropped = Set<String>()
        for entry in before.entries where cache.entry(teamID: entry.teamID, keyID: entry.keyID) == nil {
            dropped.insert(entry.keyID)
        }
        // A rotation keeps the retired key's record so agents serve it until its successor's token exists (a
        // token file never vanishes at a rotation): the successor's write removes it, after the put, in the same
        // revision, once active keys' records cover every file it fed.
        dropped.formUnion(Self.supersededRecords(stored.records.values.map(\.record), keys: keys,
                                                 recorded: Set(stored.records.keys).union(written)))
        for keyID in dropped.sorted() where !written.contains(keyID) {
            compare.append(.unchanged(tokenRecordKey(keyID), since: stored.records[keyID]?.kv))
            operations.append(.delete(key: tokenRecordKey(keyID)))
            if let lease = stored.records[keyID]?.kv.lease, lease != 0 { replaced.append(lease) }
        }
        if cache.lastSigned != before.lastSigned {
            compare.append(.unchanged(lastSignedKey, since: stored.lastSigned))
            operations.append(.put(key: lastSignedKey, value: Array(try JSONEncoder().encode(cache.lastSigned))))
        }
        CrashPoint.reach("token:before-record")
        let stored = try txn(compare, operations).succeeded
        // Leases left without a key: end them now rather than in 55 minutes (best effort).
        for lease in stored ? replaced : granted {
            try? client.blocking.revokeLease(lease)
        }
        return stored
    }

    /// Records of retired keys every one of whose files an active key with a record (`recorded`) now feeds.
    static func supersededRecords(_ records: [FleetTokenRecord], keys: [KeyRecord], recorded: Set<String>) -> [String] {
        let state = Dictionary(keys.map { ($0.keyID, $0.state) }, uniquingKeysWith: { $1 })
        let fed = Set(keys.filter { $0.state == .active && recorded.contains($0.keyID) }.flatMap(Self.files(of:)))
        return records.filter { state[$0.keyID] == .retired && Set($0.fileNames).isSubset(of: fed) }.map(\.keyID)
    }

    /// The agent files `key`'s tokens feed.
    static func files(of key: KeyRecord) -> [String] {
        FleetTokenRecord.fileNames(team: key.teamID, environments: key.scope.environments, topics: key.scope.topics)
    }

    /// What a change does to the token records of the keys it drops (`dropTokensOf`), given the manifest it
    /// writes (compares and operations to add to its transaction): a revoked key's record goes at once (agents
    /// remove its files within seconds). A retired key's record stays while active keys of its team cover every
    /// file it feeds, so agents go on serving it until its successor's token replaces it; an environment no
    /// active key covers any more is taken out of it (the record goes when none is left).
    func tokenDrops(_ keyIDs: [String], after manifest: Manifest) throws -> (compare: [EtcdCompare], operations: [EtcdOperation]) {
        let covered = Set(manifest.keys.filter { $0.state == .active }.flatMap(Self.files(of:)))
        var compare: [EtcdCompare] = [], operations: [EtcdOperation] = []
        for keyID in keyIDs {
            guard let key = manifest.keys.first(where: { $0.keyID == keyID }), key.state == .retired else {
                operations.append(.delete(key: tokenRecordKey(keyID)))
                continue
            }
            let kept = key.scope.environments.filter { environment in
                Set(FleetTokenRecord.fileNames(team: key.teamID, environments: [environment], topics: key.scope.topics))
                    .isSubset(of: covered)
            }
            if kept == key.scope.environments { continue }
            guard !kept.isEmpty, let kv = try get(tokenRecordKey(keyID)), var record = FleetTokenRecord(stored: kv.value) else {
                operations.append(.delete(key: tokenRecordKey(keyID)))
                continue
            }
            record.environments = record.environments.filter(kept.contains)
            compare.append(.unchanged(tokenRecordKey(keyID), since: kv))
            operations.append(record.environments.isEmpty ? .delete(key: tokenRecordKey(keyID))
                              : .put(key: tokenRecordKey(keyID), value: Array(try JSONEncoder().encode(record)), lease: kv.lease))
        }
        return (compare, operations)
    }
}
