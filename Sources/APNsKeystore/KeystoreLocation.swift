#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Which directory is the keystore, and why.
///
/// `--keystore PATH`, else `$APNSCTL_KEYSTORE`, else `./keystore` when it already holds a keystore (so running
/// from the repository root uses the repository's `keystore/`), else `$XDG_DATA_HOME/apnsctl`
/// (`~/.local/share/apnsctl`).
public struct KeystoreLocation: Sendable, Equatable {
    /// How the location was chosen. JSON values are the raw values.
    public enum Source: String, Sendable, Codable {
        case flag
        case environment
        case currentDirectory = "current_directory"
        case xdgDataHome = "xdg_data_home"
    }

    /// The keystore directory (absolute when the inputs were).
    public let path: String
    /// Why this directory.
    public let source: Source

    public init(path: String, source: Source) {
        self.path = path
        self.source = source
    }

    /// The environment variable that names a keystore.
    public static let environmentVariable = "APNSCTL_KEYSTORE"
    /// The file whose presence makes a directory a keystore.
    public static let manifestName = "keystore.json"

    /// Applies the lookup order. Pure apart from checking whether `./keystore/keystore.json` exists.
    public static func resolve(flag: String?, environment: [String: String] = ProcessInfo.processInfo.environment,
                               currentDirectory: String = FileManager.default.currentDirectoryPath) -> KeystoreLocation {
        if let flag, !flag.isEmpty {
            return KeystoreLocation(path: absolute(flag, in: currentDirectory), source: .flag)
        }
        if let named = environment[environmentVariable], !named.isEmpty {
            return KeystoreLocation(path: absolute(named, in: currentDirectory), source: .environment)
        }
        let local = absolute("keystore", in: currentDirectory)
        if KeystoreAccess.check(local) != .absent {   // there, or there but refused (said when it is opened)
            return KeystoreLocation(path: local, source: .currentDirectory)
        }
        let dataHome: String
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            dataHome = xdg
        } else {
            let home = environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path
            dataHome = home + "/.local/share"
        }
        return KeystoreLocation(path: dataHome + "/apnsctl", source: .xdgDataHome)
    }

    /// True for a directory keystore; false for a URL (`etcd://…`), which names a fleet keystore.
    public var isDirectory: Bool { !path.contains("://") }

    static func absolute(_ path: String, in directory: String) -> String {
        if path.contains("://") { return path }
        let joined = path.hasPrefix("/") ? path : directory + "/" + path
        return URL(fileURLWithPath: joined).standardizedFileURL.path
    }
}
