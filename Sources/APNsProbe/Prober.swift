import APNsCore
import APNsPushRules
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// What to probe and how: the target, the credential, the canary, how many, how long.
public struct ProbeConfiguration: Sendable {
    public var target: ProbeTarget
    public var credential: ProbeCredential
    public var caFile: String?
    /// The canary; each request sent gets a fresh `apns-id`.
    public var canary: CanaryRequest
    /// Requests per round, sent as concurrent streams on one connection.
    public var count: Int
    /// Seconds each round may take.
    public var timeout: Double
    /// The keystore key that signed the token credential, with its recorded scope (for the verdict's hints).
    public var signingKey: SigningKeyDescription?

    public init(target: ProbeTarget, credential: ProbeCredential, caFile: String? = nil, canary: CanaryRequest,
                count: Int = 1, timeout: Double = 10, signingKey: SigningKeyDescription? = nil) {
        self.signingKey = signingKey
        self.target = target
        self.credential = credential
        self.caFile = caFile
        self.canary = canary
        self.count = count
        self.timeout = timeout
    }

    /// The provider token's `iat`, when the credential is a token.
    var tokenIssuedAt: Date? {
        if case .token(_, let issuedAt) = credential { return issuedAt }
        return nil
    }
}

/// Sends canaries and turns the answers into a ``ProbeReport``.
public final class Prober {
    public let configuration: ProbeConfiguration
    private let transport: HTTP2Transport

    public init(_ configuration: ProbeConfiguration) {
        self.configuration = configuration
        transport = HTTP2Transport(target: configuration.target, credential: configuration.credential,
                                   caFile: configuration.caFile, timeout: configuration.timeout)
    }

    /// Refuses canaries APNs would refuse (see ``CanaryCheck``): a ``PushRefusal``, nothing sent. Returns what
    /// Apple's documentation advises against in the canary (``PushWarning``).
    @discardableResult
    public func validate() throws -> [PushWarning] {
        try CanaryCheck.validate(configuration.canary, topicRequired: configuration.credential.kind == "token")
    }

    /// One round: `count` canaries on one connection (reused from the previous round when still open).
    public func probe() throws -> ProbeReport {
        let started = Date()
        let requests = (0..<max(1, configuration.count)).map { _ -> CanaryRequest in
            var request = configuration.canary
            request.apnsID = CanaryRequest.freshID()
            return request
        }
        // The first canary goes alone: it opens the connection and learns the server's stream limit (APNs allows a
        // token connection one stream until a request succeeds). The rest then share that connection; sent all at
        // once, streams the server refuses before its SETTINGS arrive make libcurl retry on a second connection.
        var exchanges = try transport.send(Array(requests.prefix(1)))
        if let first = exchanges.first, let diagnosed = try diagnoseCertificateRefusal(first, request: requests[0]) {
            exchanges[0] = diagnosed
        }
        if requests.count > 1, exchanges.first?.failure == nil {
            let left = configuration.timeout - Date().timeIntervalSince(started)
            exchanges += try transport.send(Array(requests.dropFirst()), within: left)
        }
        return Self.report(configuration: configuration, exchanges: exchanges, startedAt: started)
    }

    /// Over TLS 1.3 a server checks the client certificate only after the handshake, and the alert that says why it
    /// refused one ("unknown CA", "certificate expired") is usually lost to the reset that follows: libcurl then
    /// reports "Broken pipe" or "getpeername() failed". When a certificate probe breaks like that, one more
    /// connection limited to TLS 1.2 (which APNs speaks too) reads the alert inside the handshake; the exchange's
    /// failure then names it. Nil when there is nothing to diagnose or the second connection says nothing more.
    func diagnoseCertificateRefusal(_ exchange: Exchange, request: CanaryRequest) throws -> Exchange? {
        guard configuration.credential.kind == "certificate", let failure = exchange.failure,
              failure.tlsAlert == nil, [.protocolError, .other].contains(failure.kind),
              exchange.tlsVersion == "TLSv1.3", exchange.status == nil else { return nil }
        let retry = HTTP2Transport(target: configuration.target, credential: configuration.credential,
                                   caFile: configuration.caFile, timeout: min(configuration.timeout, 5),
                                   tls12Only: true)
        guard let second = try retry.send([request]).first, let secondFailure = second.failure,
              let alert = secondFailure.tlsAlert else { return nil }
        var diagnosed = exchange
        diagnosed.failure = TransportFailure(
            kind: .tls, message: secondFailure.message + " (read on a second connection limited to TLS 1.2: over "
                + "TLS 1.3 the server refuses a certificate only after the handshake, and the first connection just broke)",
            curlCode: failure.curlCode, tlsAlert: alert)
        return diagnosed
    }

    /// `rounds` rounds, `interval` seconds apart, handing each report to `each` as it completes.
    public func watch(rounds: Int, interval: Double, each: (ProbeReport) throws -> Void) throws -> [ProbeReport] {
        var reports: [ProbeReport] = []
        for round in 0..<max(1, rounds) {
            if round > 0, interval > 0 { Self.sleep(seconds: interval) }
            let report = try probe()
            reports.append(report)
            try each(report)
        }
        return reports
    }

