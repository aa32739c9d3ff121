import APNsCore
import APNsModel
import APNsTokens
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// App Store Connect API keys in the keystore.
///
/// They are kept like APNs keys (the material stored by the same change, so a fleet store seals it with its
/// key-encryption key; revoked with a tombstone that outlives the purge; audited), in the manifest's own list
/// (``Manifest/appStoreConnectKeys``), so nothing that picks an APNs key (token, probe, rotation, the exporter,
/// the agents) ever sees one. Each is `active` until it is revoked: App Store Connect keys have no slots and no
/// rotation. The manifest is written as version 5 while it holds one.
extension Manifest {
    /// The version written while the manifest holds App Store Connect keys (and the newest this build reads).
    public static let appStoreConnectVersion = 5

    /// The version ``encode(to:)`` writes.
    var writtenVersion: Int { appStoreConnectKeys.isEmpty ? Self.currentVersion : Self.appStoreConnectVersion }

    /// The App Store Connect key `keyID`, if present.
    public func appStoreConnectKey(_ keyID: String) -> KeyRecord? {
        appStoreConnectKeys.first { $0.keyID == keyID }
    }

    /// The key `keyID` of either kind.
    public func anyKey(_ keyID: String) -> KeyRecord? { key(keyID) ?? appStoreConnectKey(keyID) }

    /// The key of either kind whose public key has SHA-256 `fingerprint`.
    public func anyKey(fingerprint: String) -> KeyRecord? {
        (keys + appStoreConnectKeys).first { $0.fingerprint == fingerprint }
    }

    /// Replaces (or adds) the App Store Connect record with `record`'s key id.
    mutating func updateAppStoreConnectKey(_ record: KeyRecord) {
        appStoreConnectKeys.removeAll { $0.keyID == record.keyID }
        appStoreConnectKeys.append(record)
        appStoreConnectKeys.sort { ($0.createdAt, $0.keyID) < ($1.createdAt, $1.keyID) }
    }

    /// What makes App Store Connect keys unsound: a key of the wrong kind in either list, a key id in both lists,
    /// a team key without a UUID issuer (or an individual key with one), a live key whose id or material was revoked.
    var appStoreConnectProblems: [String] {
        var found = [String]()
        for key in keys where key.kind != .apns { found.append("key \(key.keyID) is \(key.kind.rawValue) among APNs keys") }
        let apnsIDs = Set(keys.map(\.keyID))
        var seen = Set<String>()
        for key in appStoreConnectKeys {
            if !key.kind.isAppStoreConnect { found.append("APNs key \(key.keyID) among App Store Connect keys") }
            if apnsIDs.contains(key.keyID) || !seen.insert(key.keyID).inserted {
                found.append("key \(key.keyID) listed twice")
            }
            switch (key.kind, key.issuerID) {
            case (.appStoreConnectTeam, let issuer?) where (try? AppStoreConnectIssuerID.validate(issuer)) == issuer: break
            case (.appStoreConnectTeam, _): found.append("App Store Connect team key \(key.keyID) has no valid issuer id")
            case (.appStoreConnectIndividual, .some): found.append("individual key \(key.keyID) has an issuer id")
            default: break
            }
            if key.state != .revoked, let revoked = revocation(keyID: key.keyID, fingerprint: key.fingerprint) {
                found.append("key \(key.keyID) is \(key.state.rawValue), but it was revoked on \(revoked.revokedOn)")
            }
        }
        return found
    }

    /// The App Store Connect key that may sign: `keyID`, or the only one when nil; an
    /// ``AppStoreConnectKeyError`` naming why there is none (unknown, revoked or purged, an APNs key, several).
    public func appStoreConnectSigningKey(_ keyID: String?, keystore: String) throws -> KeyRecord {
        guard let keyID else {
            let live = appStoreConnectKeys.filter { $0.state != .revoked }
            switch live.count {
            case 1: return live[0]
            case 0:
                if let revoked = appStoreConnectKeys.first {
                    throw AppStoreConnectKeyError.revoked(keyID: revoked.keyID, revokedOn: Self.day(revoked.revokedAt),
                                                          purged: false)
                }
                throw AppStoreConnectKeyError.noKey(keystore: keystore)
            default: throw AppStoreConnectKeyError.severalKeys(live.map(\.keyID))
            }
        }
        let judgement = KeyJudgement.judge(.init(keyID: keyID, purpose: .sign, now: Date(), appStoreConnect: true),
                                           in: self)
        if let record = judgement.record, judgement.isUsable { return record }
        if let record = judgement.record, record.state == .revoked {
            throw AppStoreConnectKeyError.revoked(keyID: keyID, revokedOn: Self.day(record.revokedAt), purged: false)
        }
        if let tombstone = judgement.tombstone {
            throw AppStoreConnectKeyError.revoked(keyID: keyID, revokedOn: tombstone.revokedOn, purged: true)
        }
        if let other = key(keyID) {
            throw AppStoreConnectKeyError.wrongKind(keyID: keyID, kind: other.kind, wanted: .appStoreConnectTeam)
        }
        throw AppStoreConnectKeyError.unknownKey(keyID: keyID)
    }

    private static func day(_ date: Date?) -> String {
        date.map { String(ISO8601Text.string(from: $0).prefix(10)) } ?? "an unknown day"
    }
}
