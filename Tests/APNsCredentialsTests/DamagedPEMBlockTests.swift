import APNsCore
import APNsCredentials
import Foundation
import Testing

/// PEM files as peer libraries' fixtures and long pasted notes have them (issue 19): a damaged key block before a
/// good certificate, and a long text before the first block. `openssl x509` reads the certificate in both.
@Suite struct DamagedPEMBlockTests {
    /// A key block whose body is not base64, and one whose body is base64 but not a key.
    static let damagedKeys = [
        "-----BEGIN RSA PRIVATE KEY-----\nnot*base64!!\n-----END RSA PRIVATE KEY-----\n",
        "-----BEGIN PRIVATE KEY-----\nMIIBVQIBADANBgkqhkiG9w0BAQEFAASCAT8wggE7AgEAAkEA\n-----END PRIVATE KEY-----\n",
    ]

    static func certificateText() throws -> String { String(decoding: try Fixtures.bytes("dev.pem"), as: UTF8.self) }

    @Test(arguments: damagedKeys)
    func aDamagedKeyBlockBeforeAGoodCertificateIsIgnoredWithAWarning(block: String) throws {
        let bytes = Array((block + (try Self.certificateText())).utf8)
        let bundle = try CredentialReader().read(bytes: bytes, name: "peer.pem")
        #expect(bundle.leaf?.bundleID == "com.example.dev")
        #expect(bundle.privateKey == nil)
        #expect(bundle.ignoredBlocks.count == 1)
        #expect(bundle.warnings.first?.hasSuffix(": ignored") == true)
        #expect(bundle.warnings.first?.contains("PRIVATE KEY") == true)
    }

    /// Alone, the damaged block is still an error; a damaged certificate block is always one.
    @Test(arguments: damagedKeys)
    func aDamagedBlockAloneIsAnError(block: String) throws {
        #expect(throws: APNsError.self) { try CredentialReader().read(bytes: Array(block.utf8), name: "key.pem") }
        let certificate = try Self.certificateText()
        let damagedCertificate = certificate.replacingOccurrences(of: "-----BEGIN CERTIFICATE-----\n",
                                                                 with: "-----BEGIN CERTIFICATE-----\n*")
        #expect(throws: APNsError.self) {
            try CredentialReader().read(bytes: Array((damagedCertificate + certificate).utf8), name: "chain.pem")
        }
    }

    /// Issue 19: over ~64 KiB of text before BEGIN was "unrecognised content" (the documented limit is 16 MiB).
    @Test func longTextBeforeTheFirstBlockIsIgnored() throws {
        let notes = String(repeating: "Notes pasted above the certificate, as people keep them.\n", count: 3000)
        #expect(notes.utf8.count > 128 * 1024)
        let bundle = try CredentialReader().read(bytes: Array((notes + (try Self.certificateText())).utf8), name: "long.pem")
        #expect(bundle.format == .pem)
        #expect(bundle.leaf?.bundleID == "com.example.dev")
    }
}
