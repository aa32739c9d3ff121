import APNsCore
import APNsKeystore
import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

struct KeystoreFixPermissions: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fix-permissions",
        abstract: "Set the keystore's directories to 0700 and its files to 0600.")

    @OptionGroup var keystore: KeystoreOptions
    @OptionGroup var output: FormatOptions

    /// JSON: `keystore`, `fixed` ([{`path`, `mode`, `expected`, `foreign_owner`}] as found before fixing).
    struct Output: Encodable {
        var keystore: String
        var fixed: [Fixed]
    }

    struct Fixed: Encodable {
        var path: String
        var mode: String
        var expected: String
        var foreignOwner: Bool
        enum CodingKeys: String, CodingKey { case path, mode, expected, foreignOwner = "foreign_owner" }
    }

    func run() async throws {
        let path = keystore.location.path
        guard keystore.location.isDirectory else {
            throw APNsError.usage("\(path) is an etcd keystore: it has no files whose modes could be fixed",
                                  hint: "etcd's users and roles decide who reads it (docs/fleet.md)")
        }
        let fixed = try Keystore.fixPermissions(at: path)
        if output.isJSON {
            try Console.printJSON(Output(keystore: path, fixed: fixed.map {
                Fixed(path: $0.path, mode: "0" + String($0.mode, radix: 8), expected: "0" + String($0.expected, radix: 8),
                      foreignOwner: $0.foreignOwner)
            }))
            return
        }
        if fixed.isEmpty { print("\(path): permissions already safe") }
        for problem in fixed {
            print("\(problem.path): 0\(String(problem.mode, radix: 8)) -> 0\(String(problem.expected, radix: 8))")
        }
    }
}
