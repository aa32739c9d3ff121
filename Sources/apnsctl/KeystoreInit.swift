import APNsCore
import APNsKeystore
import APNsKeystoreEtcd
import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

struct KeystoreInit: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create a keystore (directory 0700, manifest, audit log), or a fleet keystore in etcd.",
        discussion: "Without PATH: --keystore, $APNSCTL_KEYSTORE, else ~/.local/share/apnsctl. "
            + "`apnsctl keystore init keystore` in the repository root makes the repository's keystore/ the default. "
            + "`apnsctl keystore init etcd://HOST:PORT/PREFIX --kek-file FILE` makes one in etcd whose secrets are "
            + "sealed with the key-encryption key in FILE (docs/fleet.md).")

    @Argument(help: ArgumentHelp("The directory (or etcd:// URL) to create.", valueName: "PATH"), completion: .directory)
    var path: String?

    @OptionGroup var keystore: KeystoreOptions
    @OptionGroup var output: FormatOptions

    /// JSON: `keystore` (path), `created` (true).
    struct Output: Encodable {
        var keystore: String
        var created: Bool
    }

    func run() async throws {
        let target = path.map { KeystoreLocation(path: KeystoreLocation.resolve(flag: $0).path, source: .flag) }
            ?? keystore.location
        let store = try KeystoreStores.create(target, access: keystore.fleet.access, lockTimeout: keystore.lockTimeout)
        try output.print(Output(keystore: store.path, created: true), text: "created keystore \(store.path)")
    }
}
