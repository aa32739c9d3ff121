import APNsCore
import Crypto
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Checks a bearer token as Apple's "Generating tokens for API requests" says: header `alg` ES256 and `kid` of a
/// trusted key (`typ` JWT when present); claims `aud` "appstoreconnect-v1", `iss` the key's issuer (an individual
/// key: `sub` "user" and no `iss`), `iat` and `exp` numbers with exp − iat ≤ 20 minutes, not expired and not more
/// than 20 minutes ahead; a JOSE (r||s) ES256 signature; a `scope` claim, when present, listing the request.
struct MockASCAuthenticator: Sendable {
    struct Key: Sendable {
        var trusted: MockAppStoreConnectTrustedKey
        var publicKey: P256.Signing.PublicKey
    }

    let keys: [String: Key]

    init(_ trusted: [MockAppStoreConnectTrustedKey]) throws {
        var keys: [String: Key] = [:]
        for key in trusted {
            let pem = key.publicKeyPEM
            if let publicKey = try? P256.Signing.PublicKey(pemRepresentation: pem) {
                keys[key.keyID] = Key(trusted: key, publicKey: publicKey)
            } else if let privateKey = try? P256.Signing.PrivateKey(pemRepresentation: pem) {
                keys[key.keyID] = Key(trusted: key, publicKey: privateKey.publicKey)
            } else {
                throw MockAppStoreConnectError.badTrustedKey(keyID: key.keyID,
                                                            reason: "not a P-256 public key or .p8 private key (PEM)")
            }
        }
        self.keys = keys
    }

    /// The trusted key that signed the request's token, or the 401 to answer (NOT_AUTHORIZED, as Apple answers
    /// every token fault; the detail names the fault, which Apple does not: the mock's addition).
    func authenticate(_ request: MockASCRequest, now: Date) -> Result<MockAppStoreConnectTrustedKey, Refusal> {
        guard let header = request.authorization else { return .failure(Refusal("no authorization header")) }
        let scheme = header.prefix(7).lowercased()
        guard scheme == "bearer " else { return .failure(Refusal("the authorization header is not `Bearer <token>`")) }
        let compact = String(header.dropFirst(7).drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
        let parts = compact.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let headerBytes = Self.base64URL(parts[0]), let claimBytes = Self.base64URL(parts[1]),
              let signature = Self.base64URL(parts[2]),
              let joseHeader = JSONValue(parsing: headerBytes)?.object, let claims = JSONValue(parsing: claimBytes)?.object
        else { return .failure(Refusal("the token is not a JWT")) }
        guard joseHeader["alg"]?.string == "ES256" else { return .failure(Refusal("alg is not ES256")) }
        if let typ = joseHeader["typ"], typ.string != "JWT" { return .failure(Refusal("typ is not JWT")) }
        guard let keyID = joseHeader["kid"]?.string, let key = keys[keyID] else {
            return .failure(Refusal("kid is not a key of this App Store Connect"))
        }
        guard signature.count == 64, let ecdsa = try? P256.Signing.ECDSASignature(rawRepresentation: signature),
              key.publicKey.isValidSignature(ecdsa, for: Array((parts[0] + "." + parts[1]).utf8)) else {
            return .failure(Refusal("the signature does not verify with key \(keyID)"))
        }
        if let refusal = checkClaims(claims, key: key.trusted, request: request, now: now) { return .failure(refusal) }
        return .success(key.trusted)
    }

    struct Refusal: Error, Sendable {
        var reason: String
        init(_ reason: String) { self.reason = reason }
    }

    private func checkClaims(_ claims: [String: JSONValue], key: MockAppStoreConnectTrustedKey,
                             request: MockASCRequest, now: Date) -> Refusal? {
        guard claims["aud"]?.string == MockAppStoreConnect.audience else {
            return Refusal("aud is not \(MockAppStoreConnect.audience)")
        }
        if key.isIndividual {
            guard claims["sub"]?.string == "user" else { return Refusal("an individual key's token has no sub \"user\"") }
            guard claims["iss"] == nil else { return Refusal("an individual key's token carries iss") }
        } else if claims["iss"]?.string != key.issuerID {
            return Refusal("iss is not key \(key.keyID)'s issuer")
        }
        guard let issuedAt = claims["iat"]?.double, let expires = claims["exp"]?.double else {
            return Refusal("iat and exp must be numbers")
        }
        let limit = MockAppStoreConnect.maximumTokenLifetime
        if expires - issuedAt > limit { return Refusal("exp is more than 20 minutes after iat") }
        if expires <= now.timeIntervalSince1970 { return Refusal("the token has expired") }
        if expires - now.timeIntervalSince1970 > limit { return Refusal("exp is more than 20 minutes from now") }
        if let scope = claims["scope"] {
            let allowed = (scope.array ?? []).compactMap(\.string).contains { entry in
                let words = entry.split(separator: " ", maxSplits: 1)
                return words.count == 2 && words[0] == request.method
                    && words[1].split(separator: "?").first.map(String.init) == request.path
            }
            if !allowed { return Refusal("the token's scope does not list \(request.method) \(request.path)") }
        }
        return nil
    }

    static func base64URL(_ text: Substring) -> [UInt8]? {
        var base64 = String(text.map { $0 == "-" ? "+" : $0 == "_" ? "/" : $0 })
        while base64.count % 4 != 0 { base64 += "=" }
        return Data(base64Encoded: base64).map(Array.init)
    }
}
