import APNsCore
import APNsMock
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The demo's provisioning part: a push certificate made without a Mac.
extension DemoCommand {
    /// `cert request` → the demo CA signs the CSR as Apple's portal would (push OIDs, topics) → `cert join` with a
    /// .p12 export → `cert inspect` of the export.
    func runCertificateRequestSteps(_ demo: DemoRunner, directory: String, authority: MockCertificateAuthority) {
        demo.say("\n10. A push certificate without a Mac: request, Apple's part (played by the DEMO CA), join")
        demo.step("make a certificate request", ["cert", "request", "--out", "push.csr", "--bundle-id", Self.bundleID,
                                                  "--env", "production", "--email", "demo@example.com"],
                                                  exit: 0, mentions: "apnsctl cert join aps.cer")
        demo.step("inspect the request", ["cert", "inspect", "push.csr"], showLines: 8,
                  exit: 0, mentions: "self-signature verifies")
        let signed: Void? = demo.prepare(
            "the DEMO CA signs the request as Apple would", detail: "aps.cer",
            done: "  the DEMO CA signed push.csr: aps.cer (DER, universal, topics \(Self.bundleID) and .voip)"
        ) {
            let csr = String(decoding: try SecureFile.read(directory + "/push.csr", offerStandardInput: false), as: UTF8.self)
            let certificate = try authority.signRequest(
                pem: csr, bundleID: Self.bundleID, teamID: Self.team,
                topics: [(Self.bundleID, ["topic"]), (Self.bundleID + ".voip", ["voip"])],
                development: true, production: true)
            try SecureFile.write(certificate, to: directory + "/aps.cer", mode: 0o644, overwrite: true)
        }
        guard signed != nil else { return }
        demo.step("join it with the pending key, export a .p12",
                  ["cert", "join", "aps.cer", "--ca", "demo-ca.pem", "--out", "push.p12",
                   "--out-password-file", "demo-p12-password.txt"], exit: 0, mentions: "NOT issued by Apple")
        demo.step("inspect the exported .p12", ["cert", "inspect", "push.p12", "--password-file",
                                                 "demo-p12-password.txt"], showLines: 6,
                                                 exit: 0, mentions: Self.bundleID)
    }
}
