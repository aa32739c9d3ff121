import Foundation
import Testing

/// The documentation cannot drift from the program: every relative link in README.md and docs/ leads to a file
/// that exists, and every `apnsctl …` command line they show names real subcommands and real options of those
/// subcommands (read from the binary's own `--experimental-dump-help`, what `--help` prints).
@Suite struct DocsConsistencyTests {
    /// README.md, keystore/README.md and every docs/*.md.
    static func documents() throws -> [URL] {
        let root = CLI.repositoryRoot
        let docs = root.appendingPathComponent("docs")
        let names = try FileManager.default.contentsOfDirectory(atPath: docs.path).filter { $0.hasSuffix(".md") }
        return [root.appendingPathComponent("README.md"), root.appendingPathComponent("keystore/README.md")]
            + names.sorted().map { docs.appendingPathComponent($0) }
    }

    @Test func everyRelativeLinkLeadsToAFile() throws {
        var checked = 0
        for document in try Self.documents() {
            let text = try String(contentsOf: document, encoding: .utf8)
            for target in Self.linkTargets(text) {
                let path = String(target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0])
                if path.isEmpty || path.contains("://") || path.hasPrefix("mailto:") { continue }
                let resolved = document.deletingLastPathComponent().appendingPathComponent(path).standardizedFileURL
                #expect(FileManager.default.fileExists(atPath: resolved.path),
                        "\(document.lastPathComponent): link \(target) leads nowhere")
                checked += 1
            }
        }
        #expect(checked >= 5, "only \(checked) relative links found: is the link pattern still right?")
    }

    @Test func everyCommandLineNamesRealSubcommandsAndOptions() throws {
        let tree = try CommandTree.load()
        var checked = 0
        for document in try Self.documents() {
            let text = try String(contentsOf: document, encoding: .utf8)
            for line in Self.commandLines(text) {
                let problem = tree.check(Self.words(line))
                #expect(problem == nil, "\(document.lastPathComponent): `\(line)`: \(problem ?? "")")
                checked += 1
            }
        }
        #expect(checked >= 40, "only \(checked) command lines found in the docs")
    }

    /// `](target)` of Markdown links.
    static func linkTargets(_ text: String) -> [String] {
        var targets: [String] = []
        var rest = Substring(text)
        while let open = rest.range(of: "](") {
            rest = rest[open.upperBound...]
            guard let close = rest.firstIndex(of: ")") else { break }
            let target = rest[..<close]
            if !target.contains(" ") { targets.append(String(target)) }
            rest = rest[close...]
        }
        return targets
    }

    /// Lines of fenced code blocks that start with `apnsctl ` (or `$ apnsctl `), continuations joined; only blocks
    /// whose fence names one of `fences` (` ```sh `) when given, else every block.
    static func commandLines(_ text: String, fences: Set<String>? = nil) -> [String] {
        var lines: [String] = []
        var inCode = false
        var pending = ""
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("```") {
                inCode = !inCode && (fences.map { $0.contains(String(line.dropFirst(3))) } ?? true)
                pending = ""
                continue
            }
            guard inCode else { continue }
            if line.hasSuffix("\\") {
                pending += line.dropLast() + " "
                continue
            }
            var full = pending + line
            pending = ""
            if full.hasPrefix("$ ") { full.removeFirst(2) }
            if full.hasPrefix("apnsctl ") { lines.append(full) }
        }
        return lines
    }

    /// The words of one command, up to the first shell operator or comment, quotes removed.
    static func words(_ line: String) -> [String] {
        var words: [String] = []
        var word = ""
        var quote: Character?
        var inWord = false
        for character in line {
            if let open = quote {
                if character == open { quote = nil } else { word.append(character) }
                continue
            }
            switch character {
            case "'", "\"":
                quote = character
                inWord = true
            case " ", "\t":
                if inWord { words.append(word) }
                word = ""
                inWord = false
            case "|", ";", ">", "<", "&":
                if inWord { words.append(word) }
                return words
            case "#" where !inWord:
                return words
            default:
                word.append(character)
                inWord = true
            }
        }
        if inWord { words.append(word) }
        return words
    }
}

/// apnsctl's commands and their long options, from `apnsctl --experimental-dump-help`.
struct CommandTree {
    var options: Set<String>
    var subcommands: [String: CommandTree]
    /// The subcommand run when none is named (`apnsctl token` is `apnsctl token issue`).
    var defaultSubcommand: String?

    static func load() throws -> CommandTree {
        let result = try CLI.run(["--experimental-dump-help"])
        let object = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
        return try #require(CommandTree(object["command"] as? [String: Any]))
    }

    init?(_ command: [String: Any]?) {
        guard let command else { return nil }
        var options: Set<String> = ["--help", "-h"]
        // Hidden options (a renamed flag kept only to say what replaced it) are not for the docs.
        for argument in command["arguments"] as? [[String: Any]] ?? [] where argument["shouldDisplay"] as? Bool != false {
            for name in argument["names"] as? [[String: Any]] ?? [] {
                guard let text = name["name"] as? String else { continue }
                options.insert((name["kind"] as? String == "short" ? "-" : "--") + text)
            }
        }
        self.options = options
        var subcommands: [String: CommandTree] = [:]
        for sub in command["subcommands"] as? [[String: Any]] ?? [] {
            if let name = sub["commandName"] as? String, let tree = CommandTree(sub) { subcommands[name] = tree }
        }
        self.subcommands = subcommands
        defaultSubcommand = command["defaultSubcommand"] as? String
    }

    /// Nil when `words` (starting with "apnsctl") is a real command with real options; else what is wrong.
    func check(_ words: [String]) -> String? {
        var node = self
        var path = ["apnsctl"]
        var arguments = words.dropFirst()
        while let next = arguments.first, let sub = node.subcommands[next] {
            node = sub
            path.append(next)
            arguments = arguments.dropFirst()
        }
        if let name = node.defaultSubcommand, let sub = node.subcommands[name],
           arguments.first.map({ $0.hasPrefix("-") }) ?? true {
            node = sub
            path.append(name)
        }
        if !node.subcommands.isEmpty, node.options == ["--help", "-h"], let next = arguments.first,
           !next.hasPrefix("-") {
            return "\(path.joined(separator: " ")) has no subcommand \(next)"
        }
        for word in arguments where word.hasPrefix("-") && word != "-" && !word.hasPrefix("-\\") {
            let flag = String(word.split(separator: "=", maxSplits: 1)[0])
            if Double(flag) == nil, !node.options.contains(flag) {
                return "\(path.joined(separator: " ")) has no option \(flag)"
            }
        }
        return nil
    }
}
