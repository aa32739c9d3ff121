/// A team id given where a key id belongs, or a key id where a team id belongs: both are 10 characters of A–Z and
/// 0–9, and swapping them is the commonest provider-token mistake (pushy #914). What knows which is which: Apple's
/// file name `AuthKey_<KEYID>.p8`, and the keystore's keys with their teams. Pure.
public struct IdentifierSwap: Sendable, Equatable {
    /// Which identifier is in the other's place.
    public enum Misplaced: Sendable, Equatable {
        /// A team id given as the key id.
        case teamIDAsKeyID
        /// A key id given as the team id.
        case keyIDAsTeamID
    }

    /// What shows the swap.
    public enum Evidence: Sendable, Equatable {
        /// The keystore holds keys of a team with this id, and no key with it.
        case keystoreTeam
        /// The keystore holds a key with this id, and no team has it.
        case keystoreKey
        /// The file is named `AuthKey_<KEYID>.p8` with another key id (the path).
        case fileName(String)
    }

    public var misplaced: Misplaced
    /// The value given in the wrong place.
    public var value: String
    /// The key id, when something says which it is (the file name's, the keystore's key, the other value given).
    public var keyID: String?
    /// The team id, when something says which it is.
    public var teamID: String?
    public var evidence: Evidence

    public init(misplaced: Misplaced, value: String, keyID: String?, teamID: String?, evidence: Evidence) {
        self.misplaced = misplaced
        self.value = value
        self.keyID = keyID
        self.teamID = teamID
        self.evidence = evidence
    }

    /// The swap the values given show, or nil.
    ///
    /// - Parameters:
    ///   - keyID: the value given as the key id (a token's `kid`).
    ///   - teamID: the value given as the team id (a token's `iss`).
    ///   - file: the key file's path, when there is one (its name may be `AuthKey_<KEYID>.p8`).
    ///   - keys: the keystore's keys, key id → team id.
    public static func detect(keyID: String?, teamID: String?, file: String? = nil,
                              keys: [String: String] = [:]) -> IdentifierSwap? {
        let teams = Set(keys.values)
        let fileKeyID = file.flatMap(AppleIdentifier.keyID(fromFileName:))
        func keyOf(team: String) -> String? {
            let owned = keys.filter { $0.value == team }.map(\.key)
            return owned.count == 1 ? owned[0] : nil
        }
        if let keyID, keys[keyID] == nil {
            let otherIsKey = teamID.flatMap { keys[$0] != nil || $0 == fileKeyID ? $0 : nil }
            if teams.contains(keyID) {
                return IdentifierSwap(misplaced: .teamIDAsKeyID, value: keyID,
                                      keyID: fileKeyID ?? otherIsKey ?? keyOf(team: keyID), teamID: keyID,
                                      evidence: .keystoreTeam)
            }
            if let file, let fileKeyID, keyID != fileKeyID, keyID == teamID {
                return IdentifierSwap(misplaced: .teamIDAsKeyID, value: keyID, keyID: fileKeyID, teamID: keyID,
                                      evidence: .fileName(file))
            }
        }
        if let teamID, !teams.contains(teamID) {
            if let file, let fileKeyID, teamID == fileKeyID {
                let other = keyID.flatMap { $0 != fileKeyID ? $0 : nil }
                return IdentifierSwap(misplaced: .keyIDAsTeamID, value: teamID, keyID: fileKeyID, teamID: other,
                                      evidence: .fileName(file))
            }
            if let owner = keys[teamID] {
                return IdentifierSwap(misplaced: .keyIDAsTeamID, value: teamID, keyID: teamID, teamID: owner,
                                      evidence: .keystoreKey)
            }
        }
        return nil
    }
}
