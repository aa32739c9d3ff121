/// The files of a keystore directory. See keystore/README.md for the format.
///
/// ```
/// keystore.json       manifest (0600)          keys/KEYID.p8      signing keys (0600, dir 0700)
/// audit.log           JSON lines (0600)        certs/ID.pem       certificates and keys (0600, dir 0700)
/// token-cache.json    cached tokens (0600)     .lock              flock target (0600)
///                                              requests/ID.key.pem keys of pending certificate requests (0600)
/// ```
public struct KeystoreLayout: Sendable, Equatable {
    /// The keystore directory.
    public let root: String

    public init(root: String) { self.root = root }

    public var manifest: String { root + "/keystore.json" }
    public var lock: String { root + "/.lock" }
    public var audit: String { root + "/audit.log" }
    public var tokenCache: String { root + "/token-cache.json" }
    public var keysDirectory: String { root + "/keys" }
    public var certificatesDirectory: String { root + "/certs" }
    /// Private keys of pending certificate requests (created with the first request).
    public var requestsDirectory: String { root + "/requests" }

    /// The relative path of a key's file.
    static func keyFile(_ keyID: String) -> String { "keys/\(keyID).p8" }

    /// An absolute path for a path relative to the keystore.
    public func absolute(_ relative: String) -> String { root + "/" + relative }

    /// Files the keystore owns outside keys/ and certs/ (README.md and .gitignore are not the keystore's).
    var topLevelFiles: [String] { [manifest, lock, audit, tokenCache] }
    /// Directories that must be 0700.
    var directories: [String] { [root, keysDirectory, certificatesDirectory, requestsDirectory] }
}
