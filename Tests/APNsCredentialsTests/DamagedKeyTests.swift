import APNsCredentials
import Foundation
import TestSupport
import Testing

/// Issue 29 §1: the reader runs OpenSSL's pairwise check on every private key it decodes.
@Suite struct DamagedKeyTests {
    static func text(_ name: String) throws -> String { String(decoding: try Fixtures.bytes(name), as: UTF8.self) }

    @Test(arguments: [("AuthKey_TESTKEY001.p8", "EC P-256", "the public key stored with it"),
                      ("dev.key", "RSA 2048", "its public modulus and exponent")])
    func aKeyWithOneBitOfItsPrivateValueFlippedIsRefused(name: String, kind: String, disagrees: String) throws {
        let good = try Self.text(name)
        #expect(try PrivateKey(pemEncoded: good).kind == kind)
        let damaged = try DamagedKeys.flipPrivateBit(inPKCS8PEM: good)
        #expect(damaged != good)
        let error = #expect(throws: CredentialError.self) { try PrivateKey(pemEncoded: damaged) }
        #expect(error?.reason == .inconsistentKey)
        #expect(error?.message.hasPrefix("the \(kind) private key does not match \(disagrees)") == true, "\(error?.message ?? "")")
        #expect(error?.message.contains("pairwise check") == true)
        // The reader (PEM, and the DER form) says the same, naming the file, with a hint.
        let read = #expect(throws: (any Error).self) {
            try CredentialReader().read(bytes: Array(damaged.utf8), name: "AuthKey.p8")
        }
        #expect("\(read.map { "\($0)" } ?? "")".contains("AuthKey.p8: the \(kind) private key does not match"))
        let der = try DamagedKeys.pemBodyBytes(damaged)
        let derError = #expect(throws: CredentialError.self) { try CredentialReader().parse(der) }
        #expect(derError?.reason == .inconsistentKey)
    }

    @Test func theKeyBesideACertificateInAPEMIsCheckedNotSkipped() throws {
        let damaged = try DamagedKeys.flipPrivateBit(inPKCS8PEM: try Self.text("dev.key"))
        let bundle = try Self.text("dev.pem") + damaged
        let error = #expect(throws: CredentialError.self) { try CredentialReader().parse(Array(bundle.utf8)) }
        #expect(error?.reason == .inconsistentKey)
    }
}
