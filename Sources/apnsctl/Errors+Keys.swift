import APNsCore
import APNsOperations

// How the CLI words the key, keystore and certificate join/convert use cases' errors (``UserFacingError``).

extension KeyDiscoveryError: UserFacingError {
    var presented: APNsError {
        switch self {
        case .revoked(let keyID, let teamID):
            return .keystore("key \(keyID) is revoked: it signs no canary and its scope is no longer recorded",
                             hint: "\(NextStep("key", "list", "--team", teamID)) shows the team's other keys")
        case .noTopic(let keyID, let teamID):
            return .usage("no --topic: the canaries need one of team \(teamID)'s topics (a bundle id)",
                          hint: "pass --topic com.example.app (the keystore records no topic for key \(keyID))")
        case .nothingRecorded(let result):
            let conclusion = result.conclusion
            return APNsError(conclusion.exitStatus, "nothing recorded for key \(result.record.keyID): \(conclusion.message)",
                             hint: conclusion.remedy?.words ?? "")
        case .recordRefused(_, let error):
            return APNsError.presented(error) ?? .keystore(String(describing: error))
        }
    }
}

extension CanaryServerError: UserFacingError {
    var presented: APNsError {
        switch self {
        case .environmentUnnamed:
            return .usage("--target names a server for each environment: say which one with --env",
                          hint: "add --env development or --env production")
        case .noServer(let environment, let named):
            let servers = named.map { "\($0.environment.rawValue)=\($0.host):\($0.port)" }.joined(separator: ", ")
            return .usage("no --target for \(environment.rawValue): only \(servers)",
                          hint: "add --target \(environment.rawValue)=HOST:PORT for the server playing \(environment.rawValue)")
        }
    }
}

extension KeyRotationError: UserFacingError {
    var presented: APNsError {
        switch self {
        case .noServer(let keyID, let error):
            let plain = error.presented
            return .usage("\(plain.message) (key \(keyID) covers it)",
                          hint: plain.hint + ", or --env to probe only one environment")
        case .afterCanaries(let error, _):
            return APNsError.presented(error) ?? .keystore(String(describing: error))
        }
    }
}

extension CertificateJoinError: UserFacingError {
    var presented: APNsError {
        switch self {
        case .noCertificate(let file):
            return .badInput("\(file): holds a private key but no certificate",
                             hint: "give the certificate downloaded from Apple's portal (aps.cer)")
        case .damagedRequestKey(let file, let requestID, let problem):
            return .badInput("\(file) (the key of request \(requestID)): \(problem)",
                             hint: "the keystore's request file was changed; restore it from a backup, or discard the "
                                 + "request (\(NextStep("cert", "request", "--discard", requestID))) and make a new one")
        case .keyMismatch(let requestID, let file):
            return .keystore("request \(requestID): its stored key does not match \(file)",
                             hint: "the keystore's request file was changed; restore it from a backup")
        case .exportExists(let file):
            return .output("\(file): already exists", hint: "choose another --out, or add --force to replace it")
        case .notesDiffer(let file, let requestID, let differences):
            return .badInput("\(file): not the certificate request \(requestID) was made for: "
                                + differences.map(CertJoin.describe).joined(separator: "; "),
                             hint: "download the certificate made for the noted app and environment from the developer "
                                 + "portal, or join this one without --strict (the difference is then a warning)")
        }
    }
}

extension CertificateConversionError: UserFacingError {
    var presented: APNsError {
        switch self {
        case .sameOutput(let first, let second, let output):
            return .usage("\(first) and \(second) would both be written to \(output); nothing was written",
                          hint: "convert them in separate runs, or into separate --out-dir directories")
        case .ambiguousKey(let input, let problem):
            return .badInput("\(input): \(problem)",
                             hint: IdentityOptions.ambiguityHint + "; or --no-key to convert the certificates alone")
        case .noPrivateKey(let input):
            return .badInput("\(input): holds no private key", hint: "--key-only needs an input with a key")
        case .nothingLeft(let input):
            return .badInput("\(input): nothing left to write", hint: "drop --no-key, or pick an input with a certificate")
        case .unencodable(let input, let error):
            return .badInput("\(input): \(error.message)", hint: error.hint)
        }
    }
}

extension KeyImportError: UserFacingError {
    var presented: APNsError {
        switch self {
        case .emptyPassphrase:
            return .usage("the passphrase is empty", hint: "give a non-empty passphrase to --encrypt")
        }
    }
}
