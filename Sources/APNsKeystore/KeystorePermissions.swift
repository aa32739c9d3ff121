import APNsCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// One file or directory of the keystore whose owner or mode is unsafe.
public struct PermissionProblem: Sendable, Equatable, Codable {
    /// The path concerned.
    public var path: String
    /// Its mode now (permission bits).
    public var mode: UInt32
    /// The mode it must have: 0700 for directories, 0600 for files.
    public var expected: UInt32
    /// True when another user owns it (fix-permissions cannot repair that).
    public var foreignOwner: Bool

    /// "keys/ABC.p8 is 0644 (readable by group or others); must be 0600".
    public var summary: String {
        if foreignOwner { return "\(path) is owned by another user" }
        return "\(path) is \(Self.octal(mode)) (group or others have access); must be \(Self.octal(expected))"
    }

    static func octal(_ mode: UInt32) -> String { "0" + String(mode, radix: 8) }
}

/// ssh-style permission checks: a keystore whose secrets other users can reach is refused.
public enum KeystorePermissions {
    /// Every directory and secret file of `layout` with group/other permission bits or another owner.
    public static func problems(_ layout: KeystoreLayout) -> [PermissionProblem] {
        var found = [PermissionProblem]()
        let uid = getuid()
        func check(_ path: String, directory: Bool) {
            var info = stat()
            guard lstat(path, &info) == 0 else { return }
            let mode = UInt32(info.st_mode) & 0o7777
            let expected: UInt32 = directory ? 0o700 : 0o600
            let foreign = info.st_uid != uid
            if foreign || mode & 0o077 != 0 {
                found.append(PermissionProblem(path: path, mode: mode, expected: expected, foreignOwner: foreign))
            }
        }
        for directory in layout.directories { check(directory, directory: true) }
        for file in layout.topLevelFiles { check(file, directory: false) }
        for directory in [layout.keysDirectory, layout.certificatesDirectory, layout.requestsDirectory] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            for name in names.sorted() { check(directory + "/" + name, directory: false) }
        }
        return found
    }

    /// Refuses the keystore when `problems` finds anything, naming the first path and the fix.
    static func enforce(_ layout: KeystoreLayout) throws {
        let found = problems(layout)
        guard let first = found.first else { return }
        let more = found.count > 1 ? " (and \(found.count - 1) more)" : ""
        if first.foreignOwner {
            throw APNsError.keystore("keystore \(layout.root): \(first.summary)\(more)",
                                     hint: "a keystore must belong to the user running apnsctl")
        }
        throw APNsError.keystore("keystore \(layout.root): unsafe permissions: \(first.summary)\(more)",
                                 remedy: KeystoreRemedy.fixPermissions(layout.root))
    }

    /// Sets directories to 0700 and files to 0600. Returns what was changed; throws for foreign owners.
    public static func fix(_ layout: KeystoreLayout) throws -> [PermissionProblem] {
        let found = problems(layout)
        for problem in found {
            if problem.foreignOwner {
                throw APNsError.keystore("\(problem.summary)", hint: "chown it to yourself first")
            }
            guard chmod(problem.path, mode_t(problem.expected)) == 0 else {
                throw APNsError.keystore("\(problem.path): cannot chmod: \(String(cString: strerror(errno)))")
            }
        }
        return found
    }
}
