import ArgumentParser

struct KeyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "key",
        abstract: "Manage .p8 signing keys: import, generate, rotate, discover, scope, revoke, purge.",
        subcommands: [KeyImport.self, KeyGenerate.self, KeyList.self, KeyInspect.self, KeyExportPublic.self, KeyRotate.self, KeyDiscover.self, KeyScopeCommand.self, KeyRevoke.self, KeyPurge.self]
    )
}
