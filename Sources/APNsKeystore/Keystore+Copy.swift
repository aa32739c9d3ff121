import APNsCore

/// What `keystore copy` did.
public struct KeystoreCopyResult: Sendable, Equatable {
    /// Where the records came from.
    public let source: String
    /// Key ids copied (with their material, states and scopes).
    public let keys: [String]
    /// Certificate ids copied (with their files).
    public let certificates: [String]
    /// Pending certificate requests copied (with their keys).
    public let requests: [String]
    /// Revoked keys whose tombstones (``RevokedKey``) were copied.
    public let revokedKeys: [String]
    /// How many records the destination already held, identical, left as they were.
    public let alreadyPresentCount: Int
}

extension Keystore {
    /// Copies every key, certificate and pending request of `source` that this keystore lacks, secrets included,
    /// in one audited change (`keystore.copy`). Idempotent: what is already here (the same key material under the
    /// same id, the same certificate) is left alone; a key id here with other material is refused (exit 5) and
    /// nothing is copied. The active-key rule holds across the copy: a copied active key that would share a slot
    /// with an active key here is refused too. Revocations travel both ways: the source's tombstones are copied,
    /// and a key revoked here (by id or by material) that the source still holds unrevoked is refused.
    public func copy(from source: Keystore) throws -> KeystoreCopyResult {
        let incoming = try source.manifest()
        return try change(action: "keystore.copy", team: nil, keyID: nil) { manifest, change in
            var keys = [String](), certificates = [String](), requests = [String](), revoked = [String](), present = 0
            for tombstone in incoming.revokedKeys {
                if manifest.revokedKeys.contains(where: { $0.keyID == tombstone.keyID }) { present += 1; continue }
                manifest.revokedKeys.append(tombstone)
                revoked.append(tombstone.keyID)
            }
            manifest.revokedKeys.sort { ($0.revokedAt, $0.keyID) < ($1.revokedAt, $1.keyID) }
            // App Store Connect keys too, into their own list (``Manifest/appStoreConnectKeys``).
            for key in incoming.keys + incoming.appStoreConnectKeys {
                if key.state != .revoked,
                   let tombstone = manifest.revocation(keyID: key.keyID, fingerprint: key.fingerprint) {
                    throw tombstone.refusal(keyID: key.keyID)
                }
                if let existing = manifest.anyKey(key.keyID) {
                    guard existing.fingerprint == key.fingerprint, existing.kind == key.kind else {
                        throw APNsError.keystore("key \(key.keyID) is in both keystores with different key material or kind",
                                                 hint: "a key id names one key forever: check which keystore is right")
                    }
                    present += 1
                    continue
                }
                change.write(key.file, try source.storage.readObject(key.file, limit: 1 << 20))
                if key.kind.isAppStoreConnect { manifest.updateAppStoreConnectKey(key) } else { manifest.update(key) }
                keys.append(key.keyID)
            }
            for certificate in incoming.certificates {
                if manifest.certificates.contains(where: { $0.id == certificate.id }) { present += 1; continue }
                for file in [certificate.certificateFile, certificate.keyFile] {
                    change.write(file, try source.storage.readObject(file, limit: 16 << 20))
                }
                manifest.certificates.append(certificate)
                certificates.append(certificate.id)
            }
            manifest.certificates.sort { ($0.notAfter, $0.id) < ($1.notAfter, $1.id) }
            for request in incoming.pendingRequests {
                if manifest.pendingRequests.contains(where: { $0.id == request.id }) { present += 1; continue }
                change.write(request.keyFile, try source.storage.readObject(request.keyFile, limit: 1 << 20))
                manifest.pendingRequests.append(request)
                requests.append(request.id)
            }
            manifest.pendingRequests.sort { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
            change.detail = "from \(source.path): \(keys.count) keys, \(certificates.count) certificates, "
                + "\(requests.count) requests, \(revoked.count) revoked-key tombstones copied; \(present) already present"
            return KeystoreCopyResult(source: source.path, keys: keys, certificates: certificates, requests: requests,
                                      revokedKeys: revoked, alreadyPresentCount: present)
        }
    }
}
