import APNsAppStoreConnectMock
import APNsCore
import APNsKeystore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The demo's provisioning section (docs/provisioning.md): a local App Store Connect whose App ID lacks Push
/// Notifications and whose development profile predates it (no `aps-environment`, the cause of "no valid
/// aps-environment entitlement string found for application"); `app check --apple` names the cause, `app push
/// enable` and `profile renew` fix it, and `app check --apple` says ready.
enum DemoProvisioning {
    static let ascKeyID = "DEMOASC001"
    static let issuer = "69a6de7e-6b7f-47e3-e053-5b8c7c11a4d1"
    static let profileName = "Demo Development"

    static func run(_ demo: DemoRunner, directory: String, team: String, bundleID: String) async {
        demo.say("\n14. Provisioning from Linux: a local App Store Connect, an App ID without Push Notifications")
        let started = await demo.prepare(
            "start a local App Store Connect", detail: "an App ID without push, a profile without aps-environment",
            done: "  wrote AuthKey_\(ascKeyID).p8 (an App Store Connect API key), asc-state.json and asc-ca.pem"
        ) { () async throws -> MockAppStoreConnectServer in
            let key = SigningKeyMaterial.generate()
            try SecureFile.write(Array(key.pkcs8PEM.utf8), to: directory + "/AuthKey_\(ascKeyID).p8", overwrite: true)
            let state = seed(team: team, bundleID: bundleID, now: Date())
            try SecureFile.write(Array(state.utf8), to: directory + "/asc-state.json", mode: 0o644, overwrite: true)
            let server = try await MockAppStoreConnectServer.start(MockAppStoreConnectConfiguration(
                statePath: directory + "/asc-state.json",
                trustedKeys: [MockAppStoreConnectTrustedKey(keyID: ascKeyID, publicKeyPEM: key.pkcs8PEM, issuerID: issuer)]))
            try SecureFile.write(Array(server.caCertificatePEM.utf8), to: directory + "/asc-ca.pem", mode: 0o644,
                                 overwrite: true)
            return server
        }
        guard let server = started else { return }
        let asc = ["--asc-url", "https://127.0.0.1:\(server.port)", "--cacert", "asc-ca.pem"]
        demo.step("import the App Store Connect API key",
                  ["asc", "key", "import", "AuthKey_\(ascKeyID).p8", "--issuer", issuer], exit: 0)
        demo.step("Apple's side: push off, a profile without aps-environment", ["app", "push", "status", bundleID] + asc,
                  exit: 0, mentions: profileName)
        demo.step("app check --apple names the cause", ["app", "check", bundleID, "--team", team, "--apple"] + asc,
                  exit: 1, mentions: "Push Notifications")
        demo.step("enable Push Notifications on the App ID", ["app", "push", "enable", bundleID] + asc,
                  exit: 0, mentions: "profile renew")
        demo.step("app check --apple: the classic case, named", ["app", "check", bundleID, "--team", team, "--apple"]
                  + asc, exit: 1, mentions: "predates it")
        demo.step("renew the profile that predates it",
                  ["profile", "renew", "--bundle-id", bundleID, "--type", "IOS_APP_DEVELOPMENT", "--out", "profiles",
                   "--replace", "--ca", "asc-ca.pem"] + asc, exit: 0)
        demo.step("Apple's side now carries aps-environment", ["app", "push", "status", bundleID] + asc,
                  exit: 0, mentions: "development")
        demo.step("app check --apple: ready", ["app", "check", bundleID, "--team", team, "--apple"] + asc, exit: 0)
        try? await server.stop()
    }

    /// The local App Store Connect's state (docs/mock.md, "mock asc"): the App ID without capabilities, a device,
    /// a development certificate, and a development profile made two months ago without `aps-environment`.
    static func seed(team: String, bundleID: String, now: Date) -> String {
        func iso(_ days: Double) -> String {
            Date(timeIntervalSince1970: (now.timeIntervalSince1970 + days * 86_400).rounded(.down)).formatted(.iso8601)
        }
        return """
        {
          "version": 1,
          "teamID": "\(team)",
          "bundleIds": [{"id": "DEMOAPPID1", "identifier": "\(bundleID)", "name": "Demo", "platform": "IOS",
                         "seedId": "\(team)", "capabilities": []}],
          "devices": [{"id": "DEMODEVIC1", "name": "Demo iPhone", "udid": "00008030-000000000000DE01",
                       "platform": "IOS", "status": "ENABLED"}],
          "certificates": [{"id": "DEMOCERT01", "name": "Demo Development", "certificateType": "IOS_DEVELOPMENT",
                            "platform": "IOS", "expirationDate": "\(iso(300))"}],
          "profiles": [{"id": "DEMOPROF01", "name": "\(profileName)", "profileType": "IOS_APP_DEVELOPMENT",
                        "profileState": "ACTIVE", "createdDate": "\(iso(-60))", "expirationDate": "\(iso(305))",
                        "bundleIdId": "DEMOAPPID1", "certificateIds": ["DEMOCERT01"], "deviceIds": ["DEMODEVIC1"],
                        "apsEnvironment": null}]
        }
        """
    }
}
