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
    /// What to do about it, as a value the command line words (``worded(_:)``); nil when there is nothing to do
    /// or ``hint`` was given as words.
    public var remedy: VerdictRemedy?
    /// Sentences said after the remedy's words, naming no option (the server's Date header, this machine's
    /// clock).
    public var notes: [String]
    /// One line: what to do about it, as shown (JSON's `hint`). May be empty. The library fills in what it says
    /// itself (``VerdictRemedy/advice(_:)`` and ``notes``); ``worded(_:)`` words the whole remedy.
    public var hint: String

    /// A verdict whose hint is given as words.
    public init(_ outcome: Outcome, _ summary: String, hint: String = "") {
        self.outcome = outcome
        self.summary = summary
        self.remedy = nil
        self.notes = []
        self.hint = hint
    }

    /// A verdict with a typed remedy, and notes said after it.
    public init(_ outcome: Outcome, _ summary: String, remedy: VerdictRemedy?, notes: [String] = []) {
        self.outcome = outcome
        self.summary = summary
        self.remedy = remedy
        self.notes = notes
        self.hint = Self.hint(remedy?.advice ?? "", notes: notes)
    }

    /// This verdict with `remedy` instead of its own (the notes stay).
    public mutating func replaceRemedy(_ remedy: VerdictRemedy?) {
        self.remedy = remedy
        hint = Self.hint(remedy?.advice ?? "", notes: notes)
    }

    /// This verdict with `note` said after the remedy.
    public mutating func addNote(_ note: String) {
        notes.append(note)
        hint = hint.isEmpty ? note : hint + "; " + note
    }

    /// This verdict with its remedy worded by `words` into ``hint`` (the notes follow), and `summary` for the
    /// remedies whose words replace the summary; unchanged without a remedy.
    public func worded(_ words: (VerdictRemedy) -> String, summary: (VerdictRemedy) -> String? = { _ in nil }) -> Verdict {
        guard let remedy else { return self }
        var verdict = self
        verdict.hint = Self.hint(words(remedy), notes: notes)
        if let replaced = summary(remedy) { verdict.summary = replaced }
        return verdict
    }

    /// The remedy's words and the notes, joined by "; ".
    static func hint(_ words: String, notes: [String]) -> String {
        ([words] + notes).filter { !$0.isEmpty }.joined(separator: "; ")
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
