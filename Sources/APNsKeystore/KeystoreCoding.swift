import APNsTokens
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The byte forms of the keystore's records, for storages that keep them elsewhere than the directory (the same
/// JSON as `keystore.json`, `audit.log` lines and `token-cache.json`: ISO 8601 dates, sorted keys).
public enum KeystoreCoding {
    /// The manifest as stored (pretty JSON).
    public static func encode(_ manifest: Manifest) throws -> [UInt8] { try KeystoreJSON.encode(manifest) }

    /// One audit entry (compact JSON, no newline).
    public static func encode(_ entry: AuditEntry) throws -> [UInt8] { try KeystoreJSON.encode(entry, pretty: false) }

    /// An audit entry from its JSON.
    public static func decodeAuditEntry(_ bytes: [UInt8]) throws -> AuditEntry {
        try KeystoreJSON.decoder.decode(AuditEntry.self, from: Data(bytes))
    }

    /// The token cache as stored.
    public static func encode(_ cache: TokenCache) throws -> [UInt8] { try KeystoreJSON.encode(cache) }

    /// The hex SHA-256 a manifest's `intent` line names.
    public static func digest(_ bytes: [UInt8]) -> String { AuditLog.digest(bytes) }
}
