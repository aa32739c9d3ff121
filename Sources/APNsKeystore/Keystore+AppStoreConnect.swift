import APNsCore
import APNsModel
import APNsTokens
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where a keystore keeps its App Store Connect tokens, shared by every process (a directory: a file under its
/// flock; etcd: one sealed record under a lock). A storage without it signs a new token every time.
public protocol AppStoreConnectTokenStorage: Sendable {
    /// Runs `body` on the App Store Connect token cache with every other user kept out; stores it back if changed.
    func withAppStoreConnectTokens<T>(_ body: (inout AppStoreConnectTokenCache) throws -> T) throws -> T
}

/// A token and whether it came from the shared cache.
public struct AppStoreConnectIssuedToken: Sendable, Equatable {
    public var token: AppStoreConnectToken
    /// The key that signed it.
    public var key: KeyRecord
    /// True when the shared cache held it (signed earlier, by this or another process).
    public var cached: Bool
}

extension Keystore {
    /// Adds an App Store Connect API key: a team key with `issuerID` (a UUID), or an individual key (nil). Kept like
    /// an APNs key: the same change writes its material (sealed by a fleet store), audited as `asc.key.import`.
    ///
    /// Importing the same key again changes nothing; an id or material the keystore holds (as either kind) with
    /// other material, another issuer or another kind is refused (exit 5), and so is a key id or material that
    /// was ever revoked (``RevokedKey``).
    public func addAppStoreConnectKey(_ material: SigningKeyMaterial, keyID: String, issuerID: String?,
                                      storedPEM: String? = nil, encrypted: Bool = false) throws -> KeyImportResult {
        try AppleIdentifier.validate(keyID, as: .keyID)
        let issuer = try issuerID.map(AppStoreConnectIssuerID.validate)
        let kind: KeyKind = issuer == nil ? .appStoreConnectIndividual : .appStoreConnectTeam
        return try change(action: "asc.key.import", team: nil, keyID: keyID) { manifest, change in
            if let revoked = manifest.revocation(keyID: keyID, fingerprint: material.fingerprint) {
                throw revoked.refusal(keyID: keyID)
            }
            if let existing = manifest.anyKey(keyID) {
                guard existing.fingerprint == material.fingerprint, existing.kind == kind, existing.issuerID == issuer else {
                    let what = existing.fingerprint != material.fingerprint ? "with different key material"
                        : "as an \(existing.kind.words) key" + (existing.issuerID.map { " of issuer \($0)" } ?? "")
                    throw APNsError.keystore("key \(keyID) is already in the keystore \(what)",
                                             hint: "a key id names one key forever; check the file and the issuer id")
                }
                change.detail = "already present; nothing changed"
                return KeyImportResult(key: existing, alreadyPresent: true)
            }
            if let twin = manifest.anyKey(fingerprint: material.fingerprint) {
                throw APNsError.keystore("this key material is already stored as \(twin.kind.words) key \(twin.keyID)",
                                         hint: "one key has one key id; check which file you meant")
            }
            let now = clock.now()
            var record = KeyRecord(
                keyID: keyID, teamID: "", state: .active, createdAt: now, activatedAt: now, retiredAt: nil,
                verifyUntil: nil, revokedAt: nil, file: KeystoreLayout.keyFile(keyID), encrypted: encrypted,
                origin: .imported, registeredWithApple: true,
                publicKey: Data(material.publicKeyDER).base64EncodedString(), fingerprint: material.fingerprint,
                scope: .legacy)
            record.kind = kind
            record.issuerID = issuer
            change.write(record.file, Array((storedPEM ?? material.pkcs8PEM).utf8), crashBefore: "before-key-file",
                         crashAfter: "after-key-file")
            manifest.updateAppStoreConnectKey(record)
            change.detail = "\(kind.rawValue)" + (issuer.map { ", issuer \($0)" } ?? "")
                + "\(encrypted ? ", encrypted" : ""), sha256 \(record.fingerprint.prefix(16))"
            return KeyImportResult(key: record, alreadyPresent: false)
        }
    }

    /// The App Store Connect keys, oldest first (revoked ones too, until purged).
    public func appStoreConnectKeys() throws -> [KeyRecord] { try manifest().appStoreConnectKeys }

    /// Revokes key `keyID` of either kind: an APNs key as ``revoke(_:force:)`` does; an App Store Connect key at
    /// once (it holds no slot), with the same tombstone, and its cached token dropped.
    @discardableResult
    public func revokeAnyKind(_ keyID: String, force: Bool = false) throws -> KeyRecord {
        guard try manifest().appStoreConnectKey(keyID) != nil else { return try revoke(keyID, force: force) }
        let record = try change(action: "asc.key.revoke", team: nil, keyID: keyID) { manifest, change in
            guard var record = manifest.appStoreConnectKey(keyID) else { return try manifest.requireKey(keyID) }
            guard record.state != .revoked else {
                throw APNsError.keystore("key \(keyID) is already revoked", remedy: KeystoreRemedy.purge(keyID))
            }
            record.state = .revoked
            record.revokedAt = clock.now()
            manifest.updateAppStoreConnectKey(record)
            manifest.recordRevocation(of: record, at: clock.now(), by: AuditEntry.currentActor)
            change.detail = "\(record.kind.rawValue); revoked for good (sha256 \(record.fingerprint.prefix(16)))"
            return record
        }
        try? (storage as? any AppStoreConnectTokenStorage)?.withAppStoreConnectTokens { $0.drop(keyID: keyID) }
        return record
    }

    /// Purges key `keyID` of either kind: an APNs key as ``purge(_:)`` does; a revoked App Store Connect key's
    /// material the same way (shredded first, then its record goes; its tombstone stays).
    public func purgeAnyKind(_ keyID: String) throws {
        guard try manifest().appStoreConnectKey(keyID) != nil else { return try purge(keyID) }
        try change(action: "asc.key.purge", team: nil, keyID: keyID) { manifest, change in
            guard let record = manifest.appStoreConnectKey(keyID) else { _ = try manifest.requireKey(keyID); return }
            try KeyTransition.checkPurge(record)
            change.shredBefore.append((record.file, crashBefore: "before-shred"))
            manifest.appStoreConnectKeys.removeAll { $0.keyID == keyID }
            manifest.recordRevocation(of: record, at: clock.now(), by: nil)
            change.detail = "\(record.kind.rawValue), sha256 \(record.fingerprint.prefix(16)); material removed; "
                + "tombstone kept"
        }
    }

    /// A token of the App Store Connect key `keyID` (nil: the only one): the shared cache's while it has at least
    /// ``AppStoreConnectTokenCache/renewalMargin`` left, else a new one (20 minutes) stored there for every process.
    /// The key judge decides first (``KeyJudgement``): an APNs key, a revoked or purged key never signs one.
    public func appStoreConnectToken(keyID: String?) throws -> AppStoreConnectIssuedToken {
        let record = try manifest().appStoreConnectSigningKey(keyID, keystore: path)
        let now = clock.now()
        let sign = { () throws -> AppStoreConnectToken in
            try AppStoreConnectToken.sign(keyID: record.keyID, issuerID: record.issuerID, issuedAt: now,
                                          key: try privateKey(of: record))
        }
        guard let shared = storage as? any AppStoreConnectTokenStorage else {
            return AppStoreConnectIssuedToken(token: try sign(), key: record, cached: false)
        }
        return try shared.withAppStoreConnectTokens { cache in
            if let token = cache.usable(keyID: record.keyID, issuerID: record.issuerID, now: now) {
                return AppStoreConnectIssuedToken(token: token, key: record, cached: true)
            }
            // Read again under the lock: a revocation made meanwhile is never signed past.
            _ = try manifest().appStoreConnectSigningKey(record.keyID, keystore: path)
            let token = try sign()
            cache.store(token)
            return AppStoreConnectIssuedToken(token: token, key: record, cached: false)
        }
    }
}

extension DirectoryStorage: AppStoreConnectTokenStorage {
    /// `asc-token-cache.json` (0600) beside `token-cache.json`, read and written under the keystore's flock.
    public func withAppStoreConnectTokens<T>(_ body: (inout AppStoreConnectTokenCache) throws -> T) throws -> T {
        let lock = try KeystoreLock(path: layout.lock, timeout: lockTimeout)
        defer { withExtendedLifetime(lock) {} }
        let path = layout.root + "/asc-token-cache.json"
        let before = (try? SecureFile.read(path, limit: 1 << 20)).flatMap {
            try? KeystoreJSON.decoder.decode(AppStoreConnectTokenCache.self, from: Data($0))
        } ?? AppStoreConnectTokenCache()
        var cache = before
        let result = try body(&cache)
        if cache != before { try SecureFile.write(try KeystoreJSON.encode(cache), to: path, mode: 0o600, overwrite: true) }
        return result
    }
}
