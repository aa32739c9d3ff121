import APNsCore
import APNsKeystore
import APNsOperations
import APNsProbe

/// The keystore checks of `doctor` (present, permissions, integrity, keys per team, environments, credentials per
/// team and environment, each certificate as the certificate judge says): ``KeystoreJudgement``'s findings, worded as checks with hints that name real commands.
enum DoctorKeystoreChecks {
    static func run(_ options: KeystoreOptions, minDays: Int, caFiles: [String]) async -> [DoctorCheck] {
        let request = KeystoreJudgementRequest(location: options.location, minDays: minDays, caFiles: caFiles) {
            try options.open()
        }
        return await KeystoreJudgement.judge(request).map { check($0, minDays: minDays) }
    }

    static func check(_ finding: KeystoreFinding, minDays: Int) -> DoctorCheck {
        switch finding {
        case .accessDenied(let access):
            let denied = access.error ?? APNsError.keystore("permission denied")
            return DoctorCheck("keystore", .fail, denied.message, hint: denied.worded.hint)
        case .missing(let path):
            return DoctorCheck("keystore", .warn, "no keystore at \(path)",
                               hint: "create one with \(NextStep("keystore", "init", path, carries: [])), or pass --keystore PATH")
        case .permissionProblems(let first, let count):
            let more = count > 1 ? " (and \(count - 1) more)" : ""
            return DoctorCheck("keystore permissions", .fail, first.summary + more,
                               hint: "run \(NextStep("keystore", "fix-permissions"))")
        case .permissionsSound(let path):
            return DoctorCheck("keystore permissions", .pass, "\(path): directories 0700, secrets 0600")
        case .unreadable(let error):
            let worded = error.worded
            return DoctorCheck("keystore integrity", .fail, worded.message, hint: worded.hint)
        case .contents(let keys, let certificates):
            return DoctorCheck("keystore integrity", .pass,
                               "\(Wording.count(keys, "key")), \(Wording.count(certificates, "certificate"))")
        case .noKeys:
            return DoctorCheck("keys", .warn, "no signing keys", hint: "add one with \(NextStep("key", "import", "FILE", "--team", "TEAMID")) or `key generate`")
        case .activeKeys(let team, let active, let total):
            let named = active.map { "\($0.keyID) (\($0.scope))" }.joined(separator: ", ")
            return DoctorCheck("keys \(team)", .pass, "active: \(named); \(total) in total")
        case .noActiveKey(let team, let total):
            return DoctorCheck("keys \(team)", .warn, "no active key (\(total) in total)",
                               hint: "activate one with \(NextStep("key", "rotate", "--team", team, "--to", "KEYID"))")
        case .uncoveredEnvironment(let gap):
            let environment = gap.environment == .development ? "the sandbox (development)" : "production"
            let one = gap.neededBy.count == 1
            return DoctorCheck(
                "keys \(gap.teamID) \(gap.environment.rawValue)", .warn,
                "no active key covers \(environment), where the push \(one ? "certificate" : "certificates") "
                    + "for \(gap.neededBy.joined(separator: ", ")) \(one ? "works" : "work")",
                hint: "import the portal's key for it: " + NextStep("key", "import", "AuthKey_KEYID.p8", "--team",
                                                                     gap.teamID, "--env", gap.environment.rawValue).description
                    + ", or rotate to one: \(NextStep("key", "list", "--team", gap.teamID))")
        case .noCredential(let gap):
            let environment = gap.environment == .development ? "the sandbox (development)" : "production"
            let keys = gap.activeKeys.isEmpty ? "no active key"
                : "active \(gap.activeKeys.count == 1 ? "key" : "keys") \(gap.activeKeys.joined(separator: ", ")) "
                    + "for the other environment only"
            return DoctorCheck(
                "credentials \(gap.teamID) \(gap.environment.rawValue)", .warn,
                "no key and no certificate covers \(environment): \(keys), \(Wording.count(gap.certificates, "certificate")) "
                    + "for the other environment",
                hint: "\(NextStep("app", "check", "BUNDLE_ID", "--team", gap.teamID)) shows which apps this leaves "
                    + "without pushes; import a key for it: " + NextStep("key", "import", "AuthKey_KEYID.p8", "--team",
                                                                          gap.teamID, "--env", gap.environment.rawValue).description)
        case .certificateRefused(let subject, _, let failures):
            let why = failures.map { "\($0.name): \($0.detail)" }.joined(separator: "; ")
            return DoctorCheck("certificate \(subject)", .fail, "refused by the certificate judge (cert verify's): \(why)",
                               hint: "import a push certificate Apple issued, with its key: "
                                   + "\(NextStep("cert", "import", "FILE")); a certificate of your own CA: pass --ca FILE")
        case .certificate(let subject, let state, let expiring, let timeLeft):
            let name = "certificate \(subject)"
            if state == .expired {
                return DoctorCheck(name, .fail, timeLeft, hint: "renew it in the developer account and import the new one")
            } else if expiring {
                return DoctorCheck(name, .warn, "\(timeLeft) (within --min-days \(minDays))", hint: "renew it before it expires")
            }
            return DoctorCheck(name, .pass, timeLeft)
        }
    }
}
