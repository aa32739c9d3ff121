import APNsCore
import APNsModel
import APNsProbe
import APNsPushRules
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
    /// Resolves the credential again (a provider token renewed: the keystore asked again, a token file read again);
    /// nil for a credential that is not renewed.
    public var renew: (() throws -> ResolvedProbeCredential)?

    public init(environment: APNsEnvironment, destination: CanaryDestination,
                credential: Result<ResolvedProbeCredential, any Error>,
                renew: (() throws -> ResolvedProbeCredential)? = nil) {
        self.environment = environment
        self.destination = destination
        self.credential = credential
        self.renew = renew
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
    /// The time, for renewing provider tokens (a test's clock can run ahead).
    public var clock: () -> Date

    public init(topic: String, environments: [DeviceCheckEnvironment],
                concurrency: Int = DeviceClassification.defaultConcurrency, clock: @escaping () -> Date = { Date() }) {
        self.topic = topic
        self.environments = environments
        self.concurrency = concurrency
        self.clock = clock
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
    /// key chosen for that environment and `topic`). Refused before anything is sent, as `probe` refuses: a canary
    /// the push rules refuse for `topic` (``PushRefusal``), a credential that resolves for no environment (the first
    /// error), a client certificate APNs will refuse for its dates and a canary whose headers outgrow the header
    /// list APNs takes (``DeviceCheckError``). A credential that resolves for one environment only is kept as its
    /// error for the other (that environment is skipped).
    public static func environments(_ order: [APNsEnvironment], servers: CanaryServers, source: ProbeCredentialSource,
                                    topic: String, now: Date = Date()) throws -> [DeviceCheckEnvironment] {
        try CanaryCheck.validate(canary(.dummy, topic: topic), topicRequired: true)
        let renewable: Bool
        switch source {
        case .keystore, .tokenFile: renewable = true
        default: renewable = false
        }
        let checks = try order.map { environment in
            let resolve = { try ProbeCredentialResolution.resolve(source, environment: environment, topic: topic,
                                                                  now: Date()) }
            return DeviceCheckEnvironment(
                environment: environment, destination: try servers.destination(for: environment),
                credential: Result { try ProbeCredentialResolution.resolve(source, environment: environment, topic: topic,
                                                                           now: now) },
                renew: renewable ? resolve : nil)
        }
        if case .failure(let error) = checks.first?.credential,
           checks.allSatisfy({ if case .failure = $0.credential { true } else { false } }) {
            throw error
        }
        for check in checks {
            guard case .success(let resolved) = check.credential else { continue }
            if let problem = resolved.certificateValidity { throw problem }
            let size = headerListSize(topic: topic, authority: String(check.destination.target.origin.dropFirst(8)),
                                      credential: resolved.credential)
            if size > headerListLimit { throw DeviceCheckError.headerListTooLarge(bytes: size, limit: headerListLimit) }
        }
        return checks
    }

    /// SETTINGS_MAX_HEADER_LIST_SIZE as APNs advertises it: the push rules' ``PushRules/headerListLimit``, the one
    /// the mock advertises.
    public static let headerListLimit = PushRules.headerListLimit

    /// The header list size of a canary for the longest token (RFC 9113 §6.5.2: each field's name and value in
    /// bytes, plus 32), as sent to `authority` with `credential`.
    public static func headerListSize(topic: String, authority: String, credential: ProbeCredential) -> Int {
        let longest = DeviceToken(uncheckedHex: String(repeating: "0", count: DeviceToken.maximumDigits))
        let request = canary(longest, topic: topic)
        var fields = [(":method", request.method), (":scheme", "https"), (":authority", authority),
                      (":path", request.path), ("content-type", "application/json"),
                      ("content-length", String(request.payload.count))]
        for line in request.headerLines {
            let parts = line.split(separator: ":", maxSplits: 1)
            fields.append((String(parts[0]), parts.count > 1 ? String(parts[1].dropFirst()) : ""))
        }
        if case .token(let jwt, _) = credential { fields.append(("authorization", "bearer \(jwt)")) }
        return fields.reduce(0) { $0 + $1.0.utf8.count + $1.1.utf8.count + 32 }
    }

    /// Runs `request` over the tokens `next` yields (nil: no more), handing each result to `classified` as soon as
    /// it is known (not in input order: `index` says which token it is) and what else happens to `event`. One
    /// HTTP/2 connection per environment at a time (see ``DeviceCheckRun``); each distinct token is sent once.
    public static func run(_ request: DeviceCheckRequest, next: () -> DeviceTokenEntry?,
                           event: @escaping (DeviceCheckEvent) -> Void = { _ in },
                           classified: @escaping (DeviceCheckResult) -> Void) throws -> DeviceCheckSummary {
        try DeviceCheckRun(request, classified: classified, event: event).run(next: next)
    }
}

/// Why a device check is refused before anything is sent (besides the credential's, the certificate judge's
/// ``CertificateValidityProblem`` and the push rules' errors).
public enum DeviceCheckError: Error, Equatable {
    /// A canary's header list would be `bytes` long; the server takes at most `limit`.
    case headerListTooLarge(bytes: Int, limit: Int)
}
