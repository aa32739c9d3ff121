#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What one connection has proved so far: its client certificate, the provider token it last used
/// successfully, with when that token was first accepted on it, and the key its first accepted push bound it to.
/// APNs tracks tokens per connection, so separate connections may carry different tokens.
public struct ConnectionAuthState: Sendable, Equatable {
    /// The TLS client certificate's entitlements, when the client presented one.
    public var clientCertificate: ClientCertificateIdentity?
    /// The compact token last accepted on this connection.
    public private(set) var currentToken: String?
    /// When ``currentToken`` was first accepted.
    public private(set) var tokenAcceptedAt: Date?
    /// How many times the accepted token changed on this connection (the first token is not a change).
    public private(set) var tokenChanges: Int = 0
    /// The key id, team id and `iat` of ``currentToken``, verified when it was accepted: the same token again
    /// needs only its age checked, not its signature.
    private(set) var currentClaims: (keyID: String, teamID: String, issuedAt: Date)?
    /// The key of the first push on this connection whose key the mock accepted (environment and topic covered):
    /// later pushes may use only keys that may share it (see ``KeyScopeRules``). Nil until then.
    public private(set) var keyBinding: ConnectionKeyBinding?
    /// The last payload on this connection found to be a JSON object: the same bytes again need no parse (a sender
    /// under load repeats its payload). A memo, not state: it never changes an answer, and `==` ignores it.
    var lastObjectPayload: [UInt8]?

    /// The team whose tokens this connection carries: the first accepted token's `iss`. APNs does not take tokens
    /// of more than one developer account on one connection, so a token of another team is refused and this never
    /// changes once set. Nil until a token is accepted.
    public var teamID: String? { currentClaims?.teamID }

    public init(clientCertificate: ClientCertificateIdentity? = nil) {
        self.clientCertificate = clientCertificate
    }

    /// Whether switching to `token` at `now` is an update faster than `interval` allows.
    func isTooEarlyToChange(to token: String, now: Date, interval: TimeInterval) -> Bool {
        guard let currentToken, let tokenAcceptedAt, currentToken != token else { return false }
        return now.timeIntervalSince(tokenAcceptedAt) < interval
    }

    /// Records that `token`, with these verified claims, was accepted at `now`.
    mutating func accept(_ token: String, claims: (keyID: String, teamID: String, issuedAt: Date), now: Date) {
        guard token != currentToken else { return }
        if currentToken != nil { tokenChanges += 1 }
        currentToken = token
        currentClaims = claims
        tokenAcceptedAt = now
    }

    /// Binds the connection to `binding` unless it is bound already (the first push's key stays).
    mutating func bindIfUnbound(_ binding: ConnectionKeyBinding) {
        if keyBinding == nil { keyBinding = binding }
    }

    public static func == (lhs: ConnectionAuthState, rhs: ConnectionAuthState) -> Bool {
        lhs.clientCertificate == rhs.clientCertificate && lhs.currentToken == rhs.currentToken
            && lhs.tokenAcceptedAt == rhs.tokenAcceptedAt && lhs.tokenChanges == rhs.tokenChanges
            && lhs.keyBinding == rhs.keyBinding
    }
}
