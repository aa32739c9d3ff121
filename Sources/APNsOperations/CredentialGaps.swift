import APNsModel
import APNsKeystore

/// The (team, environment) pairs that neither an active key nor a push certificate covers (`doctor`'s warning).
/// Pure.
///
/// A team is one the keystore knows: a team of its keys or of its certificates. An environment is covered when an
/// active key of the team covers it (a legacy key covers both) or a certificate of the team that has not expired
/// works there. An app of the team cannot receive pushes from this keystore in an uncovered environment.
public enum CredentialGaps {
    /// One environment of a team without a credential.
    public struct Gap: Sendable, Equatable {
        public var teamID: String
        public var environment: APNsEnvironment
        /// The team's active keys (they cover only the other environment), by id.
        public var activeKeys: [String]
        /// How many of the team's certificates have not expired (they work only in the other environment).
        public var certificates: Int
    }

    /// The gaps, sorted by team and environment.
    public static func gaps(keys: [KeyStatus], certificates: [CertificateStatus]) -> [Gap] {
        let teams = Set(keys.map(\.teamID)).union(certificates.compactMap(\.teamID))
        var gaps = [Gap]()
        for team in teams.sorted() {
            let active = keys.filter { $0.teamID == team && $0.state == .active }
            let valid = certificates.filter { $0.teamID == team && $0.state != .expired }
            for environment in APNsEnvironment.allCases {
                let byKey = active.contains { $0.scope.covers(environment) }
                let byCertificate = valid.contains { $0.environments.contains(environment.rawValue) }
                guard !byKey, !byCertificate else { continue }
                gaps.append(Gap(teamID: team, environment: environment, activeKeys: active.map(\.keyID).sorted(),
                                certificates: valid.count))
            }
        }
        return gaps
    }
}
