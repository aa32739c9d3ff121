import APNsTokens
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Checks an `authorization: bearer <jwt>` header the way APNs does, against the trusted keys, their scopes (the
/// environment and the connection's key binding; topics are checked with the topic) and the connection's token
/// history. Pure: the time comes in as a value.
struct TokenAuthenticator {
    var policy: ValidationPolicy

    /// Verifies the token and, when it is good, records it on the connection. Returns the key and team it names;
    /// `claimed` gets them as soon as the token parses, so a refusal can still be logged with them. `warnings` gets
    /// what APNs accepts though strict JWT does not (a DER signature, a numeric-string `iat`), for the log.
    func authenticate(_ authorization: String, connection: inout ConnectionAuthState, now: Date,
                      claimed: inout MockAuthentication, warnings: inout [String]) throws(Rejection) -> MockAuthentication {
        guard let compact = Self.bearerCredentials(authorization) else {
            throw Rejection(.invalidProviderToken, "authorization header is not `bearer <token>`")
        }
        if compact.isEmpty {
            throw Rejection(.missingProviderToken, "authorization header carries no token")
        }
        if compact == connection.currentToken, let known = connection.currentClaims {
            // Verified when it was first accepted on this connection: only its age can have changed.
            claimed = .token(keyID: known.keyID, teamID: known.teamID)
            try checkAge(issuedAt: known.issuedAt, now: now)
            try checkKeyScope(known.keyID, connection: connection)
            return claimed
        }
        let token: ProviderToken
        do {
            token = try ProviderToken(parsing: compact)
        } catch {
            throw Rejection(.invalidProviderToken, "token does not parse: \(error)")
        }
        claimed = .token(keyID: token.keyID, teamID: token.teamID)
        guard token.algorithm == "ES256" else {
            throw Rejection(.invalidProviderToken, "alg is \(token.algorithm), not ES256")
        }
        guard let key = policy.trustedKeys[token.keyID] else {
            throw Rejection(.invalidProviderToken, "kid \(token.keyID) is not a trusted key")
        }
        if token.issuedAtIsString {
            warnings.append("warning: iat is the string \"\(token.issuedAt)\", not a number (accepted, as APNs does)")
        }
        switch token.signatureEncoding {
        case .der:
            warnings.append("warning: DER-encoded ES256 signature, not JOSE's 64-byte r||s (accepted, as APNs does)")
        case .unknown:
            throw Rejection(.invalidProviderToken,
                            "signature is \(token.signature.count) bytes: neither JOSE r||s (64) nor DER")
        case .jose:
            break
        }
        guard token.isSignatureValid(for: key.publicKey) else {
            throw Rejection(.invalidProviderToken, "signature does not verify with key \(token.keyID)")
        }
        guard token.teamID == key.teamID else {
            throw Rejection(.invalidProviderToken, "iss \(token.teamID) is not key \(token.keyID)'s team \(key.teamID)")
        }
        try checkAge(issuedAt: token.issuedAtDate, now: now)
        try checkTeam(token.teamID, connection: connection)
        // Before the token is recorded: a key refused for its scope does not replace the connection's token.
        try checkKeyScope(token.keyID, connection: connection)
        if connection.isTooEarlyToChange(to: compact, now: now, interval: policy.tokenUpdateInterval) {
            throw Rejection(.tooManyProviderTokenUpdates,
                            "token changed on this connection less than \(Int(policy.tokenUpdateInterval)) s after the last")
        }
        connection.accept(compact, claims: (token.keyID, token.teamID, token.issuedAtDate), now: now)
        return claimed
    }

    /// What follows the `bearer` scheme (any case) in `header`, without the blanks around it; nil when the
    /// header does not start with `bearer` (after leading blanks). Blanks are HTTP's optional whitespace (space,
    /// tab) and any other Unicode space a client might send. One pass over the scalars: this runs on every
    /// request (with full Foundation linked, `trimmingCharacters` through NSString took 18 % of the mock's CPU).
    static func bearerCredentials(_ header: String) -> String? {
        let scalars = header.unicodeScalars
        var start = scalars.startIndex
        while start < scalars.endIndex, isBlank(scalars[start]) {
            start = scalars.index(after: start)
        }
        for expected in "bearer".unicodeScalars {
            guard start < scalars.endIndex, scalars[start].value | 0x20 == expected.value else { return nil }
            start = scalars.index(after: start)
        }
        var end = scalars.endIndex
        while start < end {
            let last = scalars[scalars.index(before: end)]
            guard isBlank(last) else { break }
            end = scalars.index(before: end)
        }
        while start < end, isBlank(scalars[start]) {
            start = scalars.index(after: start)
        }
        return String(scalars[start..<end])
    }

    /// `CharacterSet.whitespaces`: Unicode's Zs plus tab, i.e. whitespace that is not a line or paragraph break.
    private static func isBlank(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20, 0x09: return true
        case 0x00...0x7F, 0x85, 0x2028, 0x2029: return false
        default: return scalar.properties.isWhitespace
        }
    }

    /// Apple's "Establishing a token-based connection to APNs": APNs does not support tokens from more than one
    /// developer account on a single connection. The reason APNs gives is undocumented; developers mixing teams on
    /// one connection report `403 InvalidProviderToken` (docs/mock.md), the mock's choice.
    private func checkTeam(_ teamID: String, connection: ConnectionAuthState) throws(Rejection) {
        guard let bound = connection.teamID, bound != teamID else { return }
        throw Rejection(.invalidProviderToken, "this connection carries team \(bound)'s tokens: a token of team "
                        + "\(teamID) needs its own connection (APNs takes one developer account per connection; "
                        + "InvalidProviderToken is the mock's choice)")
    }

    /// The key must cover the mock's environment and may share the connection with the key it is bound to.
    private func checkKeyScope(_ keyID: String, connection: ConnectionAuthState) throws(Rejection) {
        let scope = policy.scope(ofKey: keyID)
        if let rejection = KeyScopeRules.environmentRejection(keyID: keyID, scope: scope,
                                                             environment: policy.environment,
                                                             reason: policy.badEnvironmentReason)
            ?? KeyScopeRules.bindingRejection(keyID: keyID, scope: scope, binding: connection.keyBinding) {
            throw rejection
        }
    }

    /// `iat` must not be in the future (InvalidProviderToken) nor older than the limit (ExpiredProviderToken).
    private func checkAge(issuedAt: Date, now: Date) throws(Rejection) {
        let age = now.timeIntervalSince(issuedAt)
        if age < 0 {
            throw Rejection(.invalidProviderToken, "iat is \(Int(-age)) s in the future")
        }
        if age > policy.maximumTokenAge {
            throw Rejection(.expiredProviderToken, "iat is \(Int(age)) s old (limit \(Int(policy.maximumTokenAge)) s)")
        }
    }
}
