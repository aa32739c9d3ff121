import APNsCore
import APNsCredentials

extension CredentialRemedy: WordedRemedy {
    var words: String {
        switch self {
        case .usual(let reason): return Self.usualWords(reason)
        case .givePassword: return "give it with --password-file FILE or --password-env NAME"
        case .giveExportPassword: return "give the export password with --password-file FILE or --password-env NAME"
        case .giveKeyPassphrase: return "pass it with --password-file FILE or --password-env NAME"
        case .checkKeyPassphraseSource: return "check the passphrase source (--password-file / --password-env)"
        case .givenPasswordIsWrong:
            return "the password given (--password-file or --password-env) does not open this file: "
                + "check it is this file's export password"
        case .inspectProfileInstead: return "use \(NextStep("profile", "inspect", "FILE", carries: [])) for .mobileprovision and .provisionprofile files"
        case .readableFormats: return "apnsctl reads PEM, DER (.cer) and PKCS#12 (.p12, .pfx) files"
        case .missingAlgorithm: return "the file may use an algorithm this OpenSSL lacks; see \(NextStep("doctor", carries: []))"
        case .oneDERObject: return "add --no-chain and --no-key for the certificate, or --key-only for the key"
        }
    }

    /// What to do when the thrower gave no hint: every error the CLI shows has one.
    private static func usualWords(_ reason: CredentialError.Reason) -> String {
        switch reason {
        case .empty: return "the file is empty: check the path, or that the download or export finished"
        case .unrecognised, .malformed:
            return "give a PEM or DER certificate, a PKCS#12 (.p12) file, or a .p8/PEM private key; "
                + "\(NextStep("cert", "inspect", "FILE", carries: [])) shows what a file holds"
        case .wrongPassword, .passwordRequired:
            return "give the password with --password-file FILE or --password-env NAME, or type it at the prompt"
        case .notAKey:
            return "give the private key (the .p8 from the developer account, or a PEM PRIVATE KEY): a public key or a certificate cannot sign"
        case .notACertificate:
            return "give a certificate (PEM/DER), a PKCS#12 (.p12) export or a private key: a public key alone cannot authenticate"
        case .integrity: return "the file is damaged: export it again"
        case .unsupported: return "convert it with openssl to PKCS#8 (keys) or PEM (certificates) and try again"
        case .keyMismatch: return "pair the certificate with the private key it was issued for"
        case .inconsistentKey:
            return "the key is damaged (a changed byte, a bad copy): tokens or connections made with it would be "
                + "refused; use an undamaged copy (download or export it again); `openssl pkey -check -in FILE` shows the same"
        case .internalFailure: return "please report this with the command you ran"
        }
    }
}

extension CertificateCheck {
    /// The check as `cert verify` shows it: a skipped key check says which flag gives the key.
    var worded: CertificateCheck {
        guard name == "private_key", status == .skipped else { return self }
        return CertificateCheck(name, status, detail + "; pass --cert-key FILE to check one")
    }
}
