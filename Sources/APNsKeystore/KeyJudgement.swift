import APNsModel
import APNsCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The one judge of a signing key: may this key sign (or do its tokens verify) for this team, topic and
/// environment? It reads the keystore's records: the key's state, the tombstones of revoked keys (matched by key
/// id **or** by the public key's SHA-256, so a revoked key given as a file under any name is still revoked), the
/// recorded scope and the team. `token inspect` (with or without a key file), `app check` and the exporter ask it
/// and render its findings; none derives the answer again. Pure over a ``Manifest``; it lives with the keystore so
/// that every library that reads a keystore (the exporter too) can ask it.
public enum KeyJudgement {
    /// What the key is asked to do.
    public enum Purpose: String, Sendable, Equatable {
        /// Sign new tokens: only active keys (and staged keys named explicitly).
        case sign
        /// Verify tokens already signed: staged and active keys, and retired keys within their grace period.
        case verify
    }

    /// The question: which key (by id, by material, or both), for what.
    public struct Question: Sendable, Equatable {
        /// The key id (a token's `kid`, `--key-id`); nil when only the material is known.
        public var keyID: String?
        /// SHA-256 of the key's SubjectPublicKeyInfo DER, lowercase hex; nil when only the id is known.
        public var publicKeySHA256: String?
        /// The team that must own the key (a token's `iss`, `--team`); nil: any.
        public var teamID: String?
        /// The environment it must cover; nil: not asked.
        public var environment: APNsEnvironment?
        /// The topic it must cover; nil: not asked.
        public var topic: String?
        public var purpose: Purpose
        /// The time the grace period of a retired key is judged at.
        public var now: Date
        /// True when the key must sign App Store Connect tokens (an App Store Connect key); false: APNs provider
        /// tokens (an APNs key). A key of the other kind is never usable (``Finding/otherKind(keyID:kind:)``).
        public var appStoreConnect: Bool

        public init(keyID: String?, publicKeySHA256: String? = nil, teamID: String? = nil,
                    environment: APNsEnvironment? = nil, topic: String? = nil, purpose: Purpose, now: Date,
                    appStoreConnect: Bool = false) {
            self.appStoreConnect = appStoreConnect
            self.keyID = keyID
            self.publicKeySHA256 = publicKeySHA256
            self.teamID = teamID
            self.environment = environment
            self.topic = topic
            self.purpose = purpose
            self.now = now
        }
    }

    /// The verdict class. JSON values are the raw values.
    public enum VerdictKind: String, Sendable, Codable, Equatable {
        /// Every check passed.
        case usable
        /// The key (by id or by material) was revoked: its record says so, or only its tombstone is left.
        case revoked
        /// Retired: never signs; verifies no longer once its grace period is over.
        case retired
        /// The keystore holds neither a record nor a tombstone of the key.
        case unknown
        /// The key belongs to another team than the one asked.
        case wrongTeam = "wrong_team"
        /// The key's recorded scope does not cover the environment or the topic asked.
        case outOfScope = "out_of_scope"
    }

    /// One thing the judge found, in the order it checked.
    public enum Finding: Sendable, Equatable {
        /// The key's record is revoked (at `revokedAt`, when recorded).
        case revokedRecord(keyID: String, revokedAt: Date?)
        /// A tombstone matches: the key id itself (`byMaterial` false) or the key material under another id.
        case tombstone(RevokedKey, byMaterial: Bool)
        /// The key is retired; `verifyUntil` is the end of its grace period (nil: none).
        case retired(keyID: String, verifyUntil: Date?)
        /// The keystore knows the key neither by id nor by material.
        case unknown(keyID: String?)
        /// The key belongs to `keyTeamID`, not `askedTeamID`.
        case wrongTeam(keyID: String, keyTeamID: String, askedTeamID: String)
        /// The recorded scope does not cover `environment`.
        case environmentNotCovered(keyID: String, scope: KeyScope, environment: APNsEnvironment)
        /// The recorded scope does not cover `topic`.
        case topicNotCovered(keyID: String, scope: KeyScope, topic: String)
        /// The key id is recorded, but with other key material than the one given (sha256 of the record's).
        case otherMaterial(keyID: String, recordedSHA256: String)
        /// The material given is recorded under another key id.
        case materialRecordedAs(keyID: String)
        /// The key is recorded, but as a key of another kind (an App Store Connect key asked to sign APNs tokens,
        /// or the reverse): its verdict is ``VerdictKind/unknown``.
        case otherKind(keyID: String, kind: KeyKind)
    }

    /// The answer.
    public struct Judgement: Sendable, Equatable {
        public var kind: VerdictKind
        /// Everything found, the deciding finding first (empty when usable with nothing to note).
        public var findings: [Finding]
        /// The key's record, when the keystore holds one (by id, else by material).
        public var record: KeyRecord?
        /// The tombstone that decided a revoked verdict, when one did.
        public var tombstone: RevokedKey?

        /// True only when the key may do what was asked.
        public var isUsable: Bool { kind == .usable }
    }

