import APNsCore
import APNsOperations

// The CLI's words for the certificate, profile and token use cases' errors (apnsctl: error: / apnsctl: hint:).

extension TrustAnchorError: UserFacingError {
    var presented: APNsError {
        switch self {
        case .noCertificate(let file):
            return .badInput("\(file): holds no certificate", hint: "--ca takes a CA certificate (PEM or DER)")
        }
    }
}

extension CertificateVerificationError: UserFacingError {
    var presented: APNsError {
        switch self {
        case .noCertificate(let file):
            return .badInput("\(file): holds no certificate, only a private key",
                             hint: "verify the certificate file and pass the key with --cert-key FILE")
        case .noPrivateKey(let keyFile):
            return .badInput("\(keyFile): holds no private key", hint: "--cert-key takes the certificate's private key file")
        }
    }
}

extension ProfileVerificationError: UserFacingError {
    var presented: APNsError {
        switch self {
        case .noCertificate(let file):
            return .badInput("\(file): holds no certificate, only a private key",
                             hint: "--cert takes the push certificate (PEM, DER or .p12)")
        }
    }
}

extension CertificateKeystoreImportError: UserFacingError {
    var presented: APNsError {
        switch self {
        case .signingKey(let name, let file, let kind):
            return .badInput("\(name): a .p8 signing key (\(kind), for token authentication), not a certificate",
                             hint: "import it with \(NextStep("key", "import", file, "--team", "TEAMID"))")
        case .noCertificate(let name):
            return .badInput("\(name): holds a private key but no certificate",
                             hint: "import the .p12 exported from Keychain, or a PEM with certificate and key")
        case .ambiguousKey(let name, let problem):
            return .badInput("\(name): \(problem)", hint: IdentityOptions.ambiguityHint)
        case .unusableKey(let name, let reason):
            return .badInput("\(name): holds a certificate but no usable private key: \(reason)",
                             hint: "export the certificate with its key again (a .p12 from Keychain)")
        case .noPrivateKey(let name):
            return .badInput("\(name): holds a certificate but no private key",
                             hint: "use the .p12 from Keychain, or: cat cert.pem key.pem > bundle.pem")
        case .keyMismatch(let name, let subject):
            return .badInput("\(name): the private key does not belong to the certificate \(subject)",
                             hint: "pair the certificate with the key it was issued for")
        case .notPush(let name, let subject, let evidence):
            return .badInput("\(name): \(subject) is not a push certificate: \(evidence), so APNs accepts it for no topic",
                             hint: "import the app's \"Apple Push Notification service SSL\" certificate from the developer "
                                 + "portal" + (name == "standard input" ? "" : " (\(NextStep("cert", "inspect", name, carries: [])) shows a certificate's purpose)"))
        case .refused(let name, let subject, let findings, let chain):
            return .badInput("\(name): APNs would refuse \(subject): \(findings.joined(separator: "; ")); nothing stored",
                             hint: chain ? "a certificate from Apple's portal chains to Apple Root CA; for one from your "
                                 + "own CA (tests, a mock), name its issuer with --ca FILE"
                                 : "use the push certificate and key the developer portal issued together")
        }
    }
}

extension CertificateRequestCreationError: UserFacingError {
    var presented: APNsError {
        switch self {
        case .fileExists(let file):
            return .output("\(file): already exists", hint: "choose another --out, or add --force to replace it")
        }
    }
}

extension TokenInspectionError: UserFacingError {
    var presented: APNsError {
        switch self {
        case .noSuchKeyFile(let key):
            return .usage("--key \(key): no such file; --key names a key file", hint: "a keystore key is --key-id \(key)")
        case .noKeystore(let keyID):
            return .keystore("no keystore holds key \(keyID)",
                             hint: "name the keystore with --keystore DIR, or verify with --key FILE")
        }
    }
}
