import APNsModel
import APNsCore
import APNsKeystore
import APNsTokens
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The keys a mock APNs trusts: a keystore's (when one is named, or the default location holds one) and keys
/// declared one by one, each with its scope.
public struct MockTrustRequest {
    /// The keystore location; its keys are trusted when it was named explicitly or holds a manifest.
    public var location: KeystoreLocation
    /// Opens the keystore.
    public var open: () throws -> Keystore
    /// Keys declared one by one (a public key or .p8 file each), for `teamID`.
    public var declared: [DeclaredKey]
    /// The team the declared keys belong to.
    public var teamID: String?

    /// A key declared by its file, with the scope to give it.
    public struct DeclaredKey: Sendable, Equatable {
        public var keyID: String
        public var path: String
        public var scope: KeyScope

        public init(keyID: String, path: String, scope: KeyScope) {
            self.keyID = keyID
            self.path = path
            self.scope = scope
        }
    }

    public init(location: KeystoreLocation, declared: [DeclaredKey] = [], teamID: String? = nil,
                open: @escaping () throws -> Keystore) {
        self.location = location
        self.declared = declared
        self.teamID = teamID
        self.open = open
    }
}

/// What the mock's validation policy takes: the trusted keys and each one's scope, and a keystore at the default
/// location that could not be read (not trusted, and worth a warning).
public struct MockTrust {
    public var keys: [TrustedKey]
    public var scopes: [String: KeyScope]
    /// The default-location keystore that was skipped, and why.
    public var skipped: (path: String, reason: String)?
}

/// Collects the mock's trusted keys: the keystore's staged, active and in-grace keys with their recorded scopes,
/// then the declared keys. A keystore named explicitly that cannot be read is an error (the library's); one at
/// the default location is skipped.
public enum MockTrustCollection {
    public static func collect(_ request: MockTrustRequest) throws -> MockTrust {
        var trust = try keystoreKeys(request)
        for key in request.declared {
            trust.keys.append(try TrustedKey(keyID: key.keyID, teamID: request.teamID ?? "", pemFile: key.path))
            trust.scopes[key.keyID] = key.scope
        }
        return trust
    }

    private static func keystoreKeys(_ request: MockTrustRequest) throws -> MockTrust {
        let location = request.location
        guard location.source == .flag
                || FileManager.default.fileExists(atPath: location.path + "/" + KeystoreLocation.manifestName) else {
            return MockTrust(keys: [], scopes: [:])
        }
        do {
            let opened = try request.open()
            let trusted = try opened.trustedKeys()
            let recorded = Dictionary(try opened.keys().map { ($0.keyID, $0.scope) }, uniquingKeysWith: { _, last in last })
            return MockTrust(keys: trusted, scopes: recorded.filter { keyID, _ in trusted.contains { $0.keyID == keyID } })
        } catch let error as APNsError where location.source != .flag {
            return MockTrust(keys: [], scopes: [:], skipped: (location.path, error.message))
        }
    }
}
