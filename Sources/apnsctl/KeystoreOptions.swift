import APNsCore
import APNsKeystore
import APNsKeystoreEtcd
import APNsModel
import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `--keystore PATH|etcd://…` and `--lock-timeout SECONDS`: which keystore a command uses, the same in every
/// command, with the fleet keystore's access options (docs/fleet.md).
///
/// Lookup order: `--keystore`, `$APNSCTL_KEYSTORE`, `./keystore` when it holds a keystore, then
/// `$XDG_DATA_HOME/apnsctl` (`~/.local/share/apnsctl`).
struct KeystoreOptions: ParsableArguments {
    @Option(name: .customLong("keystore"), help: ArgumentHelp(
        "The keystore: a directory, or etcd://HOST:PORT[,HOST:PORT…]/PREFIX (default: $APNSCTL_KEYSTORE, "
            + "./keystore, ~/.local/share/apnsctl).", valueName: "PATH|URL"), completion: .directory)
    var keystore: String?

    @OptionGroup(title: "Fleet keystore (etcd://…; each also from the environment, docs/fleet.md)")
    var fleet: FleetOptions

    @Option(name: .customLong("lock-timeout"), help: ArgumentHelp(
        "Seconds to wait for another apnsctl holding the keystore lock.", valueName: "SECONDS"))
    var lockTimeout: Double = Keystore.defaultLockTimeout

    func validate() throws {
        guard lockTimeout >= 0, lockTimeout <= 3600 else {
            throw ValidationError("--lock-timeout must be from 0 to 3600 seconds")
        }
    }

    /// Where the keystore is, and why.
    var location: KeystoreLocation { KeystoreLocation.resolve(flag: keystore) }

    /// Opens the keystore (permissions checked); passphrases for encrypted keys come from `secrets` if given.
    func open(secrets: SecretOptions? = nil) throws -> Keystore {
        var store = try KeystoreStores.open(location, access: fleet.access, clock: ProcessClock(), lockTimeout: lockTimeout)
        if let secrets {
            let source = secrets.source(prompt: "")
            store.passphrase = { record in
                switch source {
                case .prompt:
                    return try SecretSource.prompt("Passphrase for key \(record.keyID): ").resolve()
                default:
                    return try source.resolve()
                }
            }
        }
        return store
    }
}

/// How to reach an etcd keystore: TLS, user and password file, and the key-encryption key.
struct FleetOptions: ParsableArguments {
    @Option(name: .customLong("etcd-cacert"), help: ArgumentHelp("CA certificate of etcd's members ($APNSCTL_ETCD_CACERT).",
                                                                 valueName: "FILE"), completion: .file())
    var caFile: String?
    @Option(name: .customLong("etcd-cert"), help: ArgumentHelp("Client certificate for etcd ($APNSCTL_ETCD_CERT).",
                                                               valueName: "FILE"), completion: .file())
    var certificateFile: String?
    @Option(name: .customLong("etcd-key"), help: ArgumentHelp("Its private key ($APNSCTL_ETCD_KEY).", valueName: "FILE"),
            completion: .file())
    var keyFile: String?
    @Option(name: .customLong("etcd-user"), help: ArgumentHelp("etcd user ($APNSCTL_ETCD_USER).", valueName: "NAME"))
    var user: String?
    @Option(name: .customLong("etcd-password-file"), help: ArgumentHelp(
        "The etcd user's password ($APNSCTL_ETCD_PASSWORD_FILE, or $APNSCTL_ETCD_PASSWORD).", valueName: "FILE"),
            completion: .file())
    var passwordFile: String?
    @Option(name: .customLong("kek-file"), help: ArgumentHelp(
        "Key-encryption key sealing the keystore's secrets: 32 bytes or a passphrase ($APNSCTL_KEK_FILE).",
        valueName: "FILE"), completion: .file())
    var kekFile: String?

    var access: FleetAccess {
        FleetAccess(caFile: caFile, certificateFile: certificateFile, keyFile: keyFile, user: user,
                    passwordFile: passwordFile, kekFile: kekFile)
    }
}

/// Text helpers shared by the key, keystore and token verbs.
enum KeystoreText {
    static func date(_ date: Date?) -> String {
        guard let date else { return "never" }
        return ISO8601Text.string(from: date)
    }

    /// Left-aligned columns.
    static func table(_ rows: [[String]]) -> String {
        guard let first = rows.first else { return "" }
        var widths = [Int](repeating: 0, count: first.count)
        for row in rows { for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) } }
        return rows.map { row in
            row.enumerated().map { index, cell in
                index == row.count - 1 ? cell : cell.padded(toLength: widths[index])
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }

    /// A key's scope in a table cell: "both, team-scoped (legacy)", "production, com.example.app",
    /// "development, 12 topics".
    static func scope(_ scope: KeyScope) -> String {
        let environments = scope.environments.count > 1 ? "both" : scope.environmentsText
        var text = environments + ", "
        if let topics = scope.topics {
            text += topics.count <= 2 ? topics.joined(separator: " ") : "\(topics.count) topics"
        } else {
            text += "team-scoped"
        }
        if scope.source != .declared { text += " (\(scope.source.rawValue))" }
        return text
    }

    static func note(_ key: KeyStatus) -> String {
        var notes = [String]()
        if !key.registeredWithApple { notes.append("not registered with Apple") }
        if key.encrypted { notes.append("encrypted") }
        if key.state == .retired, let until = key.verifyUntil { notes.append("verifies until \(date(until))") }
        return notes.joined(separator: ", ")
    }
}
