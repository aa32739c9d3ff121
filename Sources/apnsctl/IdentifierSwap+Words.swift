import APNsCore
import APNsKeystore
import APNsModel

extension IdentifierSwap {
    /// "--key-id DEF123GHIJ looks like a team id (the keystore holds team DEF123GHIJ's keys); the key id is
    /// ABC123DEFG". `keyName` and `teamName` name where each value was given (`--key-id`, the token's `kid`).
    func message(keyName: String, teamName: String) -> String {
        let why: String
        switch evidence {
        case .keystoreTeam: why = "the keystore holds team \(value)'s keys"
        case .keystoreKey: why = "the keystore holds key \(value)" + (teamID.map { " of team \($0)" } ?? "")
        case .fileName(let file): why = "\(file) is key \(keyID ?? "?")'s file"
        }
        let known = misplaced == .teamIDAsKeyID ? keyID.map { "; the key id is \($0)" }
            : teamID.map { "; the team id is \($0)" }
        return misplaced == .teamIDAsKeyID
            ? "\(keyName) \(value) looks like a team id (\(why))\(known ?? "")"
            : "\(teamName) \(value) looks like a key id (\(why))\(known ?? "")"
    }

    /// The flags with the values in their places.
    func hint(keyName: String, teamName: String) -> String {
        "key id and team id are swapped: give \(teamName) \(teamID ?? "TEAMID") and \(keyName) \(keyID ?? "KEYID") "
            + "(the key id is the 10 characters in AuthKey_KEYID.p8; the team id is the developer account's Team ID)"
    }

    /// The usage error (exit 2) for flags given the wrong way round.
    func error(keyFlag: String = "--key-id", teamFlag: String = "--team") -> APNsError {
        APNsError.usage(message(keyName: keyFlag, teamName: teamFlag), hint: hint(keyName: keyFlag, teamName: teamFlag))
    }

    /// Throws ``error(keyFlag:teamFlag:)`` when the values given are swapped, as `store` (if any) and `file` tell.
    static func check(keyID: String?, teamID: String?, file: String? = nil, store: Keystore?) throws {
        let keys = (try? store?.manifest().keys)?.reduce(into: [String: String]()) { $0[$1.keyID] = $1.teamID } ?? [:]
        if let swap = detect(keyID: keyID, teamID: teamID, file: file, keys: keys) { throw swap.error() }
    }
}
