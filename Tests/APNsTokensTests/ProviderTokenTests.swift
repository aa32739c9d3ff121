import APNsCore
import APNsTokens
import Crypto
import Foundation
import Testing

@Suite struct ProviderTokenTests {
    @Test func signsTheExactHeaderAndClaimsAPNsExpects() throws {
        let key = P256.Signing.PrivateKey()
        let token = try ProviderToken.sign(keyID: "ABC123DEFG", teamID: "DEF123GHIJ",
                                           issuedAt: Date(timeIntervalSince1970: 1_700_000_000.9), key: key)
        let parts = token.compact.split(separator: ".")
        #expect(parts.count == 3)
        #expect(Base64URL.decode(parts[0]).map { String(decoding: $0, as: UTF8.self) } == #"{"alg":"ES256","kid":"ABC123DEFG"}"#)
        #expect(Base64URL.decode(parts[1]).map { String(decoding: $0, as: UTF8.self) } == #"{"iss":"DEF123GHIJ","iat":1700000000}"#)
        #expect(Base64URL.decode(parts[2])?.count == 64)
        #expect(token.isSignatureValid(for: key.publicKey))
        #expect(!token.isSignatureValid(for: P256.Signing.PrivateKey().publicKey))
    }

    @Test func parsesWhatItSigns() throws {
        let key = P256.Signing.PrivateKey()
        let token = try ProviderToken.sign(keyID: "K1K1K1K1K1", teamID: "T1T1T1T1T1", issuedAt: Date(), key: key)
        let parsed = try ProviderToken(parsing: "bearer " + token.compact + "\n")
        #expect(parsed == token)
        #expect(parsed.isSignatureValid(for: key.publicKey))
    }

    @Test(arguments: ["", "a.b", "a.b.c.d", "!!.e30.AA", "e30.e30.AA", "eyJhbGciOiJFUzI1NiJ9.e30.AA"])
    func rejectsMalformedTokens(text: String) {
        #expect(throws: APNsError.self) { try ProviderToken(parsing: text) }
    }

    @Test func aTamperedTokenDoesNotVerify() throws {
        let key = P256.Signing.PrivateKey()
        let token = try ProviderToken.sign(keyID: "K1K1K1K1K1", teamID: "T1T1T1T1T1", issuedAt: Date(), key: key)
        let forged = try ProviderToken.sign(keyID: "K1K1K1K1K1", teamID: "T2T2T2T2T2", issuedAt: Date(), key: key)
        let spliced = forged.signingInput + "." + Base64URL.encode(token.signature)
        #expect(try !ProviderToken(parsing: spliced).isSignatureValid(for: key.publicKey))
    }
}
