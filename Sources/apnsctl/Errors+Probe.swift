import APNsCore
import APNsOperations
import APNsProbe
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension ProbeCredentialError: UserFacingError {
    var presented: APNsError {
        switch self {
        case .tokenVariableUnset(let name):
            return .usage("environment variable \(name) is not set",
                          hint: "export \(name)=$(\(NextStep("token", "issue").command)), or use --token-file FILE")
        case .malformedToken(let source, let cause):
            return .badInput("\(source): \(cause.message)", hint: cause.worded.hint)
        case .noCertificate(let path):
            return .badInput("\(path): holds no certificate", hint: "pass the push certificate's .p12 or PEM file")
        case .noPrivateKey(let path):
            return .badInput("\(path): holds no private key for the certificate",
                             hint: "export the certificate with its key as .p12 from Keychain Access")
        case .keyDoesNotMatchCertificate(let path):
            return .badInput("\(path): the private key does not belong to the certificate",
                             hint: "export the certificate and its own key together")
        case .invalidTeamID(let value):
            return .usage("--team \(value): not a valid team id (10 characters, A–Z and 0–9)",
                          hint: "your team id is shown in Apple's developer account, under Membership")
        case .invalidKeyID(let value):
            return .usage("--key-id \(value): not a valid key id (10 characters, A–Z and 0–9)",
                          hint: "the key id is the 10 characters in AuthKey_KEYID.p8")
        }
    }
}

extension ProbePlanError: UserFacingError {
    var presented: APNsError {
        switch self {
        case .channelsNeedBundleID:
            return .usage("--channels needs the app's bundle id", hint: "pass --topic com.example.app")
        }
    }
}

extension DoctorCheck {
    /// The check as `doctor` shows it: a remedy worded into the hint, naming its options.
    var worded: DoctorCheck {
        guard hint.isEmpty, let remedy else { return self }
        var check = self
        switch remedy {
        case .addRootOrDropCAFile: check.hint = "add the root to that file, or leave out --cacert; " + TrustAnchorCheck.missingHint
        case .trustServerCA:
            check.hint = "pass the CA that issued the server's certificate with --cacert FILE "
                + "(\(NextStep("mock", "serve", carries: [])) writes its CA next to its state)"
        case .checkPort: check.hint = "check --port"
        case .checkHostAndPort: check.hint = "check that the server runs and --host/--port are right"
        case .compareClockElsewhere:
            check.hint = "compare it with another HTTPS server's Date header: --host HOST [--port P] [--cacert FILE]; "
                + ClockCheck.ntpHint
        }
        return check
    }
}
