import APNsCore
import APNsModel
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Every status and reason APNs documents, and the verdict and hint for each.
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
                           hint: "pass --device-token HEX to deliver to a real device")
        }
        let (summary, hint) = explain(reason, status: status, context: context)
        return Verdict(.rejected, "\(label): \(summary)", hint: hint)
    }

    /// The verdict for a request that got no APNs answer.
    /// `certificateNotAfter` is the client certificate's end of validity, when one was sent: a refusal of an expired
    /// certificate is named as such whatever alert the server chose.
    public static func verdict(failure: TransportFailure, target: ProbeTarget, timeout: Double,
                               certificateNotAfter: Date? = nil, now: Date = Date()) -> Verdict {
        let place = "\(target.host):\(target.port)"
        switch failure.kind {
        case .dns:
            return Verdict(.unreachable, "\(target.host) does not resolve: \(failure.message)",
                           hint: "check DNS and network access (apnsctl doctor checks both APNs hosts)")
        case .connect:
            return Verdict(.unreachable, "no TCP connection to \(place): \(failure.message)",
                           hint: target.port == 443 ? "a firewall may block outbound 443; APNs also listens on 2197 (--port 2197)"
                                                    : "check that the server is running and the firewall allows port \(target.port)")
        case .tls where failure.tlsAlert != nil:
            let alert = failure.tlsAlert ?? 0
            if let end = certificateNotAfter, end <= now,
               TLSAlert(code: alert, description: "").concernsClientCertificate {
                return Verdict(.unreachable, "\(place) refused the connection: \(failure.message)",
                               hint: alertHint(45, target: target) + " (it expired on \(ISO8601Text.string(from: end)))")
            }
            return Verdict(.unreachable, "\(place) refused the connection: \(failure.message)",
                           hint: alertHint(alert, target: target))
        case .notTLS:
            return Verdict(.unreachable, "\(place) does not speak TLS: \(failure.message)",
                           hint: "APNs (and `apnsctl mock serve`) speak HTTP/2 over TLS only; this port answers in plain "
                               + "text: check --port")
        case .tls:
            return Verdict(.unreachable, "TLS with \(place) failed: \(failure.message)",
                           hint: target.environment == nil ? "trust the server's CA with --cacert FILE"
                                                           : "the trust store may lack USERTrust RSA Certification Authority, the root APNs chains to since 2025: `apnsctl doctor` checks it; also check that nothing intercepts TLS")
        case .credential:
            return Verdict(.unreachable, "the client certificate could not be used: \(failure.message)",
                           hint: "check the certificate file and its password (--password-file / --password-env)")
        case .http1:
            return Verdict(.unreachable, "\(place) answered over HTTP/1.x, not HTTP/2: not an APNs endpoint",
                           hint: "APNs speaks HTTP/2 only (ALPN h2); check --host/--port, or a proxy that downgrades")
        case .protocolError:
            return Verdict(.unreachable, "the connection to \(place) broke: \(failure.message)",
                           hint: "the server reset the stream or closed the connection (GOAWAY); retry, and check the server's logs")
        case .timeout:
            return Verdict(.unreachable, "\(place) did not answer in time: \(failure.message)",
                           hint: "the server stalled; raise --timeout (now \(String(cFormat: "%g", timeout))s) or check the network path")
        case .other:
            return Verdict(.unreachable, "request to \(place) failed: \(failure.message)")
        }
    }

    /// What to do about a fatal TLS alert from the server.
    static func alertHint(_ alert: Int, target: ProbeTarget) -> String {
        let whose = target.environment == nil ? "the server's client CA (the mock's --client-ca)" : "Apple"
        switch alert {
        case 45:
            return "the client certificate has expired: make a new one in the developer account "
                + "(`apnsctl cert request`), or use token authentication (--team)"
        case 44:
            return "the client certificate was revoked: make a new one in the developer account"
        case 42, 43, 46, 48, 51:
            return "the server does not trust the client certificate: use an Apple Push Services certificate "
                + "issued by \(whose) for this environment (`apnsctl cert verify FILE`)"
        case 116:
            return "the server requires a client certificate: pass --cert FILE, or authenticate with a token (--team)"
        case 40, 70, 71:
            return "the server refused the TLS handshake itself (version or cipher): APNs needs TLS 1.2 or newer; "
                + "check that nothing between here and the server intercepts TLS"
        default:
            return "the server ended the TLS connection; check its logs, and the certificate passed with --cert"
        }
    }

    // swiftlint:disable:next cyclomatic_complexity function_body_length
    static func explain(_ reason: String, status: Int, context: VerdictContext) -> (String, String) {
        let other = context.environment?.other.rawValue ?? "other"
        switch reason {
        case "BadCollapseId":
            return ("the apns-collapse-id is too long", "keep apns-collapse-id to 64 bytes or fewer")
        case "BadDeviceToken":
            return ("APNs does not know this device token in \(context.theEnvironment)",
                    "the token is most likely from the \(other) environment (a debug build's token sent to production, or the reverse); probe with --env \(other)")
        case "BadExpirationDate":
            return ("the apns-expiration header is not a valid unix time", "send 0, or a time in unix seconds")
        case "BadMessageId":
            return ("the apns-id is not a canonical UUID", "send a lowercase 8-4-4-4-12 UUID, or none")
        case "BadPriority":
            return ("the apns-priority is not 1, 5 or 10", "use 5 for background pushes, 10 for alerts")
        case "BadTopic":
            return ("the apns-topic is not valid for this credential", "use the app's bundle id (with the push type's suffix)")
        case "DeviceTokenNotForTopic":
            return ("the device token belongs to another app than the topic",
                    "check --topic against the bundle id of the app that produced the token")
        case "DuplicateHeaders":
            return ("a header was sent more than once", "send each apns-* header once")
        case "IdleTimeout":
            return ("APNs closed the idle connection", "reconnect; keep connections busy or ping them")
        case "InvalidPushType":
            return ("the apns-push-type is not one APNs knows", "use alert, background, voip, complication, fileprovider, mdm, liveactivity, location, pushtotalk, widgets or controls")
        case "MissingDeviceToken":
            return ("the request path has no device token", "POST to /3/device/<token>")
        case "MissingTopic":
            return ("APNs needs an apns-topic for this credential",
                    "pass --topic: token authentication and certificates with several topics need one")
        case "PayloadEmpty":
            return ("the payload was empty", #"send a JSON object such as {"aps":{"content-available":1}}"#)
        case "TopicDisallowed":
            return ("pushes to this topic are not allowed",
                    context.credentialKind == "certificate" ? "the certificate does not list this topic; check `apnsctl cert inspect`"
                                                            : "the key's team does not own this bundle id; check --team and --topic")
        case "BadCertificate":
            return ("APNs rejected the client certificate", "use a current Apple Push Services certificate for this app (`apnsctl cert verify`)")
        case "BadCertificateEnvironment":
            let hint = context.environment == .production
                ? "this is a sandbox-only (development) certificate used against production: use a production or universal certificate, or --env development"
                : context.environment == .development
                    ? "this is a production-only certificate used against the sandbox: use a development or universal certificate, or --env production"
                    : "the certificate's environment does not match the server's; check `apnsctl cert inspect`"
            return ("the certificate is not valid for \(context.theEnvironment)", hint)
        case "ExpiredProviderToken":
            return expiredToken(context)
        case "Forbidden":
            return ("APNs refused the request", "check that the key or certificate belongs to the team that owns the topic")
        case "InvalidProviderToken":
            return invalidToken(context)
        case "MissingProviderToken":
            return missingProviderToken(context)
        case "BadEnvironmentKeyIdInToken", "BadEnvironmentKeyInToken", "UnrelatedKeyIdInToken":
            return explainKeyScope(reason, context: context)
        case "BadPath":
            return ("the request path is not /3/device/<token>", "POST to /3/device/<hex device token>")
        case "MethodNotAllowed":
            return ("the method is not POST", "APNs accepts POST only")
        case "Unregistered", "ExpiredToken":
            return ("the device token is no longer valid for this topic (the app was removed or notifications turned off)",
                    "stop sending to this token; the timestamp says since when")
        case "PayloadTooLarge":
            return ("the payload is too large", "keep it to 4096 bytes (5120 for voip)")
        case "TooManyProviderTokenUpdates":
            return ("the provider token changed too often on this connection",
                    "reuse one token for 20 to 60 minutes (apnsctl caches it); never sign a token per request")
        case "TooManyRequests":
            return ("too many requests to this device token", "send fewer pushes to one device; back off and retry")
        case "InternalServerError":
            return ("APNs had an internal error", "retry later; check Apple's system status page")
        case "ServiceUnavailable":
            return ("APNs is unavailable", "retry later with backoff")
        case "Shutdown":
            return ("the APNs server is shutting down", "reconnect (a new connection reaches another server) and retry")
        case "BadChannelId", "BadRequestParams", "BadRequestPayload", "CannotCreateChannelConfig", "ChannelNotRegistered",
             "FeatureNotEnabled", "MissingChannelId", "MissingPushType", "TopicMismatch":
            return explainBroadcast(reason, context: context)
        default:
            return ("an answer apnsctl does not know (status \(status))",
                    "see Apple's 'Handling notification responses from APNs' for this reason")
        }
    }

    /// MissingProviderToken: no credential at all, or a certificate the server never asked for.
    static func missingProviderToken(_ context: VerdictContext) -> (String, String) {
        guard context.credentialKind == "certificate" else {
            return ("no provider token and no client certificate", "pass --team/--key, --token-file, or --cert FILE")
        }
        switch context.certificateRequested {
        case false:
            return ("the server did not ask for a client certificate in the TLS handshake, so the certificate given "
                    + "with --cert was never sent",
                    "APNs asks for one on every connection: this server does not take certificate authentication; "
                    + "check --host/--port, or authenticate with a token (--team)")
        default:
            return ("the server answered as if no client certificate had been sent, although --cert was given",
                    "check that the server trusts the certificate's CA and reads client certificates "
                    + "(`apnsctl cert verify FILE` checks the certificate itself)")
        }
    }

    /// ExpiredProviderToken: a token older than an hour, or a clock that runs wrong.
    static func expiredToken(_ context: VerdictContext) -> (String, String) {
        let summary = "APNs says the provider token is older than an hour"
        guard let issued = context.tokenIssuedAt else {
            return (summary, "sign a fresh token (`apnsctl token issue`); tokens last 60 minutes")
        }
        let age = context.now.timeIntervalSince(issued)
        var hint: String
        if age <= -60 {
            hint = futureIssue(-age)
        } else if age < 3000 {
            hint = "the token is fresh by this machine's clock (\(Int(age))s old): this machine's clock is wrong (clock skew); sync it with NTP"
        } else {
            hint = "the token is \(Wording.count(Int(age / 60), "minute")) old: sign a fresh one (`apnsctl token issue`) and refresh every 20–60 minutes"
        }
        return (summary, hint + dateHeaderNote(context))
    }

    /// InvalidProviderToken: a wrong key, team or signature, a revoked key, or an `iat` in the future (clock skew).
    static func invalidToken(_ context: VerdictContext) -> (String, String) {
        let summary = "APNs rejected the provider token (unknown key id, wrong team, bad signature, revoked key, or an issue time in the future)"
        let usual = "check --team and --key against the developer account; a revoked key needs rotation (`apnsctl key rotate`)"
        if let issued = context.tokenIssuedAt, issued.timeIntervalSince(context.now) >= 60 {
            return (summary, futureIssue(issued.timeIntervalSince(context.now)) + dateHeaderNote(context) + "; otherwise " + usual)
        }
        if let offset = context.clockOffset, ClockOffset.isSkewed(offset) {
            return (summary, "this machine's clock is \(ClockOffset.describe(offset)) (clock skew): sync it with NTP and "
                    + "sign a fresh token; otherwise " + usual)
        }
        return (summary, usual)
    }

    /// The hint for a token whose `iat` lies `seconds` ahead of this machine's clock.
    private static func futureIssue(_ seconds: Double) -> String {
        "the token's iat is \(ClockOffset.span(seconds)) in the future by this machine's clock: "
            + "the clock that signed it runs ahead (clock skew); sync it with NTP and sign a fresh token"
    }

    /// "; the server's Date header says this clock is …" when the answer's Date header shows a skew.
    private static func dateHeaderNote(_ context: VerdictContext) -> String {
        guard let offset = context.clockOffset, ClockOffset.isSkewed(offset) else { return "" }
        return "; the server's Date header says this clock is \(ClockOffset.describe(offset))"
    }
}
