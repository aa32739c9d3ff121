import APNsCore
import APNsModel
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One signing key in the keystore. The private key lives in `file`; everything here is public.
///
/// JSON fields: `key_id`, `team_id`, `state` (``KeyState``), `created_at`, `activated_at`, `retired_at`,
/// `verify_until` (end of a retired key's grace period), `revoked_at`, `file` (relative to the keystore),
/// `encrypted` (encrypted PKCS#8), `origin` (`imported` | `generated`), `registered_with_apple` (false for
/// generated keys), `public_key` (base64 SubjectPublicKeyInfo DER), `fingerprint` (SHA-256 of that DER, hex),
/// `scope` (``KeyScope``: environments, restriction, related key, source; version 3), `kind` (``KeyKind``) and
/// `issuer_id` (an App Store Connect team key's issuer). A record without `scope` (versions 1 and 2) reads as
/// ``KeyScope/legacy``; one without `kind` as an APNs key.
public struct KeyRecord: Codable, Sendable, Equatable {
    public var keyID: String
    public var teamID: String
    public var state: KeyState
    public var createdAt: Date
    public var activatedAt: Date?
    public var retiredAt: Date?
    public var verifyUntil: Date?
    public var revokedAt: Date?
    public var file: String
    public var encrypted: Bool
    public var origin: KeyOrigin
    public var registeredWithApple: Bool
    public var publicKey: String
    public var fingerprint: String
    /// Where the key may be used; ``KeyScope/legacy`` when unknown.
    public var scope: KeyScope
    /// What the key signs: APNs provider tokens (every key written before `kind` existed) or App Store Connect
    /// tokens. An App Store Connect key lives in ``Manifest/appStoreConnectKeys``, never in ``Manifest/keys``.
    public var kind: KeyKind = .apns
    /// An App Store Connect team key's issuer id (a UUID); nil for APNs and individual keys.
    public var issuerID: String?

    enum CodingKeys: String, CodingKey {
        case keyID = "key_id", teamID = "team_id", state, createdAt = "created_at", activatedAt = "activated_at"
        case retiredAt = "retired_at", verifyUntil = "verify_until", revokedAt = "revoked_at", file, encrypted
        case origin, registeredWithApple = "registered_with_apple", publicKey = "public_key", fingerprint, scope
        case kind, issuerID = "issuer_id"
    }
}

extension KeyRecord {
    /// Decodes a record; one written before version 3 (no `scope`) reads as ``KeyScope/legacy``.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        keyID = try c.decode(String.self, forKey: .keyID)
        teamID = try c.decode(String.self, forKey: .teamID)
        state = try c.decode(KeyState.self, forKey: .state)
        createdAt = try c.decode(Date.self, forKey: .createdAt)
        activatedAt = try c.decodeIfPresent(Date.self, forKey: .activatedAt)
        retiredAt = try c.decodeIfPresent(Date.self, forKey: .retiredAt)
        verifyUntil = try c.decodeIfPresent(Date.self, forKey: .verifyUntil)
        revokedAt = try c.decodeIfPresent(Date.self, forKey: .revokedAt)
        file = try c.decode(String.self, forKey: .file)
        encrypted = try c.decode(Bool.self, forKey: .encrypted)
        origin = try c.decode(KeyOrigin.self, forKey: .origin)
        registeredWithApple = try c.decode(Bool.self, forKey: .registeredWithApple)
        publicKey = try c.decode(String.self, forKey: .publicKey)
        fingerprint = try c.decode(String.self, forKey: .fingerprint)
        scope = try c.decodeIfPresent(KeyScope.self, forKey: .scope) ?? .legacy
        kind = try c.decodeIfPresent(KeyKind.self, forKey: .kind) ?? .apns
        issuerID = try c.decodeIfPresent(String.self, forKey: .issuerID)
    }
}

/// Where a key came from.
public enum KeyOrigin: String, Codable, Sendable {
    /// `apnsctl key import`: a .p8 from Apple's developer portal.
    case imported
    /// `apnsctl key generate`: made locally, unknown to Apple; for the mock server and tests.
    case generated
}

/// One client certificate (with its private key) in the keystore.
///
/// JSON fields: `id` (first 16 hex digits of the certificate's SHA-256), `subject`, `topics`, `environments`
/// (`development`, `production`), `team_id` (subject OU, when present), `not_after`, `imported_at`,
/// `certificate_file`, `key_file` (relative paths; the key file is 0600).
public struct CertificateRecord: Codable, Sendable, Equatable {
    public var id: String
    public var subject: String
    public var topics: [String]
    public var environments: [String]
    public var teamID: String?
    public var notAfter: Date
    public var importedAt: Date
    public var certificateFile: String
    public var keyFile: String

