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
    /// Records the destination already held, identical, left as they were.
    public let alreadyPresent: Int
}

extension Keystore {
    /// Copies every key, certificate and pending request of `source` that this keystore lacks, secrets included,
    /// in one audited change (`keystore.copy`). Idempotent: what is already here (the same key material under the
    /// same id, the same certificate) is left alone; a key id here with other material is refused (exit 5) and
    /// nothing is copied. The active-key rule holds across the copy: a copied active key that would share a slot
    /// with an active key here is refused too.
    public func copy(from source: Keystore) throws -> KeystoreCopyResult {
        let incoming = try source.manifest()
        return try change(action: "keystore.copy", team: nil, keyID: nil) { manifest, change in
            var keys = [String](), certificates = [String](), requests = [String](), present = 0
            for key in incoming.keys {
                if let existing = manifest.key(key.keyID) {
                    guard existing.fingerprint == key.fingerprint else {
                        throw APNsError.keystore("key \(key.keyID) is in both keystores with different key material",
                                                 hint: "a key id names one key forever: check which keystore is right")
                    }
                    present += 1
                    continue
                }
                change.write(key.file, try source.storage.readObject(key.file, limit: 1 << 20))
                manifest.update(key)
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
                + "\(requests.count) requests copied; \(present) already present"
            return KeystoreCopyResult(source: source.path, keys: keys, certificates: certificates, requests: requests,
                                      alreadyPresent: present)
        }
    }
}
