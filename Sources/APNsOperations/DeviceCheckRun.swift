import APNsCore
import APNsModel
import APNsProbe
import APNsTokens
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a device check says as it goes, besides each token's result.
public enum DeviceCheckEvent {
    /// `environment` is asked no more in this run (from the start when its credential could not be resolved);
    /// `classifiedIn` is the environment the tokens are still classified in (nil: none is left).
    case environmentSkipped(APNsEnvironment, DeviceCheckSkip, classifiedIn: APNsEnvironment?)
    /// A token read again: not sent again.
    case duplicate(DeviceTokenDuplicates.Duplicate)
}

/// Why an environment is not asked.
public enum DeviceCheckSkip {
    /// No credential could be resolved for it (a keystore key for the other environment only, …).
    case noCredential(any Error)
    /// Its server refused the credential for its environment (`reason`: BadEnvironmentKeyInToken,
    /// BadCertificateEnvironment …): a key or certificate for the other environment only.
    case credentialRefused(reason: String)
}

/// One run of a device check: tokens pulled from a feed, each distinct one sent its canaries over one HTTP/2
/// connection per environment, its verdict handed on as soon as it is known.
///
/// The run goes in stretches, each on fresh connections: a canary whose stream failed after the connection was
/// made (a reset, a GOAWAY for another stream's fault) is sent once more, alone, on a fresh connection, so one
/// token's failure never spoils the others; a server is unreachable only when connecting to it fails. A stretch
/// also ends when a provider token is due for renewal: the next one signs with the renewed token.
final class DeviceCheckRun {
    /// One environment of the run.
    struct Lane {
        var check: DeviceCheckEnvironment
        var credential: ResolvedProbeCredential?
        var skipped: String?
        var unreachable: String?
        var renewAt: Date?
        var keyID: String?
        /// Canaries it answered (with a status) so far.
        var answers = 0
        var active: Bool { credential != nil && skipped == nil && unreachable == nil }
    }

    /// A token being classified.
    struct Token {
        var entry: DeviceTokenEntry
        var index: Int
        var position = 0
        var tried: [APNsEnvironment] = []
        var canaries: [DeviceCanary] = []
        var badIn: Set<APNsEnvironment> = []
        var last: DeviceCheckResult?
        var retried = false
    }

    let request: DeviceCheckRequest
    let classified: (DeviceCheckResult) -> Void
    let event: (DeviceCheckEvent) -> Void
    var lanes: [Lane]
    var summary = DeviceCheckSummary()
    var pending: [Int: Token] = [:]
    var retries: [Token] = []
    /// Tokens whose canary failed twice after connecting: judged when the retries are done.
    var doubtful: [Token] = []
    /// Transport failures that say connecting to the server failed (the others are one stream's failure).
    static let connectingKinds: Set<TransportFailure.Kind> = [.dns, .connect, .tls, .notTLS, .credential, .http1]
    var duplicates = DeviceTokenDuplicates()
    var read = 0, ordinal = 0
    var feedDone = false
    var serverOf: [Int: Int] = [:]

    init(_ request: DeviceCheckRequest, classified: @escaping (DeviceCheckResult) -> Void,
         event: @escaping (DeviceCheckEvent) -> Void) {
        self.request = request
        self.classified = classified
        self.event = event
        lanes = request.environments.map { check in
            var lane = Lane(check: check)
            if case .success(let resolved) = check.credential { lane.credential = resolved }
            lane.keyID = check.keyID
            return lane
        }
        let now = request.clock()
        for position in lanes.indices { lanes[position].renewAt = renewal(of: position, now: now) }
    }

    func run(next: () -> DeviceTokenEntry?) throws -> DeviceCheckSummary {
        try withoutActuallyEscaping(next) { try run(feed: $0) }
    }

    private func run(feed next: @escaping () -> DeviceTokenEntry?) throws -> DeviceCheckSummary {
        let started = ContinuousClock.now
        for position in lanes.indices {
            if case .failure(let error) = lanes[position].check.credential {
                skip(position, why: "no credential for it", event: .noCredential(error))
            }
        }
        while true {
            renewDue()
            if !retries.isEmpty {
                try stretch(retrying: true, next: next)
                judgeDoubtful()
            } else if !feedDone {
                try stretch(retrying: false, next: next)
            } else {
                break
            }
        }
        summary.unreachable = lanes.filter { $0.unreachable != nil }.map(\.check.environment)
        let elapsed = ContinuousClock.now - started
        summary.seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return summary
    }

