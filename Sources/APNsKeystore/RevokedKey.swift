import APNsCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What the keystore keeps of a revoked key forever, after `purge` has removed its material and its record: Apple
/// never reinstates a revoked key, so neither its key id nor its key material (under any id) may come back.
///
/// JSON (`keystore.json`'s `revoked_keys`, and `keystore status`): `key_id`, `team_id`, `public_key_sha256`
/// (SHA-256 of the public key's SubjectPublicKeyInfo DER, hex), `revoked_at`, `revoked_by` (user@host; null for a
/// key revoked before manifest version 4, when nobody recorded it).
public struct RevokedKey: Codable, Sendable, Equatable {
    public var keyID: String
    public var teamID: String
    public var publicKeySHA256: String
    public var revokedAt: Date
    public var revokedBy: String?

    public init(keyID: String, teamID: String, publicKeySHA256: String, revokedAt: Date, revokedBy: String?) {
        self.keyID = keyID
        self.teamID = teamID
        self.publicKeySHA256 = publicKeySHA256
        self.revokedAt = revokedAt
        self.revokedBy = revokedBy
    }

    /// The tombstone of `record`, revoked at its `revoked_at` (now when it has none) by `actor`.
    public init(_ record: KeyRecord, at now: Date, by actor: String?) {
        self.init(keyID: record.keyID, teamID: record.teamID, publicKeySHA256: record.fingerprint,
                  revokedAt: record.revokedAt ?? now, revokedBy: actor)
    }

    enum CodingKeys: String, CodingKey {
        case keyID = "key_id", teamID = "team_id", publicKeySHA256 = "public_key_sha256", revokedAt = "revoked_at"
        case revokedBy = "revoked_by"
    }

    /// Every field always present (`revoked_by` null when unknown).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(keyID, forKey: .keyID)
        try c.encode(teamID, forKey: .teamID)
        try c.encode(publicKeySHA256, forKey: .publicKeySHA256)
        try c.encode(revokedAt, forKey: .revokedAt)
        try c.encode(revokedBy, forKey: .revokedBy)
    }

    /// "2026-11-27" (UTC): the day of the revocation, as refusals name it.
    public var revokedOn: String { String(ISO8601Text.string(from: revokedAt).prefix(10)) }

    /// True when `keyID` or key material with `fingerprint` is this revoked key.
    public func matches(keyID: String, fingerprint: String) -> Bool {
        self.keyID == keyID || publicKeySHA256 == fingerprint
    }
}

extension Manifest {
    /// The revocation that forbids adding key `keyID` with material `fingerprint`: the same id, or the same key
    /// material under any id; nil when neither was ever revoked.
    public func revocation(keyID: String, fingerprint: String) -> RevokedKey? {
        revokedKeys.first { $0.matches(keyID: keyID, fingerprint: fingerprint) }
    }

    /// Records the tombstone of `record` unless one for its key id is already kept.
    mutating func recordRevocation(of record: KeyRecord, at now: Date, by actor: String?) {
        guard !revokedKeys.contains(where: { $0.keyID == record.keyID }) else { return }
        revokedKeys.append(RevokedKey(record, at: now, by: actor))
        revokedKeys.sort { ($0.revokedAt, $0.keyID) < ($1.revokedAt, $1.keyID) }
    }

    /// Keys that are not revoked although their id or material was (a hand-edited or merged manifest): each a
    /// problem that makes the manifest unusable.
    var revocationProblems: [String] {
        keys.filter { $0.state != .revoked }.compactMap { key in
            revocation(keyID: key.keyID, fingerprint: key.fingerprint).map { revoked in
                "key \(key.keyID) is \(key.state.rawValue), but "
                    + (revoked.keyID == key.keyID ? "it" : "its key material (as key \(revoked.keyID))")
                    + " was revoked on \(revoked.revokedOn)"
            }
        }
    }
}

extension RevokedKey {
    /// The refusal to add key `keyID` because of this revocation: a keystore error (exit 5) with the date, e.g.
    /// "key ABC123DEFG was revoked on 2026-11-27 by ann@build1 (team DEF123GHIJ); a revoked key is never active
    /// again", or, for the same material under another id, "key OTHER00001: this key material is revoked key
    /// ABC123DEFG, revoked on …".
    public func refusal(keyID: String) -> APNsError {
        let by = revokedBy.map { " by \($0)" } ?? ""
        let what = self.keyID == keyID
            ? "key \(keyID) was revoked on \(revokedOn)\(by)"
            : "key \(keyID): this key material is revoked key \(self.keyID), revoked on \(revokedOn)\(by)"
        return APNsError.keystore("\(what) (team \(teamID)); a revoked key is never active again",
                                  hint: "Apple never reinstates a revoked key: create a new key in Apple's developer "
                                      + "portal and import that one")
    }
}
