import APNsCore
@testable import APNsCredentials
import Foundation
import Testing

/// The rows of issue 10: files that OpenSSL and the peer libraries read, made by scripts/make-reader-fixtures.sh.
@Suite struct LenientReaderTests {
    static let readers = Fixtures.repositoryRoot.appendingPathComponent("Tests/Fixtures/readers")
    static func path(_ name: String) -> String { readers.appendingPathComponent(name).path }
    static func bytes(_ name: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: readers.appendingPathComponent(name))) }
    static func password(_ name: String) throws -> String {
        String(decoding: try bytes(name + ".password"), as: UTF8.self).trimmingCharacters(in: .newlines)
    }

    /// What `openssl x509` (a tool this project did not write) says about a certificate file.
    static func openssl(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    static func opensslFingerprint(_ name: String, inform: String) throws -> String {
        let line = try openssl(["x509", "-inform", inform, "-in", path(name), "-noout", "-fingerprint", "-sha256"])
        return String(line.split(separator: "=").last ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            .replacingOccurrences(of: ":", with: "").lowercased()
    }

    @Test(arguments: ["rsa1024.pem", "rsa1024.cer"])
    func anRSA1024CertificateIsReadInFullWithAWarning(name: String) throws {
        let bundle = try CredentialReader().read(path: Self.path(name))
        let leaf = try #require(bundle.leaf)
        #expect(leaf.readByOpenSSL)
        #expect(leaf.publicKeyDescription == "RSA 1024")
        #expect(leaf.bundleID == "com.example.weak")
        #expect(leaf.teamID == "TEAM123456")
        #expect(leaf.subject == "C=US,O=apnsctl tests,OU=TEAM123456,CN=Apple Development IOS Push Services: com.example.weak,UID=com.example.weak")
        #expect(leaf.issuerCommonName == "Old Test CA (RSA 1024)")
        #expect(leaf.serialNumber == "1092")
        #expect(leaf.signatureAlgorithm == "sha256WithRSAEncryption")
        #expect(leaf.hasClientAuthUsage)
        #expect(leaf.environments == [.development])
        #expect(leaf.topics.map(\.topic) == ["com.example", "com.example.voip"])
        #expect(leaf.topicsError == nil)
        #expect(leaf.sha256Fingerprint == (try Self.opensslFingerprint("rsa1024.pem", inform: "PEM")))
        let end = try Self.openssl(["x509", "-in", Self.path("rsa1024.pem"), "-noout", "-enddate", "-dateopt", "iso_8601"])
        let formatter = ISO8601DateFormatter()
        let expectedEnd = end.replacingOccurrences(of: "notAfter=", with: "").trimmingCharacters(in: .whitespacesAndNewlines)
            .replacingOccurrences(of: " ", with: "T")
        #expect(formatter.string(from: leaf.notAfter) == expectedEnd)
        #expect(bundle.warnings.first?.contains("weak key: RSA 1024; APNs needs RSA 2048") == true)
    }

    @Test func anRSA1024PKCS12KeepsTheChainAndTheKey() throws {
        let password = try Self.password("rsa1024.p12")
        let bundle = try CredentialReader(password: { password }).read(path: Self.path("rsa1024.p12"))
        #expect(bundle.certificates.map(\.commonName) == ["Apple Development IOS Push Services: com.example.weak",
                                                            "Old Test CA (RSA 1024)"])
        #expect(bundle.keyMatchesLeaf == true)
        #expect(bundle.chain.first?.isIssuer(of: try #require(bundle.leaf)) == true)
    }

    @Test func verifyFailsTheKeySizeCheckAndOpenSSLChecksTheChain() async throws {
        let bundle = try CredentialReader().read(path: Self.path("rsa1024.pem"))
        let ca = try CredentialReader().read(path: Self.path("rsa1024-ca.pem")).certificates
        let key = try PrivateKey(bytes: try Self.bytes("rsa1024.key"))
        var verifier = CertificateVerifier()
        verifier.minimumDays = 0
        let checks = await verifier.checks(leaf: try #require(bundle.leaf), key: key, anchors: ca)
        let keySize = try #require(checks.first { $0.name == "key_size" })
        #expect(keySize.status == .fail)
        #expect(keySize.detail == "RSA 1024 key is too weak: APNs needs RSA 2048 or stronger")
        #expect(checks.first { $0.name == "private_key" }?.status == .pass)
        #expect(checks.first { $0.name == "chain" }?.status == .pass)
        let other = try CredentialReader().read(path: Self.path("ec-ca.pem")).certificates
        let wrongCA = await verifier.checks(leaf: try #require(bundle.leaf), key: nil, anchors: other)
        #expect(wrongCA.first { $0.name == "chain" }?.status == .fail)
    }

    @Test(arguments: ["ec-null-params.pem", "ec-null-params.cer"])
    func javaStyleNullParametersAreRead(name: String) throws {
        let leaf = try #require(try CredentialReader().read(path: Self.path(name)).leaf)
        #expect(leaf.readByOpenSSL)
        #expect(leaf.publicKeyDescription == "EC P-256")
        #expect(leaf.signatureAlgorithm == "ecdsaWithSHA256")
        #expect(leaf.bundleID == "com.example.java")
        #expect(leaf.hasAPNsKeySize)
        #expect(leaf.warnings.contains("unusual parameters: the ECDSA signature algorithm carries explicit NULL parameters"))
        #expect(!leaf.warnings.contains { $0.hasPrefix("weak key") })
    }

    @Test func aJavaKeytoolPKCS12IsRead() throws {
        let password = try Self.password("ec-null-params.p12")
        let bundle = try CredentialReader(password: { password }).read(path: Self.path("ec-null-params.p12"))
        #expect(bundle.leaf?.bundleID == "com.example.java")
        #expect(bundle.keyMatchesLeaf == true)
        #expect(bundle.friendlyName == "java")
    }

    @Test func aBERCertificateIsReadAndSaysSo() throws {
        let leaf = try #require(try CredentialReader().read(path: Self.path("ber.cer")).leaf)
        #expect(leaf.commonName == "BER encoded certificate")
        #expect(leaf.publicKeyDescription == "RSA 2048")
        #expect(leaf.warnings.contains("not DER: the certificate uses BER encoding"))
        #expect(leaf.sha256Fingerprint == (try Self.opensslFingerprint("ber.cer", inform: "DER")))
    }

    @Test(arguments: ["pkcs8.p8", "pkcs8.der", "sec1.key", "sec1.der", "p8-one-line.p8", "p8-crlf.p8", "p8-indented.p8",
                      "p8-wrapped-76.p8", "p8-with-text.p8", "p8-single-line-block.p8", "p8-literal-newlines.p8"])
    func everyLayoutAndFormOfTheP256KeyIsTheSameKey(name: String) throws {
        let reference = try PrivateKey(bytes: try Self.bytes("pkcs8.p8"))
        let key = try PrivateKey(bytes: try Self.bytes(name))
        #expect(key.isP256)
        #expect(try key.publicKeyDER == reference.publicKeyDER)
    }

    @Test func theEncryptedPKCS8KeyNeedsItsPassphrase() throws {
        let key = try PrivateKey(bytes: try Self.bytes("pkcs8-encrypted.p8"), passphrase: { "secret" })
        #expect(try key.publicKeyDER == (try PrivateKey(bytes: try Self.bytes("pkcs8.p8"))).publicKeyDER)
        let error = #expect(throws: CredentialError.self) {
            try PrivateKey(bytes: try Self.bytes("pkcs8-encrypted.p8"), passphrase: { "wrong" })
        }
        #expect(error?.reason == .wrongPassword)
    }

    @Test func anAbsurdIterationCountIsRefusedBeforeAnyKeyDerivation() throws {
        let error = #expect(throws: CredentialError.self) {
            try PrivateKey(bytes: try Self.bytes("pkcs8-huge-iterations.p8"), passphrase: { "secret" })
        }
        #expect(error?.message == "asks for 10000001 key-derivation iterations (more than 10000000); refused rather than run")
        #expect(error?.hint.isEmpty == false)
    }

    @Test func aPEMBodyThatIsNotBase64OrHasNoEndIsStillRefused() throws {
        let bad = Array("-----BEGIN PRIVATE KEY-----\nMIG!!!\n-----END PRIVATE KEY-----\n".utf8)
        #expect((#expect(throws: CredentialError.self) { try PrivateKey(bytes: bad) })?.message == "a PEM block is not valid base64")
        let cut = Array("-----BEGIN PRIVATE KEY-----\nMIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg\n".utf8)
        #expect((#expect(throws: CredentialError.self) { try PrivateKey(bytes: cut) })?.message.hasPrefix("truncated PEM") == true)
    }

    @Test func aPKCS12WithAnExtraKeyPicksTheOneMatchingTheLeaf() throws {
        let bundle = try CredentialReader().read(path: Self.path("multikey-one-leaf.p12"))
        #expect(bundle.keys.count == 2)
        #expect(bundle.keyMatchesLeaf == true)
        #expect(bundle.keyAmbiguity == nil)
        #expect(bundle.keyChoice?.hasPrefix("holds 2 private keys; using key 2 (RSA 1024), the one matching the leaf certificate") == true)
        let report = InspectionReport(file: "multikey-one-leaf.p12", bundle: bundle, now: Date())
        #expect(report.privateKeys.map(\.matches) == [nil, bundle.leaf?.subject])
        #expect(report.privateKeys.map(\.kind) == ["RSA 2048", "RSA 1024"])
    }

    @Test func aPKCS12WithTwoIdentitiesChoosesNoKeyAndNamesTheChoices() throws {
        let bundle = try CredentialReader().read(path: Self.path("multikey-two-identities.p12"))
        #expect(bundle.keys.count == 2)
        #expect(bundle.privateKey == nil)
        let problem = try #require(bundle.keyAmbiguity)
        #expect(problem.hasPrefix("holds 2 private keys and 2 match a leaf certificate: key 1 (RSA 1024) matches"))
        #expect(problem.contains("key 2 (RSA 2048) matches \"Apple Push Services: com.example.second\""))
        let report = InspectionReport(file: "x.p12", bundle: bundle, now: Date())
        #expect(report.privateKeys.allSatisfy { $0.matches != nil })
        #expect(report.text.contains("NONE: holds 2 private keys"))
    }
}