    public init(id: String, subject: String, topics: [String], environments: [String], teamID: String?,
                notAfter: Date, importedAt: Date, certificateFile: String, keyFile: String) {
        self.id = id
        self.subject = subject
        self.topics = topics
        self.environments = environments
        self.teamID = teamID
        self.notAfter = notAfter
        self.importedAt = importedAt
        self.certificateFile = certificateFile
        self.keyFile = keyFile
    }

    enum CodingKeys: String, CodingKey {
        case id, subject, topics, environments, teamID = "team_id", notAfter = "not_after"
        case importedAt = "imported_at", certificateFile = "certificate_file", keyFile = "key_file"
    }
}

/// `keystore.json`: the keystore's index, rewritten atomically on every change.
///
/// JSON: `{"format": "apnsctl-keystore", "version": 4, "keys": [KeyRecord], "certificates": [CertificateRecord],
/// "revoked_keys": [RevokedKey]}`, plus `"pending_requests": [PendingRequestRecord]` while certificate requests wait
/// for Apple's answer.
///
/// Versions: 1 (keys and certificates), 2 (plus pending requests), 3 (every key records its ``KeyScope``), 4 (a
/// revoked key's tombstone, ``RevokedKey``, outlives its purge), 5 (App Store Connect API keys; written only while
/// the manifest holds one, so an older apnsctl refuses it rather than drop them or take one for an APNs key). Older manifests are read (their keys as
/// ``KeyScope/legacy``, without tombstones) and rewritten as version 4 by ``Keystore/migrateIfNeeded()``, which
/// `Keystore.open` runs (it gives each revoked key its tombstone); older apnsctl builds refuse a version 4 manifest
/// rather than rewrite it without the scopes or the tombstones.
public struct Manifest: Codable, Sendable, Equatable {
    /// The `format` marker.
    public static let formatName = "apnsctl-keystore"
    /// The newest schema version this build reads and writes.
    public static let currentVersion = 4

    public var format: String
    public var version: Int
    public var keys: [KeyRecord]
    public var certificates: [CertificateRecord]
    /// Certificate requests whose key waits for Apple's certificate (`apnsctl cert request`, `cert join`).
    public var pendingRequests: [PendingRequestRecord]
    /// Revoked keys, kept after their purge (oldest revocation first): never added again (``RevokedKey``).
    public var revokedKeys: [RevokedKey]
    /// App Store Connect API keys (`app_store_connect_keys`, written only when there is one): kept apart from
    /// ``keys`` so that nothing that picks an APNs key can ever pick one (``KeyKind``).
    public var appStoreConnectKeys: [KeyRecord] = []

    public init() {
        format = Self.formatName
        version = Self.currentVersion
        keys = []
        certificates = []
        pendingRequests = []
        revokedKeys = []
    }

    enum CodingKeys: String, CodingKey {
        case format, version, keys, certificates, pendingRequests = "pending_requests", revokedKeys = "revoked_keys"
        case appStoreConnectKeys = "app_store_connect_keys"
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        format = try container.decode(String.self, forKey: .format)
        version = try container.decode(Int.self, forKey: .version)
        keys = try container.decode([KeyRecord].self, forKey: .keys)
        certificates = try container.decode([CertificateRecord].self, forKey: .certificates)
        pendingRequests = try container.decodeIfPresent([PendingRequestRecord].self, forKey: .pendingRequests) ?? []
        revokedKeys = try container.decodeIfPresent([RevokedKey].self, forKey: .revokedKeys) ?? []
        appStoreConnectKeys = try container.decodeIfPresent([KeyRecord].self, forKey: .appStoreConnectKeys) ?? []
    }

    /// True when this manifest was read from an older version and must be rewritten as ``currentVersion``.
    public var needsMigration: Bool { version < Self.currentVersion }

