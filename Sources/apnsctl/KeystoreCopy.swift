import APNsCore
import APNsKeystore
import APNsKeystoreEtcd
import ArgumentParser

struct KeystoreCopy: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "copy",
        abstract: "Copy every key, certificate and pending request from one keystore to another (directory or etcd).",
        discussion: "The migration to a fleet keystore and back: `apnsctl keystore copy --from-keystore ~/.local/share/apnsctl "
            + "--to-keystore etcd://10.0.0.5:2379/apnsctl --kek-file kek`. Secrets travel with their records (sealed with the "
            + "key-encryption key on etcd). What the destination already holds is left alone, so a second run copies "
            + "nothing; a key id the destination holds with other material is refused and nothing is copied. "
            + "The copy is one audited change of the destination (keystore.copy). The destination must exist "
            + "(`apnsctl keystore init`).")

    @Option(name: [.customLong("from-keystore"), .customLong("from")], help: ArgumentHelp(
        "The keystore to copy from (--from is its old spelling).", valueName: "PATH|URL"), completion: .directory)
    var from: String
    @Option(name: [.customLong("to-keystore"), .customLong("to")], help: ArgumentHelp(
        "The keystore to copy into (--to is its old spelling).", valueName: "PATH|URL"), completion: .directory)
    var to: String
    @OptionGroup(title: "Fleet keystore (etcd://…; each also from the environment, docs/fleet.md)")
    var fleet: FleetOptions
    @Option(name: .customLong("lock-timeout"), help: ArgumentHelp(
        "Seconds to wait for another apnsctl holding a keystore lock.", valueName: "SECONDS"))
    var lockTimeout: Double = Keystore.defaultLockTimeout
    @OptionGroup var output: FormatOptions

    /// JSON (docs/json/keystore-copy.schema.json): `from`, `to`, `keys`, `certificates`, `requests`, `revoked_keys`
    /// (the ids copied: revoked keys' tombstones) and `already_present_count` (how many records were left alone;
    /// `already_present` is a boolean everywhere else).
    struct Output: Encodable {
        var from: String
        var to: String
        var keys: [String]
        var certificates: [String]
        var requests: [String]
        var revokedKeys: [String]
        var alreadyPresentCount: Int
        enum CodingKeys: String, CodingKey {
            case from, to, keys, certificates, requests, revokedKeys = "revoked_keys"
            case alreadyPresentCount = "already_present_count"
        }
    }

    func run() async throws {
        func open(_ text: String) throws -> Keystore {
            try KeystoreStores.open(KeystoreLocation.resolve(flag: text), access: fleet.access, lockTimeout: lockTimeout)
        }
        let source = try open(from), destination = try open(to)
        guard source.path != destination.path else {
            throw APNsError.usage("--from-keystore and --to-keystore name the same keystore (\(source.path))", hint: "name two keystores")
        }
        let result = try destination.copy(from: source)
        if output.isJSON {
            try Console.printJSON(Output(from: source.path, to: destination.path, keys: result.keys,
                                         certificates: result.certificates, requests: result.requests,
                                         revokedKeys: result.revokedKeys, alreadyPresentCount: result.alreadyPresentCount))
            return
        }
        print("copied \(Wording.count(result.keys.count, "key")), \(Wording.count(result.certificates.count, "certificate")), "
              + "\(Wording.count(result.requests.count, "pending request")) from \(source.path) to \(destination.path)"
              + (result.revokedKeys.isEmpty ? "" : "; revocations of \(result.revokedKeys.joined(separator: ", ")) kept")
              + (result.alreadyPresentCount > 0 ? "; \(result.alreadyPresentCount) already there" : ""))
    }
}