    /// Judges `question` against the keystore's `manifest`.
    public static func judge(_ question: Question, in manifest: Manifest) -> Judgement {
        // Only keys of the kind asked: an App Store Connect key is unknown to an APNs question, and the reverse.
        let pool = question.appStoreConnect ? manifest.appStoreConnectKeys : manifest.keys
        let byID = question.keyID.flatMap { keyID in pool.first { $0.keyID == keyID } }
        let byMaterial = question.publicKeySHA256.flatMap { sha in pool.first { $0.fingerprint == sha } }
        let record = byID ?? byMaterial
        var notes = [Finding]()
        if let byID, let sha = question.publicKeySHA256, byID.fingerprint != sha {
            notes.append(.otherMaterial(keyID: byID.keyID, recordedSHA256: byID.fingerprint))
        }
        if let byMaterial, let keyID = question.keyID, byMaterial.keyID != keyID {
            notes.append(.materialRecordedAs(keyID: byMaterial.keyID))
        }
        // Revocation first: by the record's state, then by a tombstone (id, or material under any id).
        for candidate in [byID, byMaterial].compactMap({ $0 }) where candidate.state == .revoked {
            let tombstone = manifest.revocation(keyID: candidate.keyID, fingerprint: candidate.fingerprint)
            return Judgement(kind: .revoked, findings: [.revokedRecord(keyID: candidate.keyID,
                                                                       revokedAt: candidate.revokedAt)] + notes,
                             record: candidate, tombstone: tombstone)
        }
        if let tombstone = manifest.revokedKeys.first(where: { revoked in
            question.keyID.map { revoked.keyID == $0 } == true
                || question.publicKeySHA256.map { revoked.publicKeySHA256 == $0 } == true
        }) {
            let byMaterial = question.keyID != tombstone.keyID
            return Judgement(kind: .revoked, findings: [.tombstone(tombstone, byMaterial: byMaterial)] + notes,
                             record: record, tombstone: tombstone)
        }
        guard let record else {
            let others = question.appStoreConnect ? manifest.keys : manifest.appStoreConnectKeys
            if let other = others.first(where: { $0.keyID == question.keyID || $0.fingerprint == question.publicKeySHA256 }) {
                return Judgement(kind: .unknown, findings: [.otherKind(keyID: other.keyID, kind: other.kind)] + notes,
                                 record: nil, tombstone: nil)
            }
            return Judgement(kind: .unknown, findings: [.unknown(keyID: question.keyID)] + notes, record: nil,
                             tombstone: nil)
        }
        if let team = question.teamID, record.teamID != team {
            return Judgement(kind: .wrongTeam, findings: [.wrongTeam(keyID: record.keyID, keyTeamID: record.teamID,
                                                                     askedTeamID: team)] + notes,
                             record: record, tombstone: nil)
        }
        if record.state == .retired {
            let inGrace = record.verifyUntil.map { $0 > question.now } ?? false
            if question.purpose == .sign || !inGrace {
                return Judgement(kind: .retired, findings: [.retired(keyID: record.keyID,
                                                                     verifyUntil: record.verifyUntil)] + notes,
                                 record: record, tombstone: nil)
            }
            notes.append(.retired(keyID: record.keyID, verifyUntil: record.verifyUntil))
        }
        var scope = [Finding]()
        if let environment = question.environment, !record.scope.covers(environment) {
            scope.append(.environmentNotCovered(keyID: record.keyID, scope: record.scope, environment: environment))
        }
        if let topic = question.topic, !record.scope.covers(topic: topic) {
            scope.append(.topicNotCovered(keyID: record.keyID, scope: record.scope, topic: topic))
        }
        if !scope.isEmpty {
            return Judgement(kind: .outOfScope, findings: scope + notes, record: record, tombstone: nil)
        }
        return Judgement(kind: .usable, findings: notes, record: record, tombstone: nil)
    }

    /// Judges `question` against `keystore`'s manifest (read once).
    public static func judge(_ question: Question, in keystore: Keystore) throws -> Judgement {
        judge(question, in: try keystore.manifest())
    }
}

extension KeyJudgement.Finding {
    /// One line for people, naming the key and what the keystore records; no flag and no command.
    public var summary: String {
        switch self {
        case .revokedRecord(let keyID, let revokedAt):
            return "key \(keyID) is revoked" + (revokedAt.map { " (since \(ISO8601Text.string(from: $0).prefix(10)))" } ?? "")
                + ": it never signs nor verifies again"
        case .tombstone(let revoked, let byMaterial):
            let by = revoked.revokedBy.map { " by \($0)" } ?? ""
            return (byMaterial ? "this key material is revoked key \(revoked.keyID)" : "key \(revoked.keyID)")
                + " was revoked on \(revoked.revokedOn)\(by) (team \(revoked.teamID)) and purged: only its tombstone "
                + "is kept, and a revoked key never verifies again"
        case .retired(let keyID, let verifyUntil):
            return "key \(keyID) is retired"
                + (verifyUntil.map { ", verifying until \(ISO8601Text.string(from: $0))" } ?? "")
        case .unknown(let keyID):
            return keyID.map { "the keystore knows no key \($0)" } ?? "the keystore knows no such key"
        case .wrongTeam(let keyID, let keyTeamID, let askedTeamID):
            return "key \(keyID) is team \(keyTeamID)'s, not \(askedTeamID)'s"
        case .environmentNotCovered(let keyID, let scope, let environment):
            return "key \(keyID) is recorded as \(scope.environmentsText): not \(environment.rawValue)"
        case .topicNotCovered(let keyID, let scope, let topic):
            return "key \(keyID) covers topics \((scope.topics ?? []).joined(separator: ", ")): not \(topic)"
        case .otherMaterial(let keyID, let recorded):
            return "the key given is not the keystore's key \(keyID) (recorded sha256 \(recorded.prefix(16)))"
        case .materialRecordedAs(let keyID):
            return "the key given is recorded as key \(keyID)"
        case .otherKind(let keyID, let kind):
            return "key \(keyID) is an \(kind.words) key: "
                + (kind == .apns ? "it signs APNs provider tokens only" : "it never signs APNs provider tokens")
        }
    }
}