    /// One stretch on fresh connections: the retries one at a time (`retrying`), else tokens from the feed until
    /// it ends, retries pile up, or a provider token is due for renewal.
    private func stretch(retrying: Bool, next: @escaping () -> DeviceTokenEntry?) throws {
        var servers: [HTTP2StreamingSender.Server] = []
        serverOf = [:]
        for (position, lane) in lanes.enumerated() where lane.active {
            guard let credential = lane.credential else { continue }
            serverOf[position] = servers.count
            servers.append(.init(target: lane.check.destination.target, credential: credential.credential,
                                 caFile: lane.check.destination.caFile, timeout: lane.check.destination.timeout))
        }
        let renewAt = lanes.filter(\.active).compactMap(\.renewAt).min()
        let feed: () -> HTTP2StreamingSender.Job? = { [self] in
            if retrying {
                while !retries.isEmpty {
                    if let job = dispatch(retries.removeFirst()) { return job }
                }
                return nil
            }
            while retries.count < request.concurrency {
                if let renewAt, request.clock() >= renewAt { return nil }
                guard let entry = next() else {
                    feedDone = true
                    return nil
                }
                ordinal += 1
                if let duplicate = duplicates.insert(entry.token, line: entry.line ?? ordinal) {
                    summary.duplicates += 1
                    event(.duplicate(duplicate))
                    continue
                }
                defer { read += 1 }
                if let job = dispatch(Token(entry: entry, index: read)) { return job }
            }
            return nil
        }
        guard !servers.isEmpty else {
            // Nothing can be sent: every token is judged without a canary.
            while feed() != nil {}
            return
        }
        let sender = HTTP2StreamingSender(servers: servers, concurrency: retrying ? 1 : request.concurrency)
        try sender.run(next: feed, answered: { [self] job, exchange in answer(job, exchange) })
    }

    /// The canary for `token` to the first environment from its position that can be asked, or (none left) its
    /// verdict, handed on.
    private func dispatch(_ token: Token) -> HTTP2StreamingSender.Job? {
        var token = token
        while token.position < lanes.count {
            let lane = lanes[token.position]
            if lane.skipped != nil || lane.credential == nil {
                token.position += 1
                continue
            }
            if let message = lane.unreachable {
                var result = DeviceVerdictRules.notSent(token.entry, index: token.index, tried: token.tried,
                                                        environment: lane.check.environment, message: message)
                result.canaries = token.canaries
                finish(result)
                return nil
            }
            guard let server = serverOf[token.position] else { break }
            pending[token.index] = token
            return .init(server: server, request: DeviceClassification.canary(token.entry.token, topic: request.topic),
                         tag: token.index)
        }
        finish(conclusion(token))
        return nil
    }

    /// The verdict of a token no environment is left to ask.
    private func conclusion(_ token: Token) -> DeviceCheckResult {
        let skipped = lanes.compactMap { lane in lane.skipped.map { "\(lane.check.environment.rawValue): \($0)" } }
        if let last = token.last, !token.badIn.isEmpty {
            var result = DeviceVerdictRules.refused(token.entry, index: token.index, in: token.badIn, tried: token.tried,
                                                    last: last, skipped: skipped.first)
            result.canaries = token.canaries
            return result
        }
        if var last = token.last {
            last.canaries = token.canaries
            return last
        }
        let environment = lanes.first?.check.environment ?? .production
        return DeviceVerdictRules.noCredential(token.entry, index: token.index, tried: token.tried,
                                               environment: environment, error: APNsError(.badInput, skipped.joined(separator: "; ")))
    }

