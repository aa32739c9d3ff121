import APNsCore
import APNsModel

/// Environments a team's certificates need that none of its active keys covers (`doctor`'s warning). Pure.
///
/// A team that signs provider tokens (it has keys in the keystore) and holds a push certificate for an environment
/// is expected to push there: when no active key covers that environment, its token-based senders cannot. Teams
/// with certificates and no keys authenticate with certificates and are not reported.
public enum KeyCoverage {
    /// One environment a team needs and no active key covers.
    public struct Gap: Sendable, Equatable {
        public let teamID: String
        public let environment: APNsEnvironment
        /// The certificates that need it, each named by its bundle id (its first topic), else its subject.
        public let neededBy: [String]
    }

    /// The gaps, sorted by team and environment.
    public static func gaps(keys: [KeyStatus], certificates: [CertificateStatus]) -> [Gap] {
        var gaps = [Gap]()
        let teams = Set(keys.map(\.teamID))
        for team in teams.sorted() {
            let active = keys.filter { $0.teamID == team && $0.state == .active }
            for environment in APNsEnvironment.allCases {
                let needing = certificates.filter { certificate in
                    certificate.teamID == team && certificate.state != .expired
                        && certificate.environments.contains(environment.rawValue)
                }
                guard !needing.isEmpty, !active.contains(where: { $0.scope.covers(environment) }) else { continue }
                gaps.append(Gap(teamID: team, environment: environment, neededBy: needing.map { $0.topics.first ?? $0.subject }.sorted()))
            }
        }
        return gaps
    }
}
