import APNsCore
import Crypto
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An APNs provider authentication token: a JWT signed with ES256.
///
/// Header `{"alg":"ES256","kid":KEYID}`, claims `{"iss":TEAMID,"iat":SECONDS}`, and a JOSE signature
/// (64 bytes `r||s`, base64url). Signing always makes JOSE; reading also takes what APNs takes beyond strict JWT:
/// a DER signature and a numeric-string `iat` (see ``signatureEncoding`` and ``issuedAtIsString``). Values are immutable; make one with ``sign(keyID:teamID:issuedAt:key:)``
/// or read one with ``init(parsing:)``.
public struct ProviderToken: Sendable, Equatable {
    /// The `alg` header field. APNs accepts only `ES256`.
    public let algorithm: String
    /// The `kid` header field: the 10-character key id.
    public let keyID: String
    /// The `iss` claim: the 10-character team id.
    public let teamID: String
    /// The `iat` claim, whole seconds since 1970.
    public let issuedAt: Int64
    /// True when `iat` came as a string of digits (`"iat":"1700000000"`) rather than a JSON number. APNs accepts
    /// such tokens (kalyke-apns has signed them so since 2022); strict JWT libraries do not.
    public let issuedAtIsString: Bool
    /// The signature bytes as sent (64 bytes `r||s` for ES256 as JOSE has it; some clients send DER).
    public let signature: [UInt8]
    /// `base64url(header) "." base64url(claims)`: what the signature covers.
    public let signingInput: String

    /// The compact serialisation sent as `authorization: bearer …` (computed once: cache hits compare it).
    public let compact: String

    /// The `iat` claim as a date.
    public var issuedAtDate: Date { Date(timeIntervalSince1970: TimeInterval(issuedAt)) }

    /// Signs a new token. `issuedAt` is truncated to whole seconds.
    public static func sign(keyID: String, teamID: String, issuedAt: Date,
                            key: P256.Signing.PrivateKey) throws -> ProviderToken {
        let iat = Int64(issuedAt.timeIntervalSince1970.rounded(.down))
        let header = #"{"alg":"ES256","kid":"\#(JSONText.escaped(keyID))"}"#
        let claims = #"{"iss":"\#(JSONText.escaped(teamID))","iat":\#(iat)}"#
        let input = Base64URL.encode(Array(header.utf8)) + "." + Base64URL.encode(Array(claims.utf8))
        let signature = try key.signature(for: Data(input.utf8))
        return ProviderToken(algorithm: "ES256", keyID: keyID, teamID: teamID, issuedAt: iat, issuedAtIsString: false,
                             signature: Array(signature.rawRepresentation), signingInput: input)
    }

    /// Parses a compact JWT. Throws ``APNsError`` (bad input) naming what is wrong with it.
    /// Parsing does not check the signature: see ``isSignatureValid(for:)``.
    public init(parsing text: String) throws {
        let compact = text.trimmingWhitespace()
        let body = compact.hasPrefix("bearer ") ? String(compact.dropFirst(7)) : compact
        let parts = body.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else {
            throw APNsError.badInput("token: not a JWT (expected 3 dot-separated parts, found \(parts.count))",
                                     remedy: TokenRemedy.pasteWholeToken)
        }
        guard let headerBytes = Base64URL.decode(parts[0]), let claimBytes = Base64URL.decode(parts[1]) else {
            throw APNsError.badInput("token: header or claims are not base64url", remedy: TokenRemedy.pasteWholeTokenParts)
        }
        guard let signature = Base64URL.decode(parts[2]) else {
            throw APNsError.badInput("token: signature is not base64url", remedy: TokenRemedy.pasteWholeTokenParts)
        }
        guard let header = JSONValue(parsing: headerBytes)?.object else {
            throw APNsError.badInput("token: header is not a JSON object", remedy: TokenRemedy.pasteWholeTokenParts)
        }
        guard let claims = JSONValue(parsing: claimBytes)?.object else {
            throw APNsError.badInput("token: claims are not a JSON object", remedy: TokenRemedy.pasteWholeTokenParts)
        }
        guard let algorithm = header["alg"]?.string else {
            throw APNsError.badInput("token: header has no alg", hint: Self.shapeHint)
        }
        guard let keyID = header["kid"]?.string else {
            throw APNsError.badInput("token: header has no kid (the key id)", hint: Self.shapeHint)
        }
        guard let teamID = claims["iss"]?.string else {
            throw APNsError.badInput("token: claims have no iss (the team id)", hint: Self.shapeHint)
        }
        let iat: Int64, iatIsString: Bool
        if let number = claims["iat"]?.int64 {
            (iat, iatIsString) = (number, false)
        } else if let text = claims["iat"]?.string {
            guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
                  let seconds = Int64(text) else {
                throw APNsError.badInput("token: iat \"\(text)\" is not a number of seconds", hint: Self.shapeHint)
            }
            (iat, iatIsString) = (seconds, true)
        } else {
            throw APNsError.badInput("token: claims have no numeric iat (issued-at time)", hint: Self.shapeHint)
        }
        self.init(algorithm: algorithm, keyID: keyID, teamID: teamID, issuedAt: iat, issuedAtIsString: iatIsString,
                  signature: signature, signingInput: String(parts[0]) + "." + String(parts[1]))
    }

    private static let shapeHint = #"APNs tokens carry {"alg":"ES256","kid":KEYID} and {"iss":TEAMID,"iat":SECONDS}"#

    private init(algorithm: String, keyID: String, teamID: String, issuedAt: Int64, issuedAtIsString: Bool,
                 signature: [UInt8], signingInput: String) {
        self.algorithm = algorithm
        self.keyID = keyID
        self.teamID = teamID
        self.issuedAt = issuedAt
        self.issuedAtIsString = issuedAtIsString
        self.signature = signature
        self.signingInput = signingInput
        self.compact = signingInput + "." + Base64URL.encode(signature)
    }

    /// How an ES256 signature is encoded.
    public enum SignatureEncoding: String, Sendable, Codable {
        /// JOSE (RFC 7518 §3.4): the 64 bytes `r||s`.
        case jose
        /// An ASN.1 DER `ECDSA-Sig-Value` SEQUENCE of r and s (about 70–72 bytes), as Java's
        /// `Signature.getInstance("SHA256withECDSA")` makes it (pushy). APNs accepts it; strict JWT libraries and
        /// jwt.io do not.
        case der
        /// Neither.
        case unknown
    }

    /// The signature's encoding: JOSE's 64 bytes, DER, or neither.
    public var signatureEncoding: SignatureEncoding {
        if signature.count == 64 { return .jose }
        return (try? P256.Signing.ECDSASignature(derRepresentation: signature)) == nil ? .unknown : .der
    }

    /// True when `alg` is ES256 and the signature, JOSE or DER (both of which APNs accepts), verifies with
    /// `publicKey`.
    public func isSignatureValid(for publicKey: P256.Signing.PublicKey) -> Bool {
        guard algorithm == "ES256" else { return false }
        let ecdsa: P256.Signing.ECDSASignature?
        switch signatureEncoding {
        case .jose: ecdsa = try? P256.Signing.ECDSASignature(rawRepresentation: signature)
        case .der: ecdsa = try? P256.Signing.ECDSASignature(derRepresentation: signature)
        case .unknown: ecdsa = nil
        }
        guard let ecdsa else { return false }
        return publicKey.isValidSignature(ecdsa, for: Data(signingInput.utf8))
    }
}
