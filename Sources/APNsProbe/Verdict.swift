import APNsCore
import APNsModel
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a probe's answer means: healthy, rejected by APNs, or not reachable; one line and a hint.
public struct Verdict: Sendable, Equatable, Codable {
    /// The three outcomes, each with its exit status.
    public enum Outcome: String, Sendable, Codable {
        /// 200, or 400 BadDeviceToken for the dummy token: transport and credential accepted. Exit 0.
        case healthy
        /// APNs answered with a credential or request error (or a server-side error). Exit 1.
        case rejected
        /// No APNs answer: DNS, TCP, TLS, HTTP/1.1, reset, GOAWAY or timeout. Exit 4.
        case unreachable
    }

    public var outcome: Outcome
    /// One line: what happened.
    public var summary: String
    /// One line: what to do about it. May be empty.
    public var hint: String

    public init(_ outcome: Outcome, _ summary: String, hint: String = "") {
        self.outcome = outcome
        self.summary = summary
        self.hint = hint
    }

    enum CodingKeys: String, CodingKey { case outcome, summary, hint }

    /// An empty hint is null in JSON, never `""`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(outcome, forKey: .outcome)
        try c.encode(summary, forKey: .summary)
        try c.encode(hint.isEmpty ? nil : hint, forKey: .hint)
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(try c.decode(Outcome.self, forKey: .outcome), try c.decode(String.self, forKey: .summary),
                  hint: try c.decodeIfPresent(String.self, forKey: .hint) ?? "")
    }

    /// The exit status for this outcome.
    public var exitStatus: ExitStatus {
        switch outcome {
        case .healthy: return .ok
        case .rejected: return .checkFailed
        case .unreachable: return .unreachable
        }
    }

    /// The worst of several verdicts (unreachable over rejected over healthy).
    public static func worst(_ verdicts: [Verdict]) -> Verdict? {
        func rank(_ verdict: Verdict) -> Int {
            switch verdict.outcome {
            case .healthy: return 0
            case .rejected: return 1
            case .unreachable: return 2
            }
        }
        return verdicts.max { rank($0) < rank($1) }
    }
}

/// What the verdict needs to know beyond the answer itself.
public struct VerdictContext: Sendable {
    /// The environment probed, when it is one of Apple's.
    public var environment: APNsEnvironment?
    /// "token", "certificate" or "none".
    public var credentialKind: String
    /// True when the request used ``DeviceToken/dummy``.
    public var dummyDeviceToken: Bool
    /// The provider token's `iat`, when token authentication was used.
    public var tokenIssuedAt: Date?
    /// Server clock minus this machine's clock, in seconds, when the server sent a Date header.
    public var clockOffset: Double?
    /// This machine's time when the answer arrived.
    public var now: Date
    /// Whether the server asked for a client certificate in the TLS handshake; nil when unknown.
    public var certificateRequested: Bool?
    /// The keystore key that signed the token, with its recorded scope; nil when the credential is not a keystore
    /// key's token.
    public var signingKey: SigningKeyDescription?

    public init(environment: APNsEnvironment?, credentialKind: String, dummyDeviceToken: Bool,
                tokenIssuedAt: Date? = nil, clockOffset: Double? = nil, now: Date = Date(),
                certificateRequested: Bool? = nil, signingKey: SigningKeyDescription? = nil) {
        self.certificateRequested = certificateRequested
        self.signingKey = signingKey
        self.environment = environment
        self.credentialKind = credentialKind
        self.dummyDeviceToken = dummyDeviceToken
        self.tokenIssuedAt = tokenIssuedAt
        self.clockOffset = clockOffset
        self.now = now
    }

    /// "production" / "development" / "this server", for messages.
    /// "the development environment", or "this server's environment" when the server is not Apple's.
    var theEnvironment: String { environment.map { "the \($0.rawValue) environment" } ?? "this server's environment" }
}
