import APNsCore
import APNsKeystore

extension KeystoreRemedy: WordedRemedy {
    // swiftlint:disable:next cyclomatic_complexity
    var words: String {
        switch self {
        case .teamOfKey(let team): return "pass --team \(team), or leave --team out"
        case .signWithActiveKey: return "use the team's active key: leave --key-id out"
        case .rotateWithinTeam(let team): return "rotate within the key's team: --team \(team)"
        case .rotateToStagedKey(let team): return "rotate to a staged key; \(NextStep("key", "list", "--team", team)) shows them"
        case .rotateBeforeRevoking(let team):
            return "rotate first (\(NextStep("key", "rotate", "--team", team, "--to-key", "NEWID"))), or pass --allow-active"
        case .purge(let keyID): return "purge it: \(NextStep("key", "purge", keyID))"
        case .rotateRevokeThenPurge(let keyID): return "rotate to another key, then \(NextStep("key", "revoke", keyID)), then purge"
        case .revokeBeforePurging(let keyID): return "revoke it first: \(NextStep("key", "revoke", keyID))"
        case .listKeys: return "\(NextStep("key", "list")) shows the keys it holds"
        case .listKeyStates: return "\(NextStep("key", "list")) shows the keys' states and scopes"
        case .activateKey(let team): return "make one active: \(NextStep("key", "rotate", "--team", team, "--to-key", "KEYID"))"
        case .importKey(let team?): return "import its .p8: \(NextStep("key", "import", "AuthKey_KEYID.p8", "--team", team))"
        case .importKey(nil): return "import a .p8 with \(NextStep("key", "import", "FILE", "--team", "TEAMID"))"
        case .chooseTeam: return "choose one with --team TEAMID"
        case .useExisting(let path): return "use it with --keystore \(path), or choose another directory"
        case .createKeystore(let path, let orNameAnother):
            return "create one with \(NextStep("keystore", "init", path, carries: []))" + (orNameAnother ? ", or pass --keystore PATH" : "")
        case .listPendingRequests: return "\(NextStep("cert", "request", "--list")) shows the pending requests"
        case .waitForLock: return "wait for the other apnsctl to finish, or raise --lock-timeout"
        case .fixPermissions(let root): return "run \(NextStep("keystore", "fix-permissions", "--keystore", root))"
        case .runAsOwner(let owner):
            return "run apnsctl as \(owner) (the keystore's owner), or pass --keystore PATH "
                + "(or set $APNSCTL_KEYSTORE) to a keystore of this user"
        case .listTeamKeys(let team): return "\(NextStep("key", "list", "--team", team)) shows the keys it holds"
        case .rotateToOneOf(let team): return "rotate to one of them; \(NextStep("key", "list", "--team", team)) shows their scopes"
        case .coverEverySlot(let team):
            return "rotate to keys covering those too in the same command (repeat --to-key KEYID), "
                + "or pass --allow-gap; \(NextStep("key", "list", "--team", team)) shows the scopes"
        case .purgeRevoked(let keyID): return "a revoked key never signs again; purge it with \(NextStep("key", "purge", keyID))"
        case .importRSAWithCertificate: return "RSA keys belong with certificates: \(NextStep("cert", "import", "FILE"))"
        case .keyBelongsToTeam(let team): return "a key belongs to one team: pass --team \(team)"
        case .nameEnvironment(let choices, let team):
            return "pass " + (choices.isEmpty ? "--env development or --env production"
                                              : choices.map { "--env \($0.rawValue)" }.joined(separator: " or "))
                + "; \(NextStep("key", "list", "--team", team)) shows the keys' scopes"
        case .signWithCoveringKey(let team, let environment):
            return "sign with a key whose scope covers it: a staged one with --key-id KEYID, or import it with "
                + "\(NextStep("key", "import", "AuthKey_KEYID.p8", "--team", team, "--env", environment.rawValue)); "
                + "\(NextStep("key", "list", "--team", team)) shows the keys' scopes"
        case .discoverAgain(let keyID): return "run \(NextStep("key", "discover", keyID, carries: .canary)) again"
        case .rotateSlotThenDiscover(let team, let active, let key):
            return "rotate the slot first (\(NextStep("key", "rotate", "--team", team, "--to-key", active)) "
                + "or to \(key)), then run \(NextStep("key", "discover", key, carries: .canary)) again"
        }
    }
}

extension RotationRequestError: UserFacingError {
    /// A rotation refused before its keys are read: a usage error (exit 2) naming `key rotate`'s options.
    var presented: APNsError {
        switch self {
        case .noTarget: return .usage("name the key to make active with --to-key KEYID")
        case .targetTwice(let keyID): return .usage("--to-key \(keyID) is given twice", hint: "name each key once")
        case .negativeGrace: return .usage("--grace must not be negative")
        }
    }
}

extension KeystoreFormatError: UserFacingError {
    var presented: APNsError {
        switch self {
        case .newerThanUnderstood(let path, let version, let understood):
            return .keystore("\(path): keystore format version \(version) is newer than this apnsctl understands "
                             + "(\(understood))", hint: "upgrade apnsctl")
        }
    }
}
