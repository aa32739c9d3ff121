import Foundation
import Testing

/// `--help` as a person reads it in an 80-column terminal: the example command lines of every command's
/// discussion are shown whole (never broken across lines, which makes them impossible to copy), and no option
/// states its default twice.
@Suite struct HelpTextTests {
    /// Every command path with its discussion, from `--experimental-dump-help`.
    static func commands() throws -> [(path: [String], discussion: String, optionHelp: [String])] {
        let result = try CLI.run(["--experimental-dump-help"])
        let object = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
        var found: [(path: [String], discussion: String, optionHelp: [String])] = []
        func walk(_ command: [String: Any], _ path: [String]) {
            let help = (command["arguments"] as? [[String: Any]] ?? []).compactMap { $0["abstract"] as? String }
            found.append((path, command["discussion"] as? String ?? "", help))
            for sub in command["subcommands"] as? [[String: Any]] ?? [] {
                if let name = sub["commandName"] as? String { walk(sub, path + [name]) }
            }
        }
        walk(try #require(object["command"] as? [String: Any]), [])
        return found
    }

    @Test func exampleLinesAreNeverBrokenAt80Columns() throws {
        var examples = 0
        for command in try Self.commands() {
            let indented = command.discussion.split(separator: "\n").map(String.init)
                .filter { $0.hasPrefix("  ") && !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            guard !indented.isEmpty else { continue }
            let help = try CLI.run(command.path + ["--help"], environment: ["COLUMNS": "80"])
            let lines = Set(help.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
            for line in indented {
                let columns = line.count, whole = lines.contains(line)
                #expect(columns <= 80, "apnsctl \(command.path.joined(separator: " ")): \(columns) columns: \(line)")
                #expect(whole, "apnsctl \(command.path.joined(separator: " ")) --help breaks: \(line)")
                examples += 1
            }
        }
        #expect(examples >= 10, "only \(examples) example lines found in the commands' discussions")
    }

    @Test func noOptionStatesItsDefaultTwice() throws {
        for command in try Self.commands() {
            let help = try CLI.run(command.path + ["--help"], environment: ["COLUMNS": "80"])
            // ArgumentParser adds "(default: …)" itself; help text that also says "default" says it twice.
            let options = help.stdout.components(separatedBy: "\n  -").filter { $0.contains("(default: ") }
            for option in options {
                let mentions = option.lowercased().components(separatedBy: "default").count - 1
                #expect(mentions == 1, "apnsctl \(command.path.joined(separator: " ")): \(option)")
            }
        }
    }
}
