import APNsCore

/// What to do about a fleet (etcd) keystore's refusal, as a value: the command line words it with its verbs and
/// options (``APNsError/remedy``); the token agent and the exporter log the message alone.
public enum FleetRemedy: Remedy, Equatable {
    /// The keystore kept changing under a commit: try again, and see the audit log for the other hosts' changes.
    case retryCommit
    /// Another host holds the operation lock: wait, and look at the keys.
    case waitForOperation
    /// No keystore at `location`: create one with a key-encryption key.
    case createKeystore(location: String)
    /// The key-encryption key is needed and was not given.
    case giveKEK
    /// No key-encryption key for a new keystore: make one and give it.
    case makeKEK
    /// An object (`keystore: false`) or the key-encryption key record (`keystore: true`) is missing or damaged:
    /// restore the keystore from a copy.
    case restoreFromCopy(keystore: Bool)
    /// A token agent was pointed at a directory keystore: processes on one machine share its token.
    case useTheKeystoresToken
    /// The key-encryption key given does not open the keystore: give the one it was made with.
    case giveTheInitKEK
    /// `location` already holds a keystore: use it, or choose another prefix.
    case useExisting(location: String)
    /// An etcd user was named without a password.
    case giveEtcdPassword
}

/// A fleet keystore refused the key-encryption key given: it is of another kind (a 32-byte key, a passphrase) than
/// the one the keystore was made with. The command line words it with its option.
public struct KEKKindMismatch: Error, Sendable, Equatable, CustomStringConvertible {
    /// The keystore's location.
    public var keystore: String
    /// True when the keystore's key-encryption key is a 32-byte key (false: a passphrase).
    public var storedIsRaw: Bool

    public init(keystore: String, storedIsRaw: Bool) {
        self.keystore = keystore
        self.storedIsRaw = storedIsRaw
    }

    /// What the keystore's key-encryption key is, in words.
    public var storedKind: String { storedIsRaw ? "32-byte key" : "passphrase" }

    public var description: String {
        "\(keystore): this keystore's key-encryption key is a \(storedKind), not what the key-encryption key file holds"
    }
}
