import APNsCore
import APNsCredentials
import APNsKeystore
import APNsMock
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The demo's certificate material: a test CA, a universal APNs-style certificate in a .p12, device tokens.
struct DemoFixtures {
    /// The demo's CA: it issued the DEMO certificate and plays Apple's part for `cert request`.
    var authority: MockCertificateAuthority
    var caPEM: String
    var deviceToken: String
    var foreignDeviceToken: String

    static func make(in directory: String, bundleID: String, teamID: String) throws -> DemoFixtures {
        let authority = try MockCertificateAuthority(commonName: "apnsctl DEMO CA")
        let identity = try authority.issueClientCertificate(
            bundleID: bundleID, teamID: teamID,
            topics: [(bundleID, ["topic"]), (bundleID + ".voip", ["voip"]),
                     (bundleID + ".complication", ["complication"])],
            development: true, production: true)
        let reader = CredentialReader()
        let bundle = try reader.read(bytes: Array((identity.certificatePEM + identity.privateKeyPEM).utf8),
                                     name: "DEMO certificate")
        let password = "demo-export-password"
        let p12 = try CredentialWriter.pkcs12(certificates: bundle.certificates, key: bundle.privateKey,
                                              password: password, friendlyName: "DEMO " + bundleID)
        try SecureFile.write(p12, to: directory + "/demo.p12", overwrite: true)
        try SecureFile.write(Array((password + "\n").utf8), to: directory + "/demo-p12-password.txt", overwrite: true)
        try SecureFile.write(Array(try authority.certificatePEM.utf8), to: directory + "/demo-ca.pem", mode: 0o644,
                             overwrite: true)
        return DemoFixtures(authority: authority, caPEM: try authority.certificatePEM, deviceToken: randomHex(32),
                            foreignDeviceToken: randomHex(32))
    }

    static func randomHex(_ bytes: Int) -> String {
        Hex.lower((0..<bytes).map { _ in UInt8.random(in: 0...255) })
    }
}

/// The JSON form of the demo's outcome (`--format json`).
/// `passed`, `seconds`, `steps` (each `step`, `command`, `exit_code`, `passed`, `detail`), `kept` (the kept
/// directory, null unless kept).
struct DemoSummary: Encodable {
    var passed: Bool
    var seconds: Double
    var steps: [DemoRunner.Outcome]
    @Nullable var kept: String?
}

extension DemoCommand {
    /// The mock APNs of the demo: development, trusting the keystore's keys and the DEMO CA's client certificates.
    func startMock(directory: String, fixtures: DemoFixtures) async throws -> MockAPNsServer {
        let keystore = try Keystore.open(at: directory + "/keystore")
        let trusted = try keystore.trustedKeys()
        let policy = ValidationPolicy(environment: .development,
                                      devices: [fixtures.deviceToken: Self.bundleID],
                                      trustedKeys: trusted)
        var configuration = MockServerConfiguration(policy: policy, clientCAPEM: fixtures.caPEM,
                                                    logSink: { _ in })
        configuration.channelsPort = 0
        return try MockAPNsServer(configuration: configuration)
    }
}
