import APNsCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NIOCore

/// How to run a ``MockAPNsServer``: where to listen, which TLS identity, what to validate against.
public struct MockServerConfiguration: Sendable {
    /// Where the server's TLS certificate comes from.
    public enum TLSSource: Sendable {
        /// Make a throwaway CA and a server certificate for 127.0.0.1, ::1 and localhost
        /// (see ``MockAPNsServer/certificateAuthorityPEM``).
        case generate
        /// Use this certificate (chain) and private key, both PEM.
        case identity(TLSIdentity)
        /// Read the certificate (chain) and key from PEM files.
        case files(certificate: String, privateKey: String)
    }

    /// The address to bind: loopback unless asked otherwise.
    public var host: String
    /// The port to bind; 0 picks a free one (read it from ``MockAPNsServer/start()``).
    public var port: Int
    /// The server's TLS identity.
    public var tls: TLSSource
    /// Environment, devices, trusted keys, token limits.
    public var policy: ValidationPolicy
    /// PEM certificates of the CAs whose client certificates are accepted for certificate authentication;
    /// nil turns certificate authentication off. Clients without a certificate are still accepted (tokens).
    public var clientCAPEM: String?
    /// Where "now" comes from for token ages, token updates, the `date` header and the log.
    public var clock: any APNsClock
    /// The format of log lines.
    public var logFormat: MockLogFormat
    /// Called with each log line as it is written (the CLI prints them); lines are also kept in memory.
    public var logSink: (@Sendable (String) -> Void)?
    /// Deliberate misbehaviour for client tests (server errors, stalls, GOAWAY); none by default.
    public var faults: MockFaults
    /// How many of the latest requests (and log lines) to keep in memory for ``MockAPNsServer/receivedRequests``
    /// and ``MockAPNsServer/logLines``; older ones are dropped (the count goes on). 0 keeps none.
    public var retainedRequests: Int
    /// SETTINGS_MAX_CONCURRENT_STREAMS for a connection without a client certificate until a push on it succeeds;
    /// then 1000. APNs allows one stream until a token is accepted, so the default is 1; 1000 turns the rule off.
    public var streamsBeforeFirstSuccess: Int
    /// Whether a rejected push (any answer but 2xx) lowers the connection's SETTINGS_MAX_CONCURRENT_STREAMS to 1
    /// until a push on it succeeds again (then 1000), as APNs does (pushy #476's frame log, openradar
    /// 27870881; docs/mock.md): streams opened beyond the lowered limit get RST_STREAM REFUSED_STREAM. On by default;
    /// false keeps the limit once it was raised. Pushes only: the channel management API keeps its limit.
    public var streamThrottle = true
    /// Event-loop threads serving connections (each connection stays on one); the machine's cores by default.
    public var threads: Int

    // Broadcast channels (docs/channels.md).
    /// The port of the channel management API's own listener (APNs: 2195 sandbox, 2196 production); nil serves no
    /// management API, 0 picks a free port (read it from ``MockAPNsServer/channelsPort``). Broadcast pushes are
    /// always served on ``port``.
    public var channelsPort: Int? = nil
    /// The most channels one app may have in one environment (APNs: 10,000); more is `400 CannotCreateChannelConfig`.
    public var channelLimit = 10_000
    /// Apps without the broadcast capability: every management call and broadcast for them is `400 FeatureNotEnabled`.
    public var broadcastDisabledBundleIDs: Set<String> = []

    public init(host: String = "127.0.0.1", port: Int = 0, tls: TLSSource = .generate,
                policy: ValidationPolicy = ValidationPolicy(), clientCAPEM: String? = nil,
                clock: any APNsClock = SystemClock(), logFormat: MockLogFormat = .text,
                logSink: (@Sendable (String) -> Void)? = nil, faults: MockFaults = .none,
                retainedRequests: Int = 10_000, streamsBeforeFirstSuccess: Int = 1,
                threads: Int = System.coreCount) {
        self.host = host
        self.port = port
        self.tls = tls
        self.policy = policy
        self.clientCAPEM = clientCAPEM
        self.clock = clock
        self.logFormat = logFormat
        self.logSink = logSink
        self.faults = faults
        self.retainedRequests = max(0, retainedRequests)
        self.streamsBeforeFirstSuccess = min(max(1, streamsBeforeFirstSuccess), 1000)
        self.threads = max(1, threads)
    }

    /// True when `host` is a loopback address or name.
    public var isLoopback: Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }
}