    /// Writes ``currentVersion`` (``appStoreConnectVersion`` with App Store Connect keys); `pending_requests` only
    /// when a request is pending; `revoked_keys` always; `app_store_connect_keys` only when there is one.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(format, forKey: .format)
        try container.encode(writtenVersion, forKey: .version)
        if !appStoreConnectKeys.isEmpty { try container.encode(appStoreConnectKeys, forKey: .appStoreConnectKeys) }
        try container.encode(keys, forKey: .keys)
        try container.encode(certificates, forKey: .certificates)
        if !pendingRequests.isEmpty { try container.encode(pendingRequests, forKey: .pendingRequests) }
        try container.encode(revokedKeys, forKey: .revokedKeys)
    }

    /// The key with `keyID`, if present.
    public func key(_ keyID: String) -> KeyRecord? { keys.first { $0.keyID == keyID } }

    /// The key with `keyID`, or a keystore error naming it.
    public func requireKey(_ keyID: String) throws -> KeyRecord {
        guard let key = key(keyID) else {
            if let revoked = revokedKeys.first(where: { $0.keyID == keyID }) {
                throw APNsError.keystore("key \(keyID): not in the keystore: revoked on \(revoked.revokedOn) and purged "
                                         + "(only its tombstone is kept)",
                                         hint: "a revoked key is never used again; its id is kept so that it never comes back")
            }
            throw APNsError.keystore("key \(keyID): not in the keystore",
                                     remedy: KeystoreRemedy.listKeys)
        }
        return key
    }

    /// Team ids with at least one key, sorted.
    public var teams: [String] { Array(Set(keys.map(\.teamID))).sorted() }

    /// The active keys of `team` (one per slot, ``ActiveKeyRule``).
    public func activeKeys(team: String) -> [KeyRecord] {
        keys.filter { $0.teamID == team && $0.state == .active }
    }

    /// The active keys of `team`, or a keystore error saying why there is none.
    public func requireActiveKeys(team: String, keystore: String) throws -> [KeyRecord] {
        let active = activeKeys(team: team)
        if !active.isEmpty { return active }
        if teams.contains(team) {
            throw APNsError.keystore("team \(team) has no active key",
                                     remedy: KeystoreRemedy.activateKey(team: team))
        }
        throw APNsError.keystore("team \(team): no keys in \(keystore)",
                                 remedy: KeystoreRemedy.importKey(team: team))
    }

    /// The only team with keys; an error when there are none or several.
    public func onlyTeam(keystore: String) throws -> String {
        switch teams.count {
        case 1: return teams[0]
        case 0: throw APNsError.keystore("\(keystore) holds no keys",
                                         remedy: KeystoreRemedy.importKey(team: nil))
        default: throw APNsError.usage("the keystore holds keys of \(teams.count) teams (\(teams.joined(separator: ", ")))",
                                       remedy: KeystoreRemedy.chooseTeam)
        }
    }

    /// Replaces the record with the same key id.
    mutating func update(_ record: KeyRecord) {
        if let index = keys.firstIndex(where: { $0.keyID == record.keyID }) {
            keys[index] = record
        } else {
            keys.append(record)
            keys.sort { ($0.teamID, $0.createdAt, $0.keyID) < ($1.teamID, $1.createdAt, $1.keyID) }
        }
    }

    /// Problems that would make this manifest unusable; empty when it is sound.
    public var problems: [String] {
        var found = [String]()
        if format != Self.formatName { found.append("format is \(format), not \(Self.formatName)") }
        var seen = Set<String>()
        for key in keys where !seen.insert(key.keyID).inserted { found.append("key \(key.keyID) listed twice") }
        var requests = Set<String>()
        for request in pendingRequests where !requests.insert(request.id).inserted {
            found.append("certificate request \(request.id) listed twice")
        }
        found += ActiveKeyRule.conflicts(keys).map(\.description)
        found += revocationProblems + appStoreConnectProblems
        return found
    }

    /// Decodes `keystore.json`, naming `path` in errors (public for the fuzz target `fuzz-manifest`).
    public static func decode(_ bytes: [UInt8], path: String) throws -> Manifest {
        let manifest: Manifest
        do {
            manifest = try KeystoreJSON.decoder.decode(Manifest.self, from: Data(bytes))
        } catch {
            throw APNsError.keystore("\(path): not a readable keystore manifest (\(error))",
                                     hint: "restore it from a backup; the key files in keys/ are untouched")
        }
        guard manifest.version <= Self.appStoreConnectVersion else {
            throw KeystoreFormatError.newerThanUnderstood(path: path, version: manifest.version,
                                                          understood: Self.appStoreConnectVersion)
        }
        if let problem = manifest.problems.first {
            throw APNsError.keystore("\(path): \(problem)", hint: "edit keystore.json by hand or restore a backup")
        }
        return manifest
    }
}

/// The JSON conventions of keystore files: ISO 8601 dates, sorted keys.
enum KeystoreJSON {
    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()

    static func encode<T: Encodable>(_ value: T, pretty: Bool = true) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                                          : [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return Array(try encoder.encode(value))
    }
}
