import APNsAppStoreConnect
import APNsAppStoreConnectMock
import APNsTokens
import Crypto
import Foundation
import TestSupport

/// A local App Store Connect (``MockAppStoreConnectServer``, in process) seeded with one App ID, one certificate,
/// one device and one development profile, and a client whose tokens its trusted key signs.
struct ProfileASCMock {
    static let bundleID = "com.example.app"
    static let profileName = "Example Dev"

    let server: MockAppStoreConnectServer
    let directory: URL
    let caFile: String
    let client: AppStoreConnectClient
    var out: String { directory.appendingPathComponent("out").path }

    /// `push`: the App ID has Push Notifications; `profileAPS`: the seeded profile's aps-environment (nil: it was
    /// made before the capability was enabled).
    static func start(push: Bool = true, profileAPS: String? = nil) async throws -> ProfileASCMock {
        let directory = TestPaths.temporaryDirectory("profile-asc")
        let statePath = directory.appendingPathComponent("state.json").path
        let capabilities = push ? #"[{"capabilityType": "PUSH_NOTIFICATIONS"}]"# : "[]"
        let aps = profileAPS.map { "\"\($0)\"" } ?? "null"
        // The mock's CA is valid from an hour ago, and a profile's chain is judged as of its creation date.
        let created = ISO8601DateFormatter().string(from: Date().addingTimeInterval(-1800))
        let state = """
        {"teamID": "MOCKTEAM01",
         "bundleIds": [{"id": "B1", "identifier": "\(bundleID)", "name": "Example", "platform": "IOS",
                        "seedId": "MOCKTEAM01", "capabilities": \(capabilities)}],
         "certificates": [{"id": "C1", "name": "Dev", "certificateType": "IOS_DEVELOPMENT"}],
         "devices": [{"id": "D1", "name": "Phone", "udid": "00008030-001A2B3C4D5E6F70", "platform": "IOS",
                      "status": "ENABLED"}],
         "profiles": [{"id": "P1", "name": "\(profileName)", "profileType": "IOS_APP_DEVELOPMENT",
                       "profileState": "ACTIVE", "createdDate": "\(created)",
                       "expirationDate": "2030-01-05T10:00:00Z", "bundleIdId": "B1", "certificateIds": ["C1"],
                       "deviceIds": ["D1"], "apsEnvironment": \(aps)}]}
        """
        try Data(state.utf8).write(to: URL(fileURLWithPath: statePath))
        let key = P256.Signing.PrivateKey()
        let issuer = "69a6de7e-1234-47e3-e053-5b8c7c11a4d1"
        let trusted = MockAppStoreConnectTrustedKey(keyID: "ASCKEY1234", publicKeyPEM: key.publicKey.pemRepresentation,
                                                    issuerID: issuer)
        let server = try await MockAppStoreConnectServer.start(
            MockAppStoreConnectConfiguration(statePath: statePath, trustedKeys: [trusted]))
        let caFile = directory.appendingPathComponent("ca.pem").path
        try Data(server.caCertificatePEM.utf8).write(to: URL(fileURLWithPath: caFile))
        let client = AppStoreConnectClient(baseURL: "https://127.0.0.1:\(server.port)", caFile: caFile, token: {
            try AppStoreConnectToken.sign(keyID: "ASCKEY1234", issuerID: issuer, issuedAt: Date(), lifetime: 600,
                                          key: key).compact
        })
        return ProfileASCMock(server: server, directory: directory, caFile: caFile, client: client)
    }

    /// The files in the output directory (none when it does not exist).
    var written: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: out)) ?? []).sorted()
    }

    func stop() async throws { try await server.stop() }
}