    private func answer(_ job: HTTP2StreamingSender.Job, _ exchange: Exchange) -> HTTP2StreamingSender.Job? {
        summary.requests += 1
        guard var token = pending.removeValue(forKey: job.tag) else { return nil }
        let position = token.position
        let environment = lanes[position].check.environment
        token.canaries.append(DeviceCanary(environment: environment, exchange: exchange, keyID: lanes[position].keyID))
        if token.tried.last != environment { token.tried.append(environment) }
        guard var judged = DeviceVerdictRules.judge(exchange, entry: token.entry, index: token.index, tried: token.tried,
                                                    keyID: lanes[position].keyID, canTryAnother: true) else {
            // 400 BadDeviceToken: the next environment, if any.
            token.badIn.insert(environment)
            token.last = DeviceVerdictRules.judge(exchange, entry: token.entry, index: token.index, tried: token.tried,
                                                  keyID: lanes[position].keyID, canTryAnother: false)
            token.position += 1
            token.retried = false
            return dispatch(token)
        }
        judged.canaries = token.canaries
        if let failure = exchange.failure {
            // libcurl reports no TLS time for a stream on a reused connection, so the failure's kind, not
            // `requestSent`, says whether connecting failed.
            let connecting = Self.connectingKinds.contains(failure.kind)
            if !connecting, !token.retried {
                token.retried = true
                retries.append(token)
                return nil
            }
            if !connecting, failure.kind != .timeout {
                // Failed twice, the second time alone on a fresh connection: this token's own failure, unless the
                // server answers no stream at all (decided when the retries are done).
                token.last = judged
                doubtful.append(token)
                return nil
            }
            if lanes[position].unreachable == nil { lanes[position].unreachable = failure.message }
            finish(judged)
            return nil
        }
        lanes[position].answers += 1
        if let reason = exchange.reason.flatMap(APNsReason.init(rawValue:)),
           DeviceVerdictRules.environmentReasons.contains(reason) {
            skip(position, why: "its server refused the credential (\(reason.rawValue))",
                 event: .credentialRefused(reason: reason.rawValue))
            if token.badIn.isEmpty { token.last = judged }
            token.position += 1
            token.retried = false
            return dispatch(token)
        }
        finish(judged)
        return nil
    }

    /// The tokens whose canary failed twice: inconclusive when their server answers other canaries (the failure
    /// is theirs), else the server is unreachable (it answers no stream).
    private func judgeDoubtful() {
        for token in doubtful {
            let lane = lanes[token.position]
            guard var result = token.last else { continue }
            result.canaries = token.canaries
            if lane.answers > 0 {
                result.networkFailure = false
                result.explanation = "the stream to the \(lane.check.environment.rawValue) server failed twice, the "
                    + "second time alone on a fresh connection (\(result.explanation)): the answer does not say"
            } else if lanes[token.position].unreachable == nil {
                lanes[token.position].unreachable = "no stream answered"
            }
            finish(result)
        }
        doubtful = []
    }

    private func skip(_ position: Int, why: String, event skip: DeviceCheckSkip) {
        guard lanes[position].skipped == nil else { return }
        lanes[position].skipped = why
        summary.skipped.append(lanes[position].check.environment)
        let left = lanes.first { $0.skipped == nil && $0.credential != nil }?.check.environment
        event(.environmentSkipped(lanes[position].check.environment, skip, classifiedIn: left))
    }

    private func finish(_ result: DeviceCheckResult) {
        summary.add(result)
        classified(result)
    }

    /// When the provider token of the environment at `position` is to be renewed: its refresh interval after it
    /// was issued (the keystore's cache renews it then), at the soonest a minute from `now`; nil for a
    /// credential that is not renewed (a certificate, a token from a variable).
    private func renewal(of position: Int, now: Date) -> Date? {
        guard lanes[position].check.renew != nil,
              case .token(_, let issuedAt)? = lanes[position].credential?.credential else { return nil }
        let due = (issuedAt ?? now).addingTimeInterval(RefreshInterval.default.seconds)
        return max(due, now.addingTimeInterval(60))
    }

    /// Renews the provider tokens that are due (a token file is read again, the keystore asked again).
    private func renewDue() {
        let now = request.clock()
        for position in lanes.indices {
            guard lanes[position].active, let due = lanes[position].renewAt, now >= due,
                  let renew = lanes[position].check.renew else { continue }
            if let fresh = try? renew() {
                lanes[position].credential = fresh
                lanes[position].keyID = fresh.signingKey?.keyID ?? fresh.tokenKey?.keyID
            }
            lanes[position].renewAt = renewal(of: position, now: now)
        }
    }
}
