import APNsCore
import APNsModel
import APNsTokens
import Crypto
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Keystore {
    /// Adds a signing key for `team` under `keyID`. It starts active when none of its slots has an active key
    /// (``ActiveKeyRule``), staged otherwise.
    ///
    /// Re-importing the same key material under the same id changes nothing; an id that exists with different
    /// material, or material already stored under another id, is refused. `storedPEM` is what goes to disk
    /// (plain or encrypted PKCS#8); nil stores `material`'s plain PKCS#8. `scope` is what the portal was told
    /// (``KeyScope/legacy`` when unknown). Importing a stored key again with a declared scope records that scope
    /// when the stored one is legacy; a declared scope that contradicts the recorded one is refused.
    ///
    /// Refused too (exit 5): a key id or key material that was ever revoked (``RevokedKey``, with the date), and a
    /// related key Apple does not allow (``KeyRelation``).
    public func addKey(_ material: SigningKeyMaterial, team: String, keyID: String, origin: KeyOrigin,
                       scope: KeyScope = .legacy, storedPEM: String? = nil,
                       encrypted: Bool = false) throws -> KeyImportResult {
        try AppleIdentifier.validate(team, as: .team)
        try AppleIdentifier.validate(keyID, as: .keyID)
        let action = origin == .generated ? "key.generate" : "key.import"
        return try change(action: action, team: team, keyID: keyID) { manifest, change in
            // A revocation is permanent: neither the id nor the material comes back, purged or not.
            if let revoked = manifest.revocation(keyID: keyID, fingerprint: material.fingerprint) {
                throw revoked.refusal(keyID: keyID)
            }
            if let existing = manifest.key(keyID) {
                guard existing.fingerprint == material.fingerprint else {
                    throw APNsError.keystore("key \(keyID) is already in the keystore with different key material",
                                             hint: "check the file; a key id names one key forever")
                }
                guard existing.teamID == team else {
                    throw APNsError.keystore("key \(keyID) is already in the keystore for team \(existing.teamID)",
                                             remedy: KeystoreRemedy.keyBelongsToTeam(existing.teamID))
                }
                if scope.source != .legacy && existing.scope != scope {
                    guard existing.scope.source == .legacy else {
                        throw APNsError.keystore("key \(keyID) is already recorded as \(existing.scope.summary), "
                                                 + "not \(scope.summary)",
                                                 hint: "a key's scope is fixed when Apple creates it; check the "
                                                     + "key in Apple's developer portal")
                    }
                    try KeyRelation.check(keyID: keyID, team: team, scope: scope, among: manifest.keys)
                    var updated = existing
                    updated.scope = scope
                    manifest.update(updated)
                    change.detail = "already present; scope recorded: \(scope.summary)"
                    return KeyImportResult(key: updated, alreadyPresent: true, scopeRecorded: true)
                }
                change.detail = "already present (\(existing.state.rawValue)); nothing changed"
                return KeyImportResult(key: existing, alreadyPresent: true)
            }
            if let twin = manifest.keys.first(where: { $0.fingerprint == material.fingerprint }) {
                throw APNsError.keystore("this key material is already stored as key \(twin.keyID) (team \(twin.teamID))",
                                         hint: "one key has one key id; check which file you meant")
            }
            try KeyRelation.check(keyID: keyID, team: team, scope: scope, among: manifest.keys)
            let now = clock.now()
            var record = KeyRecord(
                keyID: keyID, teamID: team, state: .staged, createdAt: now,
                activatedAt: nil, retiredAt: nil, verifyUntil: nil, revokedAt: nil,
                file: KeystoreLayout.keyFile(keyID), encrypted: encrypted, origin: origin,
                registeredWithApple: origin == .imported,
                publicKey: Data(material.publicKeyDER).base64EncodedString(), fingerprint: material.fingerprint,
                scope: scope)
            if ActiveKeyRule.startsActive(record, among: manifest.keys) {
                record.state = .active
                record.activatedAt = now
            }
            change.write(record.file, Array((storedPEM ?? material.pkcs8PEM).utf8), crashBefore: "before-key-file",
                         crashAfter: "after-key-file")
            manifest.update(record)
            change.detail = "\(record.state.rawValue), \(origin.rawValue)\(encrypted ? ", encrypted" : ""), "
                + "sha256 \(record.fingerprint.prefix(16)), scope \(scope.summary)"
            return KeyImportResult(key: record, alreadyPresent: false)
        }
    }

    /// Makes a new P-256 key for `team`, marked as not registered with Apple (for the mock server and tests).
    public func generateKey(team: String, keyID: String, scope: KeyScope = .legacy) throws -> KeyImportResult {
        try addKey(SigningKeyMaterial(P256.Signing.PrivateKey()), team: team, keyID: keyID, origin: .generated,
                   scope: scope)
    }

    /// The public key of `keyID`.
    public func publicKey(_ keyID: String) throws -> P256.Signing.PublicKey {
        try key(keyID).p256PublicKey()
    }

    /// Loads the private key of `record`, asking ``passphrase`` when it is stored encrypted.
    public func privateKey(of record: KeyRecord) throws -> P256.Signing.PrivateKey {
        let file = storage.objectLocation(record.file)
        let bytes: [UInt8]
        do {
            bytes = try storage.readObject(record.file, limit: 1 << 20)
        } catch let error as APNsError where error.status == .usage {
            // A fleet host without the key-encryption key: the key is fine, this host cannot open it (exit 2).
            throw APNsError.usage("key \(record.keyID): signing a new token needs the key-encryption key, which "
                                      + "this host does not have", hint: error.hint, remedy: error.remedy)
        } catch let error as APNsError {
            throw APNsError.keystore("key \(record.keyID): its file is missing or unreadable: \(error.message)",
                                     hint: "restore \(file) from a backup, or revoke and re-import the key")
        }
        let ask: (() throws -> String)?
        if let passphrase {
            ask = { try passphrase(record) }
        } else if record.encrypted {
            throw APNsError.usage("key \(record.keyID) is stored encrypted and no passphrase was given",
                                  remedy: SecretRemedy.passwordSource)
        } else {
            ask = nil
        }
        return try SigningKeyMaterial.parse(bytes, file: file, passphrase: ask).privateKey
    }
}

/// What an import or generation did.
public struct KeyImportResult: Sendable, Equatable {
    /// The key as recorded.
    public let key: KeyRecord
    /// True when the same key was already there (nothing changed unless ``scopeRecorded``).
    public let alreadyPresent: Bool
    /// True when the key was already there with a legacy scope and this import recorded the declared one.
    public var scopeRecorded = false
}

extension KeyRecord {
    /// The public key recorded in the manifest.
    public func p256PublicKey() throws -> P256.Signing.PublicKey {
        guard let der = Data(base64Encoded: publicKey),
              let key = try? P256.Signing.PublicKey(derRepresentation: der) else {
            throw APNsError.keystore("key \(keyID): the manifest's public key is unreadable",
                                     hint: "restore keystore.json from a backup")
        }
        return key
    }

    /// The public key as PEM.
    public func publicKeyPEM() throws -> String { try p256PublicKey().pemRepresentation }
}
