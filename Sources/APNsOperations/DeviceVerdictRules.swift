import APNsCore
import APNsModel
import APNsProbe

/// What one answer to a device check's canary means for the token: pure rules, no I/O.
public enum DeviceVerdictRules {
    /// Reasons that refuse the credential, not the token: a key or certificate problem.
    static let credentialReasons: Set<APNsReason> = [
        .badCertificate, .badCertificateEnvironment, .expiredProviderToken, .forbidden, .invalidProviderToken,
        .missingProviderToken, .badEnvironmentKeyIdInToken, .badEnvironmentKeyInToken, .unrelatedKeyIdInToken,
        .tooManyProviderTokenUpdates,
    ]

    /// Reasons that say the credential is not for this server's environment (a key or certificate for the other
    /// one only): that environment is no use for the rest of the run.
    static let environmentReasons: Set<APNsReason> = [
        .badCertificateEnvironment, .badEnvironmentKeyIdInToken, .badEnvironmentKeyInToken,
    ]

    /// The result for `exchange`, the answer from the last environment in `tried`; nil when the token should be
    /// tried in the next environment (`400 BadDeviceToken` and `canTryAnother`).
    public static func judge(_ exchange: Exchange, entry: DeviceTokenEntry, index: Int, tried: [APNsEnvironment],
                             keyID: String?, canTryAnother: Bool) -> DeviceCheckResult? {
        let environment = tried.last ?? .production
        var result = DeviceCheckResult(index: index, line: entry.line, deviceToken: entry.token.hex,
                                       verdict: .inconclusive, environmentsTried: tried, status: exchange.status,
                                       reason: exchange.reason, apnsID: exchange.headers["apns-id"] ?? exchange.sentID,
                                       keyID: keyID, explanation: "")
        if let failure = exchange.failure {
            result.status = nil
            result.reason = failure.kind.rawValue
            result.networkFailure = true
            result.explanation = "no answer from the \(environment.rawValue) server: \(failure.message)"
            return result
        }
        let reason = exchange.reason.flatMap(APNsReason.init(rawValue:))
        switch (exchange.status, reason) {
        case (200?, _):
            result.verdict = .accepted(in: environment)
            result.explanation = environment == .development
                ? "a sandbox token: the app was built and run from Xcode with a development profile"
                : "a production token: a TestFlight, App Store, Ad Hoc or Enterprise build"
        case (400?, .badDeviceToken?):
            if canTryAnother { return nil }
            return refused(entry, index: index, in: Set(tried), tried: tried, last: result, skipped: nil)
        case (400?, .deviceTokenNotForTopic?):
            result.verdict = .otherApp
            result.explanation = "DeviceTokenNotForTopic in \(environment.rawValue): a token of another bundle id"
        case (410?, _):
            result.verdict = .unregistered
            result.unregisteredAt = exchange.unregisteredAt
            let since = exchange.unregisteredAt.map { " since \(ISO8601Text.string(from: $0))" } ?? ""
            result.explanation = "unregistered in \(environment.rawValue)\(since): the app was removed or the token rotated"
        case (_, let reason?) where credentialReasons.contains(reason):
            result.explanation = "\(environment.rawValue) refused the credential (\(reason.rawValue)): a key or "
                + "certificate problem, not a token problem"
        default:
            let answer = [exchange.status.map(String.init), exchange.reason].compactMap { $0 }.joined(separator: " ")
            result.explanation = "\(environment.rawValue) answered \(answer.isEmpty ? "nothing usable" : answer): "
                + "the answer does not say which environment the token belongs to"
        }
        return result
    }

    /// The result for a token `badIn` answered `400 BadDeviceToken` (`last`: the last answer's result):
    /// `invalid` when both environments did, else not in the one that did (`skipped` says why the other was not
    /// asked; nil: the run was restricted to one).
    static func refused(_ entry: DeviceTokenEntry, index: Int, in badIn: Set<APNsEnvironment>,
                        tried: [APNsEnvironment], last: DeviceCheckResult, skipped: String?) -> DeviceCheckResult {
        var result = last
        result.environmentsTried = tried
        result.networkFailure = false
        if badIn.count > 1 {
            result.verdict = .invalid
            result.explanation = "BadDeviceToken in both environments: not a device token of either"
        } else if let environment = badIn.first {
            result.verdict = .notIn(environment)
            let other = environment.other.rawValue
            result.explanation = "BadDeviceToken in \(environment.rawValue): not a \(environment.rawValue) token; "
                + "it may be a \(other) token (\(skipped ?? "\(other) was not asked"))"
        }
        return result
    }

    /// The result for a token that needs `environment`, for which no credential could be resolved.
    static func noCredential(_ entry: DeviceTokenEntry, index: Int, tried: [APNsEnvironment],
                             environment: APNsEnvironment, error: any Error) -> DeviceCheckResult {
        DeviceCheckResult(index: index, line: entry.line, deviceToken: entry.token.hex, verdict: .inconclusive,
                          environmentsTried: tried,
                          explanation: "no credential for \(environment.rawValue) (\(describe(error))): a key or "
                              + "certificate problem, not a token problem")
    }

    /// The result for a token that needs `environment`, whose server could not be reached earlier in the run.
    static func notSent(_ entry: DeviceTokenEntry, index: Int, tried: [APNsEnvironment], environment: APNsEnvironment,
                        message: String) -> DeviceCheckResult {
        DeviceCheckResult(index: index, line: entry.line, deviceToken: entry.token.hex, verdict: .inconclusive,
                          environmentsTried: tried,
                          explanation: "not sent: the \(environment.rawValue) server could not be reached (\(message))",
                          networkFailure: true)
    }

    private static func describe(_ error: any Error) -> String {
        if let error = error as? APNsError { return error.message }
        return String(describing: error)
    }
}
