import APNsModel
import APNsCore
import APNsKeystore
import APNsProbe
import APNsTokens
import Synchronization
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Makes keys active in the slots they cover and retires the keys active there, in one atomic step; with canaries,
/// only when APNs accepts a canary signed by each new key in each environment it is probed in.
public enum KeyRotation {
    /// The canaries sent before a rotation commits.
    public struct Canaries: Sendable {
        /// The canary; its topic, when nil, becomes the new key's first recorded topic.
        public var request: CanaryRequest
        /// Where the canaries go: with one server per environment, each environment the key covers (or the one
        /// named); with one server or one environment, that one; else each environment the key covers, on
        /// Apple's hosts.
        public var servers: CanaryServers
        /// How each report is worded before it is judged.
        public var wording: CanaryReportWording

        public init(request: CanaryRequest = .canary(topic: nil), servers: CanaryServers = .apple,
                    wording: @escaping CanaryReportWording = { $0.report }) {
            self.request = request
            self.servers = servers
            self.wording = wording
        }
    }

    /// What to rotate.
    public struct Input: Sendable {
        public var team: String
        /// The keys to make active (staged or retired).
        public var keyIDs: [String]
        /// Seconds the retired keys still verify tokens.
        public var grace: TimeInterval
        /// Rotate even when a slot of a retired key is left without an active key.
        public var allowGap: Bool
        /// The canaries to send first; nil: none.
        public var canaries: Canaries?

        public init(team: String, keyIDs: [String], grace: TimeInterval = Keystore.defaultGrace,
                    allowGap: Bool = false, canaries: Canaries? = nil) {
            self.team = team
            self.keyIDs = keyIDs
            self.grace = grace
            self.allowGap = allowGap
            self.canaries = canaries
        }
    }

    /// The rotation and the canaries' reports, in the order they ran.
    public struct Result: Sendable {
        public var rotation: RotationResult
        public var canaries: [CanaryReport]
    }

    /// Rotates. Throws ``KeyRotationError`` (a canary refused, or had nowhere to go; or the rotation failed after
    /// canaries were sent), the keystore's errors (the slot rule, a key's state) and the prober's.
    public static func run(_ input: Input, store: Keystore) async throws -> Result {
        let reports = Reports()
        var probe: RotationCanary?
        if let canaries = input.canaries {
            let destinations = try destinations(input, canaries: canaries, store: store)
            probe = canary(canaries, destinations: destinations, reports: reports)
        }
        do {
            let rotation = try await store.rotate(team: input.team, to: input.keyIDs, grace: input.grace,
                                                  allowGap: input.allowGap, canary: probe)
            return Result(rotation: rotation, canaries: reports.value)
        } catch {
            if reports.value.isEmpty { throw error }
            throw KeyRotationError.afterCanaries(error, reports: reports.value)
        }
    }

    /// Where each new key's canaries go, checked before anything is signed: the rotation is one the slot rule
    /// allows, each key may become active, and its scope covers each environment probed (``KeySelection``).
    static func destinations(_ input: Input, canaries: Canaries, store: Keystore) throws
        -> [String: [CanaryDestination]] {
        let servers = canaries.servers
        var destinations = [String: [CanaryDestination]]()
        let teamKeys = try store.keys(team: input.team)
        _ = try ActiveKeyRule.planRotation(team: input.team, to: input.keyIDs, keys: teamKeys, allowGap: input.allowGap)
        for keyID in input.keyIDs {
            let record = try store.key(keyID)
            try KeyTransition.checkPromote(record, team: input.team)
            let environments: [APNsEnvironment?]
            if !servers.servers.isEmpty {
                environments = servers.environment.map { [$0] } ?? record.scope.environments
            } else if servers.host != nil || servers.environment != nil {
                environments = [try ProbeTarget.resolve(environment: servers.environment, host: servers.host,
                                                        port: servers.port).environment]
            } else {
                environments = record.scope.environments
            }
            destinations[keyID] = try environments.map { environment in
                _ = try KeySelection.choose(among: [record], team: input.team, teamKeys: teamKeys,
                                            environment: environment, topic: canaries.request.topic)
                do {
                    return try servers.destination(for: environment)
                } catch let error as CanaryServerError where environment != nil {
                    throw KeyRotationError.noServer(keyID: keyID, error)
                }
            }
        }
        // Every canary is checked before anything is signed or sent.
        for destination in destinations.values.joined() {
            try Prober(CanaryServers.configuration(destination, credential: .token("", issuedAt: nil),
                                                   canary: canaries.request)).validate()
        }
        return destinations
    }

    /// The canary the keystore runs before it commits: one probe per destination with a token the new key signed;
    /// throws an ``APNsError`` with the verdict's words (its hint as `canaries.wording` worded it) unless every
    /// verdict is healthy.
    static func canary(_ canaries: Canaries, destinations: [String: [CanaryDestination]], reports: Reports)
        -> RotationCanary {
        { record, token in
            var request = canaries.request
            request.topic = request.topic ?? record.scope.topics?.first
            for destination in destinations[record.keyID] ?? [] {
                var configuration = CanaryServers.configuration(
                    destination, credential: .token(token.compact, issuedAt: token.issuedAtDate), canary: request)
                configuration.signingKey = SigningKeyDescription(record)
                let prober = Prober(configuration)
                try prober.validate()
                var canary = CanaryReport(keyID: record.keyID, signingKey: SigningKeyDescription(record),
                                          destination: destination, report: try prober.probe())
                canary.report = canaries.wording(canary)
                reports.append(canary)
                let verdict = canary.report.verdict
                guard verdict.exitStatus == .ok else {
                    throw APNsError(verdict.exitStatus, verdict.summary, hint: verdict.hint)
                }
            }
        }
    }

    /// The canaries' reports, kept whether the rotation goes ahead or not.
    final class Reports: Sendable {
        private let storage = Mutex<[CanaryReport]>([])

        var value: [CanaryReport] { storage.withLock { $0 } }

        func append(_ report: CanaryReport) { storage.withLock { $0.append(report) } }
    }
}

/// Why a rotation did not happen.
public enum KeyRotationError: Error {
    /// Servers are named per environment and none is named for an environment key `keyID` covers.
    case noServer(keyID: String, CanaryServerError)
    /// The rotation failed after canaries were sent (a canary's verdict, or the keystore): `underlying` says why,
    /// `reports` what the canaries answered. Nothing changed.
    case afterCanaries(any Error, reports: [CanaryReport])
}
