import APNsCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One line of the audit log. Never holds a secret: ids, states and error messages only.
///
/// JSON fields: `time` (ISO 8601), `action` (e.g. `key.import`, `key.rotate`), `team_id`, `key_id`,
/// `outcome` (`ok` | `refused` | `failed`), `detail` (what changed, or why it was refused), `actor` (user@host).
public struct AuditEntry: Codable, Sendable, Equatable {
    public var time: Date
    public var action: String
    public var teamID: String?
    public var keyID: String?
    public var outcome: Outcome
    public var detail: String
    public var actor: String

    /// How an audited action ended.
    public enum Outcome: String, Codable, Sendable {
        case ok
        case refused
        case failed
    }

    public init(time: Date, action: String, teamID: String?, keyID: String?, outcome: Outcome, detail: String,
                actor: String = AuditEntry.currentActor) {
        self.time = time
        self.action = action
        self.teamID = teamID
        self.keyID = keyID
        self.outcome = outcome
        self.detail = detail
        self.actor = actor
    }

    enum CodingKeys: String, CodingKey {
        case time, action, teamID = "team_id", keyID = "key_id", outcome, detail, actor
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

    /// Appends one entry. Written after the change it records is durable.
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

    /// Every readable entry, oldest first, at or after `since`. A line cut short by a crash is skipped.
    func entries(since: Date? = nil) throws -> [AuditEntry] {
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        let bytes = try SecureFile.read(path, limit: 256 << 20)
        var result = [AuditEntry]()
        for line in bytes.split(separator: UInt8(ascii: "\n")) {
            guard let entry = try? KeystoreJSON.decoder.decode(AuditEntry.self, from: Data(line)) else { continue }
            if let since, entry.time < since { continue }
            result.append(entry)
        }
        return result
    }
}
