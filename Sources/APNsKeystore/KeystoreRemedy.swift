import APNsModel
import APNsCore

/// What to do when the keystore refuses a request; the CLI words each, naming its flags and commands.
public enum KeystoreRemedy: Remedy, Equatable {
    /// A key was named with another team than its own: name its team (`team`), or none.
    case teamOfKey(String)
    /// The key named may not sign: let the keystore choose the team's active key.
    case signWithActiveKey
    /// Rotation stays within a key's team (`team`).
    case rotateWithinTeam(String)
    /// A revoked key never returns: rotate to one of the team's staged keys.
    case rotateToStagedKey(team: String)
    /// An active key is revoked after a rotation (or by force).
    case rotateBeforeRevoking(team: String)
    /// A revoked key's material can be purged.
    case purge(String)
    /// An active key is rotated away, revoked, then purged.
    case rotateRevokeThenPurge(String)
    /// Only a revoked key is purged.
    case revokeBeforePurging(String)
    /// The keystore's key list shows the keys it holds.
    case listKeys
    /// The key list shows the keys' states and scopes.
    case listKeyStates
    /// A team's key is made active by a rotation.
    case activateKey(team: String)
    /// Keys come in by importing their .p8 (for `team`, when known).
    case importKey(team: String?)
    /// The keystore holds several teams: name one.
    case chooseTeam
    /// A keystore already exists at `path`: use it.
    case useExisting(String)
    /// No keystore at `path`: create one (or, with `orNameAnother`, name another keystore).
    case createKeystore(String, orNameAnother: Bool)
    /// The pending certificate requests are listed by the request verb.
    case listPendingRequests
    /// Another process holds the keystore's lock.
    case waitForLock
    /// The keystore at `root` has unsafe permissions that can be fixed.
    case fixPermissions(String)
    /// The keystore belongs to `owner`: run as that user, or name a keystore of this user.
    case runAsOwner(String)
    /// The team's key list shows the keys it holds.
    case listTeamKeys(String)
    /// Two incoming keys share a slot: rotate to one of them.
    case rotateToOneOf(team: String)
    /// A rotation would leave slots uncovered: rotate to keys covering them too, or accept the gap.
    case coverEverySlot(team: String)
    /// A revoked key's scope is not recorded: purge it.
    case purgeRevoked(String)
    /// The key's scope changed during discovery: discover again.
    case discoverAgain(String)
    /// The discovered scope clashes with `active`'s slot: rotate the slot, then discover `key` again.
    case rotateSlotThenDiscover(team: String, active: String, key: String)
    /// An RSA key belongs with a certificate, not among the signing keys.
    case importRSAWithCertificate
    /// The key is already held for `team`: name that team.
    case keyBelongsToTeam(String)
    /// The token's environment must be named: one of `choices` (none: either), the team's keys listed.
    case nameEnvironment([APNsEnvironment], team: String)
    /// No key of `team` covers `environment`: sign with a staged key that does, or import one for it.
    case signWithCoveringKey(team: String, environment: APNsEnvironment)
}
