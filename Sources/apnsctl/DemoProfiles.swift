import APNsCore
import APNsMock
import APNsProvisioning
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The demo's provisioning-profile steps: a development profile signed by a demo CA, then `profile verify
/// --cert` with the demo's push certificate (passes) and with a production-only one (fails, with the hint).
enum DemoProfiles {
    /// Runs the steps in `directory`, where `demo.p12` and `demo-p12-password.txt` already are.
    static func run(_ demo: DemoRunner, directory: String, teamID: String, bundleID: String) {
        demo.say("\n8. Provisioning profiles: a profile signed by the demo CA, checked against push certificates")
        let signed: Void? = demo.prepare(
            "sign a development profile", detail: "demo.mobileprovision",
            done: "  wrote demo.mobileprovision (signed by demo-profile-ca.pem) and demo-production-only.pem"
        ) {
            let authority = try MockCertificateAuthority(commonName: "apnsctl DEMO profile CA")
            let identity = try authority.identity
            let now = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
            let template = ProfileSigner.Template(name: "DEMO Development", teamID: teamID, bundleID: bundleID,
                                                  apsEnvironment: "development", created: now,
                                                  expires: now.addingTimeInterval(365 * 86_400),
                                                  devices: ["00008030-000000000000DE01"])
            let profile = try ProfileSigner.sign(template, certificatePEM: identity.certificatePEM,
                                                 privateKeyPEM: identity.privateKeyPEM)
            try SecureFile.write(profile, to: directory + "/demo.mobileprovision", mode: 0o644, overwrite: true)
            try SecureFile.write(Array(identity.certificatePEM.utf8), to: directory + "/demo-profile-ca.pem",
                                 mode: 0o644, overwrite: true)
            let productionOnly = try authority.issueClientCertificate(bundleID: bundleID, teamID: teamID, topics: [],
                                                                      development: false, production: true)
            try SecureFile.write(Array(productionOnly.certificatePEM.utf8), to: directory + "/demo-production-only.pem",
                                 mode: 0o644, overwrite: true)
        }
        guard signed != nil else { return }
        let verify = ["profile", "verify", "demo.mobileprovision", "--ca", "demo-profile-ca.pem", "--env", "development",
                      "--bundle-id", bundleID]
        demo.step("inspect the profile", ["profile", "inspect", "demo.mobileprovision", "--ca", "demo-profile-ca.pem"],
                  showLines: 14) { output in
            output.status != 0 ? "exit \(output.status), expected 0"
                : (output.stdout.contains("verified") ? nil : "the signature is not reported as verified")
        }
        demo.step("profile and push certificate match",
                  verify + ["--cert", "demo.p12", "--password-file", "demo-p12-password.txt"]) { output in
            output.status == 0 ? nil : "exit \(output.status), expected 0: " + output.stdout + output.stderr
        }
        demo.step("a production-only certificate does not fit", verify + ["--cert", "demo-production-only.pem"]) { output in
            output.status != 1 ? "exit \(output.status), expected 1"
                : (output.stderr.contains("production-only") ? nil : "no hint about the production-only certificate")
        }
    }
}
