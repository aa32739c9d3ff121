import APNsCore
import Crypto
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// One line of the audit log. Never holds a secret: ids, states and error messages only.
///
/// JSON fields: `time` (ISO 8601), `action` (e.g. `key.import`, `key.rotate`), `team_id`, `key_ids` (every key
/// concerned: two for a two-key rotation), `key_id` (the key when there is exactly one; absent otherwise. Lines
/// written before `key_ids` existed named a rotation's keys in `key_id` as "A,B": they read as `key_ids`),
/// `outcome` (`ok` | `refused` | `failed` | `intent`), `detail` (what changed, or why it was refused), `actor`
/// (user@host); a change that edits the manifest also has `change_id`, and its `intent` line `manifest_sha256`.
///
/// A change is durable in the log before it is made: an `intent` line (with the SHA-256 of the manifest about to
/// be written) is appended and fsynced before the manifest write, and the outcome line with the same `change_id`
/// after. A process killed between the two leaves an intent alone; the next change (under the lock) and every
/// reader (``AuditLog/reconcile(_:currentManifestSHA256:)``) settle it by comparing the manifest on disk.
public struct AuditEntry: Codable, Sendable, Equatable {
    public var time: Date
    public var action: String
    public var teamID: String?
    /// Every key the entry concerns, in the order named (empty when none).
    public var keyIDs: [String]
    public var outcome: Outcome
    public var detail: String
    public var actor: String
    /// Pairs an `intent` line with its outcome line.
    public var changeID: String?
    /// On an `intent` line: the SHA-256 (hex) of the manifest the change writes.
    public var manifestSHA256: String?

    /// How an audited action ended; `intent` is a change announced before the manifest write.
    public enum Outcome: String, Codable, Sendable {
        case ok
        case refused
        case failed
        case intent
    }

    public init(time: Date, action: String, teamID: String?, keyID: String?, outcome: Outcome, detail: String,
                actor: String = AuditEntry.currentActor, changeID: String? = nil, manifestSHA256: String? = nil) {
        self.time = time
        self.action = action
        self.teamID = teamID
        self.keyIDs = Self.keyIDs(keyID)
        self.outcome = outcome
        self.detail = detail
        self.actor = actor
        self.changeID = changeID
        self.manifestSHA256 = manifestSHA256
    }

    /// The one key concerned; nil when none or several (see ``keyIDs``).
    public var keyID: String? { keyIDs.count == 1 ? keyIDs[0] : nil }

    /// The keys `keyID` names: a key id never holds a comma, so "A,B" (how a rotation of several keys names them,
    /// and how older audit lines wrote them) is several.
    static func keyIDs(_ keyID: String?) -> [String] {
        (keyID ?? "").split(separator: ",").map { String($0) }.filter { !$0.isEmpty }
    }

    enum CodingKeys: String, CodingKey {
        case time, action, teamID = "team_id", keyID = "key_id", keyIDs = "key_ids", outcome, detail, actor
        case changeID = "change_id", manifestSHA256 = "manifest_sha256"
    }

    /// Reads a line; one without `key_ids` (older) takes its keys from `key_id`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        time = try c.decode(Date.self, forKey: .time)
        action = try c.decode(String.self, forKey: .action)
        teamID = try c.decodeIfPresent(String.self, forKey: .teamID)
        keyIDs = try c.decodeIfPresent([String].self, forKey: .keyIDs)
            ?? Self.keyIDs(try c.decodeIfPresent(String.self, forKey: .keyID))
        outcome = try c.decode(Outcome.self, forKey: .outcome)
        detail = try c.decode(String.self, forKey: .detail)
        actor = try c.decode(String.self, forKey: .actor)
        changeID = try c.decodeIfPresent(String.self, forKey: .changeID)
        manifestSHA256 = try c.decodeIfPresent(String.self, forKey: .manifestSHA256)
    }

    /// Writes a line: `key_id` only for a single key, `key_ids` whenever a key is concerned.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(time, forKey: .time)
        try c.encode(action, forKey: .action)
        try c.encodeIfPresent(teamID, forKey: .teamID)
        try c.encodeIfPresent(keyID, forKey: .keyID)
        if !keyIDs.isEmpty { try c.encode(keyIDs, forKey: .keyIDs) }
        try c.encode(outcome, forKey: .outcome)
        try c.encode(detail, forKey: .detail)
        try c.encode(actor, forKey: .actor)
        try c.encodeIfPresent(changeID, forKey: .changeID)
        try c.encodeIfPresent(manifestSHA256, forKey: .manifestSHA256)
    }

    /// `user@host` of this process.
    public static var currentActor: String {
        let user = ProcessInfo.processInfo.environment["USER"]
            ?? getpwuid(getuid()).map { String(cString: $0.pointee.pw_name) } ?? "uid\(getuid())"
        return "\(user)@\(ProcessInfo.processInfo.hostName)"
    }
}

