import APNsCore
import APNsCredentials
import Foundation
import Testing
import TestSupport

/// PKCS#12 files saved with an empty password, in both of its encodings (the empty BMPString of
/// `openssl pkcs12 -passout pass:`, and no password at all, as macOS Keychain and Java write), legacy and modern
/// (Tests/Fixtures/empty-password, made by scripts/make-empty-password-fixtures.sh). Their MAC verifies with one
/// encoding, and their bags must be decrypted with that same encoding: these tests guard the PKCS#12 walk.
@Suite struct EmptyPasswordP12Tests {
    static let files = ["legacy-bmp.p12", "legacy-null.p12", "modern-bmp.p12", "modern-null.p12"]
    static func path(_ name: String) -> String {
        TestPaths.fixtures.appendingPathComponent("empty-password/\(name)").path
    }

    /// The certificate and key each fixture was made from.
    static func expected(_ name: String) -> (bundleID: String, pem: String, key: String) {
        name.hasPrefix("legacy") ? ("com.example.dev", "dev.pem", "dev.key")
            : ("com.example.universal", "universal.pem", "universal.key")
    }

    static func check(_ bundle: CredentialBundle, _ name: String) throws {
        let expected = Self.expected(name)
        #expect(bundle.format == .pkcs12)
        #expect(bundle.certificates.count == 1)
        #expect(bundle.leaf?.bundleID == expected.bundleID)
        #expect(bundle.leaf?.derEncoded == (try Fixtures.certificate(expected.pem)).derEncoded)
        #expect(bundle.keyMatchesLeaf == true)
        #expect(bundle.friendlyName?.hasSuffix(expected.bundleID) == true)
    }

    @Test(arguments: files)
    func opensWithoutAskingForAPassword(file: String) throws {
        let reader = CredentialReader(password: {
            Issue.record("the password must not be asked for an empty-password file")
            return "x"
        })
        try Self.check(try reader.read(path: Self.path(file)), file)
        // No password source at all (what `expiry` and `cert join` use).
        try Self.check(try CredentialReader().read(path: Self.path(file)), file)
    }

    /// An empty password file (`--password-file` of an empty file, `--password-env` of an empty variable) and a
    /// wrong password at hand both end on the empty password, in the encoding the file uses.
    @Test(arguments: files)
    func opensWithAnEmptyOrAWrongPasswordAtHand(file: String) throws {
        for given in ["", "\n", "not-its-password"] {
            let bundle = try CredentialReader(password: { given }, passwordAtHand: true).read(path: Self.path(file))
            try Self.check(bundle, file)
        }
    }

    /// Convert: the key read from the file is the fixture's key, and it writes as PEM and as a new .p12 that
    /// OpenSSL's own reader opens.
    @Test(arguments: files)
    func convertsToPEMAndBackWithTheSameKey(file: String) throws {
        let bundle = try CredentialReader().read(path: Self.path(file))
        let key = try #require(bundle.privateKey)
        let original = try CredentialReader().read(path: Fixtures.path(Self.expected(file).key))
        #expect(try key.pkcs8DER == original.privateKey?.pkcs8DER)
        let pem = String(decoding: try CredentialWriter.pem(certificates: bundle.certificates, key: key), as: UTF8.self)
        #expect(pem.contains("-----BEGIN CERTIFICATE-----") && pem.contains("-----BEGIN PRIVATE KEY-----"))
        let again = try CredentialWriter.pkcs12(certificates: bundle.certificates, key: key, password: "")
        try Self.check(try CredentialReader().read(bytes: again, name: "again.p12"), file)
    }
}
