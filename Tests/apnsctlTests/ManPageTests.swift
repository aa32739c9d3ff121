import Foundation
import Testing

/// The committed man page (scripts/gen-docs.sh, post-processed by scripts/man-postprocess.py) keeps the help's
/// symbols, titles the discussions' sections in sentence case, and shows examples unwrapped.
@Suite struct ManPageTests {
    static func page() throws -> [String] {
        try String(contentsOf: CLI.repositoryRoot.appendingPathComponent("man/apnsctl.1"), encoding: .utf8)
            .components(separatedBy: "\n")
    }

    @Test func checkMarksSurviveAsEscapes() throws {
        let lines = try Self.page()
        #expect(lines.contains { $0.contains(#"Prints one \[u2714]/\[u2718] line per check"#) })
        #expect(!lines.contains { $0.contains("Prints one / line") })
        #expect(lines.contains { $0.contains(#"Each check is \[u2714] (pass), \[u26A0] (warning) or \[u2718] (fail)"#) })
    }

    @Test func sectionsAreSentenceCaseAndExamplesAreLiteral() throws {
        let lines = try Self.page()
        for shouting in ["EXAMPLES", "KEYSTORE", "ENVIRONMENT", "EXIT CODES"] {
            #expect(!lines.contains(shouting), "\(shouting) is still a shouting text line")
        }
        let examples = try #require(lines.firstIndex(of: #".Ss "Examples""#))
        #expect(lines[examples + 1] == ".Bd -literal")
        let block = lines[(examples + 2)...].prefix { $0 != ".Ed" }
        // A long example continues on an indented line after a backslash (mdoc writes it \e), as in a shell.
        var commands: [String] = []
        for line in block {
            if let last = commands.last, last.hasSuffix(#" \e"#), line.hasPrefix("  ") {
                commands[commands.count - 1] = String(last.dropLast(2)) + line.trimmingCharacters(in: .whitespaces)
            } else {
                commands.append(line)
            }
        }
        #expect(commands.contains("apnsctl cert convert push.p12 --to pem --out push.pem --password-env P12_PASSWORD"))
        #expect(commands.allSatisfy { $0.hasPrefix("apnsctl ") }, "\(Array(block))")
        #expect(lines.contains(#".Ss "Exit codes""#))
    }

    @Test func theManifestIsCalledKeystoreJSON() throws {
        let text = try Self.page().joined(separator: "\n")
        #expect(text.contains("keystore.json"))
        #expect(!text.contains("manifest.json"))
        let help = try CLI.run(["--help"])
        #expect(help.stdout.contains("keystore.json") && !help.stdout.contains("manifest.json"))
    }
}
