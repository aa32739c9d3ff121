import APNsCore
import APNsModel
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Every status and reason APNs documents, and the verdict and remedy for each (the command line words the remedies
/// that name its options: ``VerdictRemedy``).
public enum ReasonCatalog {
    /// The documented reasons by status (APNsCore's `APNsReason`, APNS.md "The response").
    public static let reasons: [Int: [String]] = APNsReason.byStatus.mapValues { $0.map(\.rawValue) }

    /// The verdict for an HTTP/2 answer from APNs.
    public static func verdict(status: Int, reason: String?, context: VerdictContext) -> Verdict {
        if status == 200 {
            return Verdict(.healthy, "APNs accepted the push (200)")
        }
        let reason = reason ?? ""
        let label = reason.isEmpty ? "\(status)" : "\(status) \(reason)"
        if status == 400, reason == "BadDeviceToken", context.dummyDeviceToken {
            return Verdict(.healthy, "transport and credential accepted (400 BadDeviceToken for the dummy device token, as expected)",
                           remedy: .deliverToRealDevice)
        }
        let explained = explain(reason, status: status, context: context)
        return Verdict(.rejected, "\(label): \(explained.summary)", remedy: explained.remedy, notes: explained.notes)
    }

    /// The verdict for a request that got no APNs answer.
    /// `certificateNotAfter` is the client certificate's end of validity, when one was sent: a refusal of an expired
    /// certificate is named as such whatever alert the server chose.
    public static func verdict(failure: TransportFailure, target: ProbeTarget, timeout: Double,
                               certificateNotAfter: Date? = nil, now: Date = Date()) -> Verdict {
        let place = "\(target.host):\(target.port)"
        switch failure.kind {
        case .dns:
            return Verdict(.unreachable, "\(target.host) does not resolve: \(failure.message)", remedy: .checkDNS)
        case .connect:
            return Verdict(.unreachable, "no TCP connection to \(place): \(failure.message)",
                           remedy: target.port == 443 ? .tryPort2197
                               : .advice("check that the server is running and the firewall allows port \(target.port)"))
        case .tls where failure.tlsAlert != nil:
            let alert = failure.tlsAlert ?? 0
            let expired = certificateNotAfter.flatMap { end in
                end <= now && TLSAlert(code: alert, description: "").concernsClientCertificate ? end : nil
            }
            return Verdict(.unreachable, "\(place) refused the connection: \(failure.message)",
                           remedy: .tlsAlert(alert, apple: target.environment != nil, certificateExpiredOn: expired))
        case .notTLS:
            return Verdict(.unreachable, "\(place) does not speak TLS: \(failure.message)", remedy: .notTLS)
        case .tls:
            return Verdict(.unreachable, "TLS with \(place) failed: \(failure.message)",
                           remedy: target.environment == nil ? .trustServerCA : .checkTrustStore)
        case .credential:
            return Verdict(.unreachable, "the client certificate could not be used: \(failure.message)",
                           remedy: .checkCertificatePassword)
        case .http1:
            return Verdict(.unreachable, "\(place) answered over HTTP/1.x, not HTTP/2: not an APNs endpoint",
                           remedy: .notHTTP2)
        case .protocolError:
            return Verdict(.unreachable, "the connection to \(place) broke: \(failure.message)",
                           remedy: .advice("the server reset the stream or closed the connection (GOAWAY); retry, and check "
                                           + "the server's logs"))
        case .timeout:
            return Verdict(.unreachable, "\(place) did not answer in time: \(failure.message)",
                           remedy: .raiseTimeout(seconds: timeout))
        case .other:
            return Verdict(.unreachable, "request to \(place) failed: \(failure.message)")
        }
    }

    // swiftlint:disable:next cyclomatic_complexity function_body_length
    static func explain(_ reason: String, status: Int, context: VerdictContext) -> Explanation {
        switch reason {
        case "BadCollapseId":
            return Explanation("the apns-collapse-id is too long", "keep apns-collapse-id to 64 bytes or fewer")
        case "BadDeviceToken":
            return Explanation("APNs does not know this device token in \(context.theEnvironment)",
                               .deviceTokenOfOtherEnvironment(probed: context.environment))
        case "BadExpirationDate":
            return Explanation("the apns-expiration header is not a valid unix time", "send 0, or a time in unix seconds")
        case "BadMessageId":
            return Explanation("the apns-id is not a canonical UUID", "send a lowercase 8-4-4-4-12 UUID, or none")
        case "BadPriority":
            return Explanation("the apns-priority is not 1, 5 or 10", "use 5 for background pushes, 10 for alerts")
        case "BadTopic":
            return Explanation("the apns-topic is not valid for this credential", "use the app's bundle id (with the push type's suffix)")
        case "DeviceTokenNotForTopic":
            return Explanation("the device token belongs to another app than the topic",
                               .checkTopicAgainstApp)
        case "DuplicateHeaders":
            return Explanation("a header was sent more than once", "send each apns-* header once")
        case "IdleTimeout":
            return Explanation("APNs closed the idle connection", "reconnect; keep connections busy or ping them")
        case "InvalidPushType":
            return Explanation("the apns-push-type is not one APNs knows", "use alert, background, voip, complication, fileprovider, mdm, liveactivity, location, pushtotalk, widgets or controls")
        case "MissingDeviceToken":
            return Explanation("the request path has no device token", "POST to /3/device/<token>")
        case "MissingTopic":
            return Explanation("APNs needs an apns-topic for this credential",
                               .giveTopic)
        case "PayloadEmpty":
            return Explanation("the payload was empty", #"send a JSON object such as {"aps":{"content-available":1}}"#)
        case "TopicDisallowed":
            return Explanation("pushes to this topic are not allowed",
                               .topicNotCovered(certificate: context.credentialKind == "certificate"))
        case "BadCertificate":
            return Explanation("APNs rejected the client certificate", .useCurrentCertificate)
        case "BadCertificateEnvironment":
            return Explanation("the certificate is not valid for \(context.theEnvironment)",
                               .certificateOfOtherEnvironment(probed: context.environment))
        case "ExpiredProviderToken":
            return expiredToken(context)
        case "Forbidden":
            return Explanation("APNs refused the request", "check that the key or certificate belongs to the team that owns the topic")
        case "InvalidProviderToken":
            return invalidToken(context)
        case "MissingProviderToken":
            return missingProviderToken(context, status: status)
        case "BadEnvironmentKeyIdInToken", "BadEnvironmentKeyInToken", "UnrelatedKeyIdInToken":
            return explainKeyScope(reason, context: context)
        case "BadPath":
            return Explanation("the request path is not /3/device/<token>", "POST to /3/device/<hex device token>")
        case "MethodNotAllowed":
            return Explanation("the method is not POST", "APNs accepts POST only")
        case "Unregistered", "ExpiredToken":
            return Explanation("the device token is no longer valid for this topic (the app was removed or notifications turned off)",
                               "stop sending to this token; the timestamp says since when")
        case "PayloadTooLarge":
            return Explanation("the payload is too large", "keep it to 4096 bytes (5120 for voip)")
        case "TooManyProviderTokenUpdates":
            return Explanation("the provider token changed too often on this connection", .reuseProviderToken)
        case "TooManyRequests":
            return Explanation("too many requests to this device token", "send fewer pushes to one device; back off and retry")
        case "InternalServerError":
            return Explanation("APNs had an internal error", "retry later; check Apple's system status page")
        case "ServiceUnavailable":
            return Explanation("APNs is unavailable", "retry later with backoff")
        case "Shutdown":
            return Explanation("the APNs server is shutting down", "reconnect (a new connection reaches another server) and retry")
        case "BadChannelId", "BadRequestParams", "BadRequestPayload", "CannotCreateChannelConfig", "ChannelNotRegistered",
             "FeatureNotEnabled", "MissingChannelId", "MissingPushType", "TopicMismatch":
            return explainBroadcast(reason, context: context) ?? unknown(reason, status: status)
        default:
            return unknown(reason, status: status)
        }
    }

    /// A reason Apple does not document (or none): said as such, with where Apple lists the answers.
    static func unknown(_ reason: String, status: Int) -> Explanation {
        let answer = reason.isEmpty ? "\(status)" : "\(status) \(reason)"
        return Explanation("an answer Apple does not document (status \(status))",
                           .unknownAnswer(answer: answer, status: status))
    }

    /// MissingProviderToken: no credential at all, or a certificate the server never asked for. The command line
    /// words the certificate cases' summaries too (they name the option that gave the certificate).
    static func missingProviderToken(_ context: VerdictContext, status: Int) -> Explanation {
        guard context.credentialKind == "certificate" else {
            return Explanation("no provider token and no client certificate", .giveCredential)
        }
        let answer = "\(status) MissingProviderToken"
        switch context.certificateRequested {
        case false:
            return Explanation("the server did not ask for a client certificate in the TLS handshake, so the client "
                               + "certificate was never sent", .certificateNeverRequested(answer: answer))
        default:
            return Explanation("the server answered as if no client certificate had been sent, although one was given",
                               .certificateIgnored(answer: answer))
        }
    }

    /// ExpiredProviderToken: a token older than an hour, or a clock that runs wrong.
    static func expiredToken(_ context: VerdictContext) -> Explanation {
        let summary = "APNs says the provider token is older than an hour"
        guard let issued = context.tokenIssuedAt else {
            return Explanation(summary, .signFreshToken)
        }
        let age = context.now.timeIntervalSince(issued)
        let remedy: VerdictRemedy
        if age <= -60 {
            remedy = .advice(futureIssue(-age))
        } else if age < 3000 {
            remedy = .advice("the token is fresh by this machine's clock (\(Int(age))s old): this machine's clock is "
                             + "wrong (clock skew); sync it with NTP")
        } else {
            remedy = .refreshStaleToken(minutes: Int(age / 60))
        }
        return Explanation(summary, remedy, notes: dateHeaderNote(context))
    }

    /// InvalidProviderToken: a wrong key, team or signature, a revoked key, or an `iat` in the future (clock skew).
    static func invalidToken(_ context: VerdictContext) -> Explanation {
        let summary = "APNs rejected the provider token (unknown key id, wrong team, bad signature, revoked key, or an issue time in the future)"
        if let issued = context.tokenIssuedAt, issued.timeIntervalSince(context.now) >= 60 {
            let clock = ([futureIssue(issued.timeIntervalSince(context.now))] + dateHeaderNote(context))
            return Explanation(summary, .checkTeamAndKey(clockAdvice: clock.joined(separator: "; ")))
        }
        if let offset = context.clockOffset, ClockOffset.isSkewed(offset) {
            return Explanation(summary, .checkTeamAndKey(clockAdvice: "this machine's clock is "
                                                         + "\(ClockOffset.describe(offset)) (clock skew): sync it with NTP "
                                                         + "and sign a fresh token"))
        }
        return Explanation(summary, .checkTeamAndKey(clockAdvice: nil))
    }

    /// The hint for a token whose `iat` lies `seconds` ahead of this machine's clock.
    private static func futureIssue(_ seconds: Double) -> String {
        "the token's iat is \(ClockOffset.span(seconds)) in the future by this machine's clock: "
            + "the clock that signed it runs ahead (clock skew); sync it with NTP and sign a fresh token"
    }

    /// "the server's Date header says this clock is …" when the answer's Date header shows a skew.
    private static func dateHeaderNote(_ context: VerdictContext) -> [String] {
        guard let offset = context.clockOffset, ClockOffset.isSkewed(offset) else { return [] }
        return ["the server's Date header says this clock is \(ClockOffset.describe(offset))"]
    }
}

/// What an answer means: the summary after its status and reason, what to do, and notes said after it.
struct Explanation {
    var summary: String
    var remedy: VerdictRemedy
    var notes: [String] = []

    init(_ summary: String, _ remedy: VerdictRemedy, notes: [String] = []) {
        self.summary = summary
        self.remedy = remedy
        self.notes = notes
    }

    /// Advice that names no option.
    init(_ summary: String, _ advice: String) {
        self.init(summary, .advice(advice))
    }
}
