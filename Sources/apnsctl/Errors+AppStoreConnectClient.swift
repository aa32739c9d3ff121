import APNsAppStoreConnect
import APNsCore
import APNsOperations

/// An App Store Connect request that failed, with what the invocation used (the key, the server), so the words
/// name them: one error line, one hint.
struct AppStoreConnectFailure: UserFacingError {
    var error: AppStoreConnectError
    /// The key used, when known.
    var key: String?
    /// `--asc-url`, when known.
    var url: String?

    var presented: APNsError {
        let keyID = key ?? "(the keystore's)"
        let url = url ?? AppStoreConnect.appleBaseURL
        let importTeamKey = NextStep("asc", "key", "import", "AuthKey_KEYID.p8", "--issuer", "ISSUER_ID")
        let at = url == AppStoreConnect.appleBaseURL ? "App Store Connect" : "App Store Connect at \(url)"
        switch error {
        case .unauthorized(.clockSkew(let seconds), _):
            let minutes = (abs(seconds) + 59) / 60
            return APNsError(.checkFailed, "\(at) refused key \(keyID)'s token: this host's clock is \(minutes) "
                                 + "minute(s) \(seconds > 0 ? "behind" : "ahead of") the server's",
                             hint: "set the clock (NTP: timedatectl set-ntp true): a token lives at most 20 "
                                 + "minutes from the time it says it was issued")
        case .unauthorized(.keyOrIssuer, _):
            return APNsError(.checkFailed, "\(at) refused key \(keyID)'s token (401 NOT_AUTHORIZED)",
                             hint: "the key may be revoked in App Store Connect (Users and Access > Integrations), "
                                 + "or imported with another team's issuer id: import it again with \(importTeamKey)")
        case .forbidden(.individualKey, _):
            return APNsError(.checkFailed, "\(at) refused key \(keyID): it is an individual key, and Apple allows "
                                 + "only team keys on the provisioning endpoints (bundle ids, capabilities, profiles)",
                             hint: "use a team key (role Admin or App Manager): import one with \(importTeamKey), "
                                 + "then pass --asc-key KEYID")
        case .forbidden(.role, let errors):
            return APNsError(.checkFailed, "\(at) refused key \(keyID): \(Self.said(errors, or: "its role does not allow this request"))",
                             hint: "provisioning needs a team key with the Admin or App Manager role "
                                 + "(App Store Connect > Users and Access > Integrations)")
        case .notFound(let path, let errors):
            return .badInput("\(at) has no \(path): \(Self.said(errors, or: "404 NOT_FOUND"))",
                             hint: "is --asc-url the App Store Connect API's root (\(AppStoreConnect.appleBaseURL))?")
        case .conflict(let resource, _):
            return APNsError(.checkFailed, "\(at) refused the change: it conflicts with \(resource)",
                             hint: "the resource exists already; \(NextStep("profile", "list", carries: [.keystore, .appStoreConnect])) lists the profiles")
        case .rateLimited(let wait, _):
            let after = wait.map { "\($0.components.seconds) s" } ?? "a while"
            return .unreachable("\(at) answered 429 RATE_LIMIT_EXCEEDED (\(AppStoreConnect.rateLimitRetries + 1) "
                                    + "tries): key \(keyID) made too many requests this hour",
                                hint: "run it again after \(after): the limit is per key, over a rolling hour")
        case .rejected(let status, let errors):
            return APNsError(status >= 500 ? .unreachable : .checkFailed,
                             "\(at) answered HTTP \(status): \(Self.said(errors, or: "no detail"))",
                             hint: status >= 500 ? "Apple's side failed: run it again later"
                                 : "Apple's code says what was refused: \(errors.first?.code ?? "none")")
        case .notJSON(let status, let type, let excerpt):
            return .unreachable("\(url) answered HTTP \(status) with \(type ?? "no content type"), not App Store "
                                    + "Connect's JSON: \(excerpt)",
                                hint: "is --asc-url right, or is a proxy or a captive portal in the way? "
                                    + "App Store Connect is \(AppStoreConnect.appleBaseURL)")
        case .malformed(let path, let detail):
            return .unreachable("\(at) answered \(path) with JSON that is not the API's: \(detail)",
                                hint: "is --asc-url an App Store Connect API server?")
        case .untrustedServer(let address, let detail):
            return .unreachable("\(address): the server's certificate is not trusted: \(detail)",
                                hint: "for a server of your own (mock asc: its --ca-out file) name its CA with --cacert FILE")
        case .unreachable(let address, let detail):
            return .unreachable("\(address): App Store Connect could not be reached: \(detail)",
                                hint: "check the network (and a proxy) and --asc-url")
        case .deadline(let address, let after):
            return .unreachable("\(address): no answer within \(after.components.seconds) s",
                                hint: "App Store Connect is slow or unreachable: run it again later")
        case .badURL(let address):
            return .usage("\(address) is not an https:// URL", hint: "--asc-url takes the server's root, e.g. "
                              + AppStoreConnect.appleBaseURL)
        }
    }

    /// Apple's words for the first error: its detail, else its title.
    static func said(_ errors: [AppStoreConnectAPIError], or fallback: String) -> String {
        errors.first.map { $0.detail ?? $0.title } ?? fallback
    }
}

extension AppStoreConnectError: UserFacingError {
    /// Worded without the invocation's key and server (a verb that knows them throws ``AppStoreConnectFailure``).
    var presented: APNsError { AppStoreConnectFailure(error: self).presented }
}

extension AppPushError: UserFacingError {
    var presented: APNsError {
        switch self {
        case .unknownBundleID(let bundleID):
            return .badInput("App Store Connect has no App ID \(bundleID) in the key's team",
                             hint: "check the bundle id; register it in the developer portal (Certificates, "
                                 + "Identifiers & Profiles > Identifiers); "
                                 + "\(NextStep("profile", "list", carries: [.keystore, .appStoreConnect])) lists the team's profiles")
        }
    }
}

extension AppStoreConnectOptions {
    /// Runs `body` with a client for the keystore's App Store Connect key (a team key: an individual one is refused
    /// before asking, as Apple would refuse it); the client's errors come out worded with the key and the server
    /// (``AppStoreConnectFailure``).
    func call<T>(keystore: KeystoreOptions, _ body: (AppStoreConnectClient) throws -> T) throws -> T {
        let signer = try signer(keystore: keystore)
        try signer.requireTeamKey()
        do {
            return try body(client(signer: signer))
        } catch let error as AppStoreConnectError {
            throw AppStoreConnectFailure(error: error, key: signer.keyID, url: url)
        }
    }
}
