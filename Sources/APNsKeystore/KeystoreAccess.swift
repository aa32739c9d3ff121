import APNsCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Whether this user can reach the keystore at a path: it is there, it is not, or the operating system refused
/// (another user's keystore, 0700: a cron job running as the wrong user). "No keystore here" is said only when
/// there is none; a refusal names the directory, its owner and its mode.
public enum KeystoreAccess: Sendable, Equatable {
    /// `keystore.json` is there and readable.
    case present
    /// There is no `keystore.json` (or no directory).
    case absent
    /// Permission denied at `path` (the keystore directory, a parent, or the manifest), owned by `owner` with
    /// permission bits `mode`.
    case denied(path: String, owner: String, mode: UInt32)

    /// What the file system says about one path, for ``classify(root:facts:)``.
    public struct Facts: Sendable, Equatable {
        /// The errno of stat(2); 0 when it succeeded.
        public var statError: Int32
        /// Owner name (or uid) and permission bits, when stat succeeded.
        public var owner: String
        public var mode: UInt32
        /// True when this user may search (directories) or read (files) it: access(2) with X_OK or R_OK.
        public var usable: Bool

        public init(statError: Int32, owner: String = "", mode: UInt32 = 0, usable: Bool = true) {
            self.statError = statError
            self.owner = owner
            self.mode = mode
            self.usable = usable
        }
    }

    /// Checks `root` on the real file system.
    public static func check(_ root: String) -> KeystoreAccess {
        classify(root: root) { path, isFile in Self.facts(path, isFile: isFile) }
    }

    /// The classification, pure given `facts` (path, is the manifest) → what stat(2) and access(2) say.
    public static func classify(root: String, facts: (String, Bool) -> Facts) -> KeystoreAccess {
        let manifest = root + "/" + KeystoreLocation.manifestName
        let found = facts(manifest, true)
        switch found.statError {
        case 0:
            return found.usable ? .present : .denied(path: manifest, owner: found.owner, mode: found.mode)
        case EACCES:
            // Some directory on the way cannot be searched: the deepest one that can be looked at is the culprit.
            var directory = root
            while true {
                let info = facts(directory, false)
                if info.statError == 0 && !info.usable {
                    return .denied(path: directory, owner: info.owner, mode: info.mode)
                }
                let parent = URL(fileURLWithPath: directory).deletingLastPathComponent().path
                if parent == directory || parent.isEmpty { break }
                directory = parent
            }
            return .denied(path: root, owner: "another user", mode: 0)
        default:
            return .absent
        }
    }

    /// The keystore error for a refusal (exit 5): `PATH: permission denied (owned by root, 0700)`; nil otherwise.
    public var error: APNsError? {
        guard case .denied(let path, let owner, let mode) = self else { return nil }
        let facts = mode == 0 ? "owned by \(owner)" : "owned by \(owner), \(PermissionProblem.octal(mode))"
        return APNsError.keystore("\(path): permission denied (\(facts))",
                                  remedy: KeystoreRemedy.runAsOwner(owner))
    }

    private static func facts(_ path: String, isFile: Bool) -> Facts {
        var info = stat()
        guard stat(path, &info) == 0 else { return Facts(statError: errno) }
        let owner = getpwuid(info.st_uid).flatMap { $0.pointee.pw_name.map { String(cString: $0) } } ?? "uid \(info.st_uid)"
        return Facts(statError: 0, owner: owner, mode: UInt32(info.st_mode) & 0o7777,
                     usable: access(path, isFile ? R_OK : X_OK) == 0)
    }
}
