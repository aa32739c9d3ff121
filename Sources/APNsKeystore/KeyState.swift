import APNsCore

/// Where a signing key is in its life. JSON values are the raw values.
///
/// `staged` → `active` → `retired` → `revoked`, then `apnsctl key purge` removes the material.
/// A retired key may be made active again by a rotation; a revoked key never signs or verifies again.
public enum KeyState: String, Codable, Sendable, CaseIterable {
    /// Imported or generated, not yet used to sign: the next rotation's target.
    case staged
    /// Signs tokens for the slots it covers: at most one active key per slot (``ActiveKeyRule``).
    case active
    /// Replaced by a rotation: verifies tokens until its grace period ends, never signs.
    case retired
    /// Revoked (in Apple's portal): signs nothing, verifies nothing, waits to be purged.
    case revoked

    /// True when a key in this state may sign new tokens (`token --key` accepts staged keys for tests).
    public var maySign: Bool { self == .active || self == .staged }
}

/// The transitions the keystore allows, as pure checks that name what is wrong.
public enum KeyTransition {
    /// Checks that `key` may become active in its slots.
    public static func checkPromote(_ key: KeyRecord, team: String) throws {
        guard key.teamID == team else {
            throw APNsError.keystore("key \(key.keyID) belongs to team \(key.teamID), not \(team)",
                                     remedy: KeystoreRemedy.rotateWithinTeam(key.teamID))
        }
        switch key.state {
        case .staged, .retired:
            return
        case .active:
            throw APNsError.keystore("key \(key.keyID) is already the active key of team \(team) in "
                                     + key.slots.words,
                                     hint: "import or generate a new key first; it starts staged")
        case .revoked:
            throw APNsError.keystore("key \(key.keyID) is revoked and can never be active again",
                                     remedy: KeystoreRemedy.rotateToStagedKey(team: team))
        }
    }

    /// Checks that `key` may be revoked. An active key only with `force` (its slots are then left without one).
    public static func checkRevoke(_ key: KeyRecord, force: Bool) throws {
        switch key.state {
        case .staged, .retired:
            return
        case .active where force:
            return
        case .active:
            throw APNsError.keystore(
                "key \(key.keyID) is active (team \(key.teamID), \(key.scope.environmentsText)); revoking it leaves "
                    + "\(key.slots.words) unable to sign",
                remedy: KeystoreRemedy.rotateBeforeRevoking(team: key.teamID))
        case .revoked:
            throw APNsError.keystore("key \(key.keyID) is already revoked", remedy: KeystoreRemedy.purge(key.keyID))
        }
    }

    /// Checks that `key`'s material may be purged: only revoked keys.
    public static func checkPurge(_ key: KeyRecord) throws {
        guard key.state == .revoked else {
            throw APNsError.keystore("key \(key.keyID) is \(key.state.rawValue); only revoked keys can be purged",
                                     remedy: key.state == .active ? KeystoreRemedy.rotateRevokeThenPurge(key.keyID)
                                                                  : KeystoreRemedy.revokeBeforePurging(key.keyID))
        }
    }
}