    /// The verdict for one exchange.
    static func verdict(for exchange: Exchange, configuration: ProbeConfiguration) -> Verdict {
        if let failure = exchange.failure {
            return ReasonCatalog.verdict(failure: failure, target: configuration.target, timeout: configuration.timeout,
                                         certificateNotAfter: configuration.credential.certificateNotAfter)
        }
        guard let status = exchange.status else {
            return Verdict(.unreachable, "no HTTP status in the answer")
        }
        let context = VerdictContext(
            environment: configuration.target.environment, credentialKind: configuration.credential.kind,
            dummyDeviceToken: configuration.canary.deviceToken.isDummy, tokenIssuedAt: configuration.tokenIssuedAt,
            clockOffset: ClockOffset.offset(dateHeader: exchange.headers["date"], localReceived: exchange.receivedAt),
            now: exchange.receivedAt ?? Date(), certificateRequested: exchange.certificateRequested,
            signingKey: configuration.signingKey)
        return ReasonCatalog.verdict(status: status, reason: exchange.reason, context: context)
    }

    /// Folds a round's exchanges into one report: the worst answer represents the round.
    public static func report(configuration: ProbeConfiguration, exchanges: [Exchange], startedAt: Date) -> ProbeReport {
        let verdicts = exchanges.map { verdict(for: $0, configuration: configuration) }
        var worst = Verdict.worst(verdicts) ?? Verdict(.unreachable, "nothing was sent")
        let offset = exchanges.lazy.compactMap {
            ClockOffset.offset(dateHeader: $0.headers["date"], localReceived: $0.receivedAt)
        }.first
        let index = verdicts.firstIndex(of: worst) ?? 0
        if let offset, ClockOffset.isSkewed(offset), configuration.credential.kind == "token" {
            // Healthy today, but tokens signed by a clock this far off will soon look stale or from the future.
            let warning = "this machine's clock is \(ClockOffset.describe(offset)); provider tokens depend on it: sync with NTP"
            worst.addNote(warning)
        }
        let shown = exchanges.indices.contains(index) ? exchanges[index] : nil
        var answers: [String: Int] = [:]
        for exchange in exchanges {
            let key: String
            if let failure = exchange.failure {
                key = failure.kind.rawValue
            } else {
                key = [exchange.status.map(String.init), exchange.reason].compactMap { $0 }.joined(separator: " ")
            }
            answers[key, default: 0] += 1
        }
        let answered = exchanges.filter { $0.failure == nil }
        let canary = configuration.canary
        var report = ProbeReport(
            host: configuration.target.host, port: configuration.target.port,
            environment: configuration.target.environment, credential: configuration.credential.kind,
            deviceToken: canary.deviceToken.hex, dummyDeviceToken: canary.deviceToken.isDummy,
            topic: canary.topic, pushType: canary.pushType?.rawValue, priority: canary.priority,
            requests: exchanges.filter(\.requestSent).count, connections: exchanges.reduce(0) { $0 + $1.connectionsOpened },
            remoteAddress: exchanges.compactMap(\.remoteAddress).first,
            remotePort: exchanges.compactMap(\.remotePort).first,
            httpVersion: exchanges.compactMap(\.httpVersion).first,
            tlsVersion: exchanges.compactMap(\.tlsVersion).first,
            status: shown?.status, reason: shown?.reason, apnsID: shown?.sentID ?? canary.apnsID,
            apnsIDReturned: shown?.headers["apns-id"] ?? shown?.headers["apns-request-id"], apnsUniqueID: shown?.headers["apns-unique-id"],
            unregisteredAt: shown?.unregisteredAt, serverDate: shown?.headers["date"],
            clockOffsetSeconds: offset,
            timings: shown?.timings ?? .none,
            latency: exchanges.count > 1 ? LatencyStatistics(answered.map(\.timings.total)) : nil,
            answers: answers, failure: shown?.failure, verdict: worst, exitCode: worst.exitStatus.rawValue,
            startedAt: startedAt)
        // `probe --channels`: the all-channels answer lists the app's channel ids.
        if canary.pathOverride != nil, let body = shown?.body, !body.isEmpty,
           let ids = JSONValue(parsing: body)?["channels"]?.array {
            report.channels = ids.count
        }
        if let key = configuration.signingKey { report.describeSigningKey(key) }
        return report
    }

    /// Sleeps `seconds` (what `Thread.sleep(forTimeInterval:)` did), resuming after a signal.
    private static func sleep(seconds: Double) {
        let whole = seconds.rounded(.down)
        var request = timespec(tv_sec: Int(whole), tv_nsec: Int((seconds - whole) * 1_000_000_000))
        var remaining = timespec()
        while nanosleep(&request, &remaining) == -1, errno == EINTR { request = remaining }
    }
}
