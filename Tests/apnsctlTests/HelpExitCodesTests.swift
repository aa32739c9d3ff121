import Foundation
import TestSupport
import Testing

/// Issue 40 §5: each verb's help lists the exit codes it can return, and docs/json.md's one table says the same.
@Suite struct HelpExitCodesTests {
    /// docs/json.md's exit-code table: verb → codes.
    static func documented() throws -> [String: [Int32]] {
        let text = try String(contentsOf: TestPaths.repositoryRoot.appendingPathComponent("docs/json.md"), encoding: .utf8)
        let section = try #require(text.components(separatedBy: "## Exit codes").dropFirst().first)
        var table = [String: [Int32]]()
        for line in section.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 2 else { continue }
            table[cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))] =
                cells[1].split(separator: ",").compactMap { Int32($0.trimmingCharacters(in: .whitespaces)) }
        }
        return table
    }

    /// The codes a verb's help lists under EXIT CODES.
    static func helped(_ verb: String) throws -> [Int32] {
        let result = try CLI.run(verb.split(separator: " ").map(String.init) + ["--help"])
        try #require(result.status == 0, "\(verb) --help: \(result.stderr)")
        let section = try #require(result.stdout.components(separatedBy: "EXIT CODES (\(verb))\n").dropFirst().first,
                                   "\(verb) --help has no EXIT CODES section")
        return section.split(separator: "\n").compactMap { Int32($0.split(separator: " ").first ?? "") }
    }

    /// Every leaf verb the root help reaches is in the documented table, and its help lists the same codes.
    @Test func everyVerbsHelpListsTheDocumentedCodes() throws {
        let documented = try Self.documented()
        #expect(documented.count >= 39, "\(documented.keys.sorted())")
        var verbs = [String]()
        let groups = ["cert", "key", "keystore", "profile", "token", "payload", "app", "channel", "device", "mock"]
        for group in groups {
            let help = try CLI.run([group, "--help"]).stdout
            let subcommands = help.components(separatedBy: "SUBCOMMANDS:").dropFirst().first ?? ""
            for line in subcommands.split(separator: "\n") where line.hasPrefix("  ") && !line.hasPrefix("   ") {
                if let word = line.split(separator: " ").first, word.first?.isLowercase == true {
                    verbs.append("\(group) \(word)")
                }
            }
        }
        // `asc key` and `app push` are groups below a group: their verbs (not the group), and `asc token`.
        for nested in ["asc key", "app push"] {
            verbs.removeAll { $0 == nested }
            for line in try CLI.run(nested.split(separator: " ").map(String.init) + ["--help"]).stdout
                .components(separatedBy: "SUBCOMMANDS:").dropFirst().joined().split(separator: "\n")
                where line.hasPrefix("  ") && !line.hasPrefix("   ") {
                if let word = line.split(separator: " ").first, word.first?.isLowercase == true { verbs.append("\(nested) \(word)") }
            }
        }
        verbs += ["asc token", "expiry", "probe", "doctor", "exporter", "demo"]
        #expect(verbs.count == documented.count, "\(Set(verbs).symmetricDifference(documented.keys).sorted())")
        for verb in verbs {
            let codes = try #require(documented[verb], "\(verb) is not in docs/json.md's exit-code table")
            #expect(try Self.helped(verb) == codes, "\(verb)")
            #expect(codes.contains(0) && codes.contains(2) && codes.contains(70), "\(verb)")
        }
    }

    /// `apnsctl help VERB` ends the same way; a group's help has no verb section.
    @Test func theHelpVerbAndGroupsToo() throws {
        let help = try CLI.run(["help", "device", "check"])
        #expect(help.stdout.contains("EXIT CODES (device check)\n  0  success"), "\(help.stdout)")
        #expect(help.stdout.contains("  4  not reachable"))
        #expect(!(try CLI.run(["cert", "--help"]).stdout.contains("EXIT CODES (")))
    }
}
