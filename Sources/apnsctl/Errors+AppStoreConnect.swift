import APNsCore
import APNsModel
import APNsOperations

extension AppStoreConnectKeyError: UserFacingError {
    /// App Store Connect keys as the CLI words them: the option to fix, the command to run.
    var presented: APNsError {
        let importTeamKey = NextStep("asc", "key", "import", "AuthKey_KEYID.p8", "--issuer", "ISSUER_ID")
        let list = NextStep("asc", "key", "list")
        switch self {
        case .issuerNotUUID:
            return .usage(description, hint: "pass the issuer id App Store Connect shows under Users and Access > "
                              + "Integrations, e.g. --issuer 57246542-96fe-1a63-e053-0824d011072a")
        case .issuerMissing:
            return .usage(description, hint: "pass --issuer ISSUER_ID (App Store Connect > Users and Access > "
                              + "Integrations) for a team key, or --individual for an individual key")
        case .issuerForIndividualKey:
            return .usage(description, hint: "pass --issuer ISSUER_ID for a team key or --individual for an "
                              + "individual key, not both")
        case .noKey:
            return .keystore(description, hint: "import one with \(importTeamKey)")
        case .severalKeys:
            return .usage(description, hint: "choose one with --asc-key KEYID; \(list) shows them")
        case .unknownKey:
            return .keystore(description, hint: "\(list) shows the App Store Connect keys; import one with \(importTeamKey)")
        case .wrongKind(_, let kind, _):
            return .keystore(description, hint: kind == .apns
                                ? "name an App Store Connect key with --asc-key KEYID; \(list) shows them"
                                : "name an APNs key; \(NextStep("key", "list")) shows them")
        case .revoked:
            return .keystore(description, hint: "Apple never reinstates a revoked key: create a new one in App Store "
                                 + "Connect (Users and Access > Integrations) and import it with \(importTeamKey)")
        case .individualKeyRefused:
            return .keystore(description, hint: "use a team key (role Admin or App Manager): import one with "
                                 + "\(importTeamKey), then pass --asc-key KEYID")
        }
    }
}

extension AppStoreConnectKeyImportError: UserFacingError {
    var presented: APNsError {
        switch self {
        case .notP256Key(_, let detail):
            return .badInput(detail, hint: "an App Store Connect API key is the EC P-256 .p8 (PEM, PRIVATE KEY) "
                                 + "App Store Connect lets you download once, under Users and Access > Integrations")
        }
    }
}
