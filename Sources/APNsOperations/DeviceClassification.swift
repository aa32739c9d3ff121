import APNsCore
import APNsModel
import APNsProbe
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A device token to check, with where it was read.
public struct DeviceTokenEntry: Sendable, Equatable {
    public var token: DeviceToken
    /// The token file's line; nil for a token given on the command line.
    public var line: Int?

    public init(token: DeviceToken, line: Int? = nil) {
        self.token = token
        self.line = line
    }
}

/// One environment a device check may send to: its server and the credential for it (or why there is none).
public struct DeviceCheckEnvironment {
    public var environment: APNsEnvironment
    public var destination: CanaryDestination
    /// The credential resolved for this environment and the topic, or the error that stopped it.
    public var credential: Result<ResolvedProbeCredential, any Error>

    public init(environment: APNsEnvironment, destination: CanaryDestination,
                credential: Result<ResolvedProbeCredential, any Error>) {
        self.environment = environment
        self.destination = destination
        self.credential = credential
    }

    /// The key id the credential signs with: a keystore key's, or a ready token's `kid`; nil for a certificate.
    public var keyID: String? {
        guard case .success(let resolved) = credential else { return nil }
        return resolved.signingKey?.keyID ?? resolved.tokenKey?.keyID
    }
}

/// A device check to run: the topic, the environments in the order tried, and how many canaries at once.
public struct DeviceCheckRequest {
    public var topic: String
    /// The environments in the order tried (one: restricted to it). The second is tried only after
    /// `400 BadDeviceToken` from the first.
    public var environments: [DeviceCheckEnvironment]
    /// Streams in flight at most on each server's connection.
    public var concurrency: Int

    public init(topic: String, environments: [DeviceCheckEnvironment], concurrency: Int = DeviceClassification.defaultConcurrency) {
        self.topic = topic
        self.environments = environments
        self.concurrency = concurrency
    }
}

/// Which environment each device token belongs to, from APNs's answers to a silent canary: one
/// `{"aps":{"content-available":1}}` background push at priority 5 with expiration 0 to the first environment,
/// and to the second only when the first answers `400 BadDeviceToken`. A valid token so receives at most one
/// silent background notification, never an alert.
public enum DeviceClassification {
    /// Streams in flight on each connection unless told otherwise: modest, well under APNs's limit.
    public static let defaultConcurrency = 100
    /// The order tried unless told otherwise: production first (most stored tokens come from production builds,
    /// so most tokens need one canary).
    public static let defaultOrder: [APNsEnvironment] = [.production, .development]

    /// The canary for `token`: what a device check sends.
    public static func canary(_ token: DeviceToken, topic: String) -> CanaryRequest {
        CanaryRequest(deviceToken: token, topic: topic, pushType: .background, priority: 5, expiration: 0,
                      payload: CanaryRequest.defaultPayload)
    }

    /// The environments in the order tried: `only` alone, else `first` (default production) then the other.
    public static func order(only: APNsEnvironment?, first: APNsEnvironment?) -> [APNsEnvironment] {
        if let only { return [only] }
        let head = first ?? defaultOrder[0]
        return [head, head.other]
    }

    /// The environments of a check: each one's server from `servers` and its credential from `source` (a keystore
    /// key chosen for that environment and `topic`). A credential that cannot be resolved for one environment is
    /// kept as its error (tokens that need it are inconclusive); for every environment, the first error is thrown.
    public static func environments(_ order: [APNsEnvironment], servers: CanaryServers, source: ProbeCredentialSource,
                                    topic: String, now: Date = Date()) throws -> [DeviceCheckEnvironment] {
        let checks = try order.map { environment in
            DeviceCheckEnvironment(
                environment: environment, destination: try servers.destination(for: environment),
                credential: Result { try ProbeCredentialResolution.resolve(source, environment: environment, topic: topic,
                                                                           now: now) })
        }
        if case .failure(let error) = checks.first?.credential,
           checks.allSatisfy({ if case .failure = $0.credential { true } else { false } }) {
            throw error
        }
        return checks
    }

    /// Runs `request` over the tokens `next` yields (nil: no more), handing each result to `classified` as soon as
    /// it is known (not in input order: `index` says which token it is). One HTTP/2 connection per environment.
    public static func run(_ request: DeviceCheckRequest, next: () -> DeviceTokenEntry?,
                           classified: (DeviceCheckResult) -> Void) throws -> DeviceCheckSummary {
        let started = ContinuousClock.now
        var summary = DeviceCheckSummary()
        var unreachable: [Int: String] = [:]
        var servers: [HTTP2StreamingSender.Server] = []
        var serverOf: [Int] = []  // environment position → server index (-1: no credential)
        for check in request.environments {
            if case .success(let resolved) = check.credential {
                serverOf.append(servers.count)
                servers.append(.init(target: check.destination.target, credential: resolved.credential,
                                     caFile: check.destination.caFile, timeout: check.destination.timeout))
            } else {
                serverOf.append(-1)
            }
        }
        var pending: [Int: (entry: DeviceTokenEntry, index: Int)] = [:]
        var read = 0
        func finish(_ result: DeviceCheckResult) {
            summary.add(result)
            classified(result)
        }
        /// The job for the token at environment position `position`, or its verdict when nothing can be sent.
        func job(_ entry: DeviceTokenEntry, index: Int, position: Int,
                 tried: [APNsEnvironment]) -> HTTP2StreamingSender.Job? {
            let check = request.environments[position]
            if case .failure(let error) = check.credential {
                finish(DeviceVerdictRules.noCredential(entry, index: index, tried: tried, environment: check.environment,
                                                       error: error))
                return nil
            }
            if let message = unreachable[position] {
                finish(DeviceVerdictRules.notSent(entry, index: index, tried: tried, environment: check.environment,
                                                  message: message))
                return nil
            }
            pending[index] = (entry, index)
            return .init(server: serverOf[position], request: canary(entry.token, topic: request.topic),
                         tag: index * 2 + position)
        }
        let sender = HTTP2StreamingSender(servers: servers, concurrency: request.concurrency)
        try sender.run(next: {
            while let entry = next() {
                defer { read += 1 }
                if let job = job(entry, index: read, position: 0, tried: []) { return job }
            }
            return nil
        }, answered: { sent, exchange in
            summary.requests += 1
            let index = sent.tag / 2, position = sent.tag % 2
            guard let (entry, _) = pending.removeValue(forKey: index) else { return nil }
            let check = request.environments[position]
            let tried = request.environments[...position].map(\.environment)
            if exchange.failure != nil, !exchange.requestSent, unreachable[position] == nil {
                unreachable[position] = exchange.failure?.message ?? "unreachable"
            }
            let judged = DeviceVerdictRules.judge(exchange, entry: entry, index: index, tried: tried,
                                                  keyID: check.keyID, canTryAnother: position + 1 < request.environments.count)
            guard let judged else {
                return job(entry, index: index, position: position + 1, tried: tried)
            }
            finish(judged)
            return nil
        })
        summary.unreachable = unreachable.keys.sorted().map { request.environments[$0].environment }
        let elapsed = ContinuousClock.now - started
        summary.seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return summary
    }
}
