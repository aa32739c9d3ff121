import APNsCore
import APNsCredentials
import Foundation
import Testing

@Suite struct CredentialWriterTests {
    @Test(arguments: [PKCS12.Profile.modern, .legacy])
    func p12ToPEMToP12ToPEMIsLossless(profile: PKCS12.Profile) throws {
        let reader = CredentialReader(password: { "chain-export" })
        let original = try reader.read(path: Fixtures.path("universal-g4-chain.p12"))
        let pem1 = try CredentialWriter.pem(certificates: original.certificates, key: original.privateKey)
        let fromPEM = try CredentialReader().read(bytes: pem1, name: "1.pem")
        let p12 = try CredentialWriter.pkcs12(certificates: fromPEM.certificates, key: fromPEM.privateKey,
                                              password: "again", profile: profile)
        let back = try CredentialReader(password: { "again" }).read(bytes: p12, name: "2.p12")
        #expect(back.friendlyName == "Apple Push Services: com.example.g4")
        let pem2 = try CredentialWriter.pem(certificates: back.certificates, key: back.privateKey)
        #expect(pem1 == pem2)
        #expect(back.certificates.map(\.derEncoded) == original.certificates.map(\.derEncoded))
        #expect(try back.privateKey?.pkcs8DER == original.privateKey?.pkcs8DER)
    }

    @Test func encryptedKeyInPEMReadsBackWithItsPassphrase() throws {
        let bundle = try CredentialReader().read(path: Fixtures.path("dev-bundle.pem"))
        let pem = try CredentialWriter.pem(certificates: bundle.certificates, key: bundle.privateKey, keyPassphrase: "pw-1")
        #expect(String(decoding: pem, as: UTF8.self).contains("BEGIN ENCRYPTED PRIVATE KEY"))
        let back = try CredentialReader(password: { "pw-1" }).read(bytes: pem, name: "e.pem")
        #expect(back.keyMatchesLeaf == true)
    }

    @Test func derHoldsOneObject() throws {
        let bundle = try CredentialReader().read(path: Fixtures.path("dev-bundle.pem"))
        #expect(try CredentialWriter.der(certificates: bundle.certificates, key: nil) == Fixtures.bytes("dev.cer"))
        let keyOnly = bundle.selecting(keyOnly: true)
        #expect(try CredentialWriter.der(certificates: keyOnly.certificates, key: keyOnly.privateKey)
                == bundle.privateKey?.pkcs8DER)
        #expect(throws: CredentialError.self) {
            try CredentialWriter.der(certificates: bundle.certificates, key: bundle.privateKey)
        }
    }

    @Test func selectingDropsTheChainOrTheKey() throws {
        let bundle = try CredentialReader(password: { "chain-export" }).read(path: Fixtures.path("universal-g4-chain.p12"))
        #expect(bundle.selecting(chain: false).certificates.count == 1)
        #expect(bundle.selecting(key: false).privateKey == nil)
        #expect(bundle.selecting(keyOnly: true).certificates.isEmpty)
        #expect(bundle.selecting(keyOnly: true).privateKey != nil)
    }
}