/// The append-only `audit.log`: one JSON object a line, appended with O_APPEND and fsynced.
struct AuditLog: Sendable {
    let path: String

    /// Appends one entry, fsynced before this returns.
    func append(_ entry: AuditEntry) throws {
        var line = try KeystoreJSON.encode(entry, pretty: false)
        line.append(UInt8(ascii: "\n"))
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw APNsError.keystore("\(path): cannot append to the audit log: \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        let written = line.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        guard written == line.count, fsync(fd) == 0 else {
            throw APNsError.keystore("\(path): cannot append to the audit log: \(String(cString: strerror(errno)))")
        }
    }

    /// The hex SHA-256 of manifest bytes, as `manifest_sha256` holds it.
    static func digest(_ bytes: [UInt8]) -> String {
        Hex.lower(SHA256.hash(data: bytes))
    }

    /// The log as people should read it: an intent whose outcome line exists is dropped (the outcome tells);
    /// an intent left alone by a killed process becomes `ok` when the manifest on disk is the one it announced
    /// (the change was committed), and stays `intent` otherwise (not committed, or still being made). Pure.
    static func reconcile(_ entries: [AuditEntry], currentManifestSHA256: String?) -> [AuditEntry] {
        let settled = Set(entries.filter { $0.outcome != .intent }.compactMap(\.changeID))
        return entries.compactMap { entry in
            guard entry.outcome == .intent else { return entry }
            guard let id = entry.changeID, !settled.contains(id) else { return nil }
            var shown = entry
            if let announced = entry.manifestSHA256, announced == currentManifestSHA256 {
                shown.outcome = .ok
                shown.detail += " (committed; the process making it was killed before its outcome line)"
            } else {
                shown.detail += " (announced, not committed: killed before the manifest write, or in progress)"
            }
            return shown
        }
    }

    /// Intents at the end of the log with no outcome line: left by a process killed mid-change. Every change
    /// settles these under the lock before its own intent, so only the last few lines need reading.
    func unsettledIntents() -> [AuditEntry] {
        let tail = Self.tail(of: path, bytes: 65_536)
        let entries = tail.split(separator: UInt8(ascii: "\n")).compactMap {
            try? KeystoreJSON.decoder.decode(AuditEntry.self, from: Data($0))
        }
        let settled = Set(entries.filter { $0.outcome != .intent }.compactMap(\.changeID))
        return entries.filter { $0.outcome == .intent && !settled.contains($0.changeID ?? "") }
    }

    /// The last `limit` bytes of the file at `path` (all of it when shorter; none when it cannot be read).
    private static func tail(of path: String, bytes limit: Int) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return [] }
        defer { close(fd) }
        let size = lseek(fd, 0, SEEK_END)
        guard size >= 0, lseek(fd, size > off_t(limit) ? size - off_t(limit) : 0, SEEK_SET) >= 0 else { return [] }
        var bytes = [UInt8](), buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = read(fd, &buffer, buffer.count)
            if n < 0, errno == EINTR { continue }
            if n <= 0 { break }
            bytes.append(contentsOf: buffer[0..<n])
        }
        return bytes
    }

    /// Every readable entry, oldest first, at or after `since`. A line cut short by a crash is skipped.
    func entries(since: Date? = nil) throws -> [AuditEntry] {
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        let bytes = try SecureFile.read(path, limit: 256 << 20, offerStandardInput: false)
        var result = [AuditEntry]()
        for line in bytes.split(separator: UInt8(ascii: "\n")) {
            guard let entry = try? KeystoreJSON.decoder.decode(AuditEntry.self, from: Data(line)) else { continue }
            if let since, entry.time < since { continue }
            result.append(entry)
        }
        return result
    }
}
