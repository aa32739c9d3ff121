import APNsCore
import APNsKeystore
import APNsKeystoreEtcd
import APNsTokenAgent
import APNsTokens
#if canImport(Glibc)
import Glibc
#endif

/// The token agent assembled from what it was told: the refresh interval read, the files' group looked up, the
/// signer (only with the key-encryption key at hand) and the fleet keystore's token feed.
public enum TokenAgentSetup {
    /// What the agent is to do, and where.
    public struct Input: Sendable {
        /// The directory of the token files.
        public var directory: String
        /// The group (a name or a number) the token files are given to; nil for the agent's own.
        public var group: String?
        /// Where to write the agent's state as Prometheus text; nil for nowhere.
        public var metricsFile: String?
        /// Whether the agent also signs (needs the key-encryption key).
        public var sign: Bool
        /// How old a token is re-signed, in minutes as given (``RefreshInterval``'s text).
        public var refreshAfter: String
        /// Read, write (and sign) once, then return.
        public var once: Bool
        /// Seconds between the agent's checks (at least 0.05).
        public var checkInterval: Double
        /// The fleet keystore.
        public var location: KeystoreLocation
        /// How to reach it.
        public var access: FleetAccess
        /// Opens the keystore (called only to sign).
        public var open: @Sendable () throws -> Keystore

        public init(directory: String, group: String? = nil, metricsFile: String? = nil, sign: Bool = false,
                    refreshAfter: String = "50", once: Bool = false, checkInterval: Double = 1,
                    location: KeystoreLocation, access: FleetAccess, open: @escaping @Sendable () throws -> Keystore) {
            self.directory = directory
            self.group = group
            self.metricsFile = metricsFile
            self.sign = sign
            self.refreshAfter = refreshAfter
            self.once = once
            self.checkInterval = checkInterval
            self.location = location
            self.access = access
            self.open = open
        }
    }

    /// The agent for `input`, reporting each event to `report`. Throws the refresh interval's error, then
    /// ``TokenAgentSetupError``, then the keystore's.
    public static func agent(_ input: Input, report: @escaping @Sendable (TokenAgent.Event) -> Void) throws -> TokenAgent {
        let interval = try RefreshInterval(parsing: input.refreshAfter)
        let gid = try input.group.map(groupID)
        if input.sign, input.access.filled().kekFile == nil { throw TokenAgentSetupError.signingNeedsKEK }
        let signer = input.sign ? AgentSigner(keystore: try input.open(), refreshAfter: interval) : nil
        let feed = try KeystoreStores.tokenFeed(input.location, access: input.access, watchesManifest: input.sign)
        var options = TokenAgent.Options(directory: input.directory, group: gid, metricsFile: input.metricsFile)
        options.once = input.once
        options.checkInterval = .milliseconds(Int64(max(0.05, input.checkInterval) * 1000))
        return TokenAgent(feed: feed, signer: signer, options: options, clock: ProcessClock(), report: report)
    }

    /// The group `name` names: a group name, else a number.
    public static func groupID(_ name: String) throws(TokenAgentSetupError) -> gid_t {
        if let entry = getgrnam(name) { return entry.pointee.gr_gid }
        if let number = gid_t(name) { return number }
        throw .noSuchGroup(name)
    }
}

/// Why the token agent cannot be set up as asked.
public enum TokenAgentSetupError: Error, Sendable, Equatable {
    /// Signing was asked for without the keystore's key-encryption key.
    case signingNeedsKEK
    /// No group has this name, and it is not a number.
    case noSuchGroup(String)
}
