import ArgumentParser

struct KeystoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keystore",
        abstract: "Create, check and audit the keystore.",
        subcommands: [KeystoreInit.self, KeystoreStatus.self, KeystoreAudit.self, KeystoreCopy.self, KeystoreFixPermissions.self]
    )
}
