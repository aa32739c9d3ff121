import Foundation
import Testing

/// issue 40 §3: an option that means one thing is defined once, in its option group, so its help, validation and
/// the words hints use are the same in every verb; a flag that meant different things in different verbs got a
/// name that says which, its old spelling kept as an alias. Before, `--team`, `--out` and `--min-days` were each
/// declared in 6 or more files with their own help, `--topic` in 5, `--ca` in 4 (meaning "besides Apple's" in some
/// verbs and "instead of Apple's" in one), `--format` had three enums, and `--key`, `--force` and `--to` each meant
/// two or three things.
@Suite struct OptionGroupsTests {
    static let sources = CLI.repositoryRoot.appendingPathComponent("Sources/apnsctl")

    /// Each shared option and the one file that may declare it (`--ca`'s two meanings both live in CAOptions.swift).
    static let groups: [String: String] = [
        "team": "TeamOption.swift", "out": "OutputFileOptions.swift", "force": "OutputFileOptions.swift",
        "min-days": "MinDaysOption.swift", "topic": "TopicOption.swift", "ca": "CAOptions.swift",
        "format": "FormatOptions.swift",
    ]

    /// Declarations still outside their group, in files other engineers were changing when the groups were made;
    /// each is to move into its group, and its entry out of this list. Nothing may be added here. (`profile fetch`
    /// and `profile renew` write into a directory: `--out DIR` as issue 41 names it, ``OutDirectoryOption``.)
    static let pending: Set<String> = []

    /// The verbs and options of ``pending``, whose `--help` is not yet the group's.
    static let pendingHelp: Set<String> = []

    /// Old spellings kept as aliases (not shown as the preferred name), each `file name`.
    static let oldSpellings: Set<String> = [
        "CertVerify.swift key", "KeyRevoke.swift force", "KeyRotate.swift to", "KeystoreCopy.swift to",
        "KeystoreCopy.swift from", "TokenAgentCommand.swift out",
    ]

    /// One `@Option`/`@Flag` declaration: its file, its long names (the preferred one first).
    struct Declaration: CustomStringConvertible {
        var file: String
        var names: [String]
        var description: String { "\(file): --\(names.joined(separator: ", --"))" }
    }

    /// Every `@Option(…) var x` and `@Flag(…) var x` in Sources/apnsctl: the names in `name:`, else the property's
    /// name as ArgumentParser spells it (`minDays` → `min-days`).
    static func declarations() throws -> [Declaration] {
        let files = try FileManager.default.contentsOfDirectory(atPath: sources.path).filter { $0.hasSuffix(".swift") }
        let declaration = try NSRegularExpression(pattern: #"@(?:Option|Flag)\((.*?)\)\s*(?:private\s+)?var\s+(\w+)"#,
                                                  options: [.dotMatchesLineSeparators])
        let long = try NSRegularExpression(pattern: #"\.customLong\("([^"]+)"\)"#)
        var found: [Declaration] = []
        for file in files.sorted() {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            let range = NSRange(text.startIndex..., in: text)
            for match in declaration.matches(in: text, range: range) {
                guard let arguments = Range(match.range(at: 1), in: text), let property = Range(match.range(at: 2), in: text)
                else { continue }
                let head = String(text[arguments])
                var names: [String] = []
                if head.contains("name:") {
                    let headRange = NSRange(head.startIndex..., in: head)
                    names = long.matches(in: head, range: headRange).compactMap { Range($0.range(at: 1), in: head) }
                        .map { String(head[$0]) }
                }
                if names.isEmpty { names = [kebab(String(text[property]))] }
                found.append(Declaration(file: file, names: names))
            }
        }
        return found
    }

    static func kebab(_ name: String) -> String {
        name.reduce(into: "") { result, character in
            if character.isUppercase { result += "-" + character.lowercased() } else { result.append(character) }
        }
    }

    @Test func sharedOptionsAreDeclaredOnlyInTheirGroup() throws {
        let declarations = try Self.declarations()
        #expect(declarations.count > 100, "only \(declarations.count) declarations found: the reader is broken")
        for (flag, group) in Self.groups {
            let preferred = declarations.filter { $0.names.first == flag }
            #expect(preferred.contains { $0.file == group }, "--\(flag) is not declared in \(group)")
            for outside in preferred where outside.file != group && !Self.pending.contains("\(outside.file) \(flag)") {
                Issue.record("--\(flag) is declared outside its group \(group): \(outside)")
            }
        }
        for declaration in declarations {
            for alias in declaration.names.dropFirst() where !Self.oldSpellings.contains("\(declaration.file) \(alias)") {
                Issue.record("an alias that is no listed old spelling: --\(alias) in \(declaration)")
            }
        }
    }

    @Test func formatHasOneEnum() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.sources.path).filter { $0.hasSuffix(".swift") }
        for file in files {
            let text = try String(contentsOf: Self.sources.appendingPathComponent(file), encoding: .utf8)
            // An enum of output formats has a case named json (or prometheus); only FormatOptions.swift may hold one.
            let declaresFormats = text.split(separator: "\n").contains { line in
                let words = line.trimmingCharacters(in: .whitespaces)
                return words.hasPrefix("case ") && (words.contains(" json") || words.contains(" prometheus"))
                    && !words.contains(":") && !words.contains("(")
            }
            #expect(!declaresFormats || file == "FormatOptions.swift", "\(file) declares its own --format enum")
        }
    }

    /// Every verb's options from `--experimental-dump-help`: the verb, each option's names and its help.
    static func options() throws -> [(verb: String, names: [String], abstract: String)] {
        let result = try CLI.run(["--experimental-dump-help"])
        let object = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
        var found: [(verb: String, names: [String], abstract: String)] = []
        func walk(_ command: [String: Any], _ path: [String]) {
            for argument in command["arguments"] as? [[String: Any]] ?? [] {
                let names = (argument["names"] as? [[String: Any]] ?? []).filter { $0["kind"] as? String == "long" }
                    .compactMap { $0["name"] as? String }
                found.append((path.joined(separator: " "), names, argument["abstract"] as? String ?? ""))
            }
            for sub in command["subcommands"] as? [[String: Any]] ?? [] {
                if let name = sub["commandName"] as? String { walk(sub, path + [name]) }
            }
        }
        walk(try #require(object["command"] as? [String: Any]), [])
        return found
    }

    @Test func everyVerbShowsTheSameHelpForASharedOption() throws {
        let options = try Self.options()
        // --ca has two meanings, each with its own help; --format lists the values a verb offers; --out is a file,
        // or a directory in the verbs that write several files (profile fetch, profile renew: issue 41's names).
        let kinds: [String: Int] = ["ca": 2, "format": 2, "out": 2]
        for flag in Self.groups.keys.sorted() {
            let uses = options.filter { $0.names.first == flag && !Self.pendingHelp.contains("\($0.verb) \(flag)") }
            #expect(uses.count >= 2, "--\(flag) is in \(uses.count) verb(s)")
            let helps = Dictionary(grouping: uses, by: \.abstract).mapValues { $0.map(\.verb) }
            #expect(helps.count == kinds[flag, default: 1], "--\(flag) has \(helps.count) helps: \(helps)")
        }
        let verify = try #require(options.first { $0.verb == "cert verify" && $0.names.first == "ca" })
        #expect(verify.abstract.contains("instead of Apple's"), "cert verify --ca: \(verify.abstract)")
        for use in options where use.names.first == "ca" && use.verb != "cert verify"
            && !Self.pendingHelp.contains("\(use.verb) ca") {
            #expect(use.abstract.contains("besides Apple's"), "\(use.verb) --ca: \(use.abstract)")
        }
        for use in options where use.names.first == "format" && !Self.pendingHelp.contains("\(use.verb) format") {
            #expect(use.abstract.hasPrefix("Output format: text"), "\(use.verb) --format: \(use.abstract)")
        }
    }

    /// The renamed flags: the new name is the one help shows first, the old one still parses, and no other verb
    /// gives the old name to the minority's meaning.
    @Test(arguments: [
        ("cert verify", ["cert-key", "key"]), ("key revoke", ["allow-active", "force"]), ("key rotate", ["to-key", "to"]),
        ("keystore copy", ["to-keystore", "to"]), ("keystore copy", ["from-keystore", "from"]),
        ("token agent", ["out-dir", "out"]),
    ])
    func renamedFlagsKeepTheirOldSpelling(verb: String, names: [String]) throws {
        let options = try Self.options()
        let option = try #require(options.first { $0.verb == verb && $0.names.first == names[0] }, "\(verb) --\(names[0])")
        #expect(option.names == names, "\(verb): \(option.names)")
        #expect(option.abstract.contains("--\(names[1]) is its old spelling"), "\(verb) --\(names[0]): \(option.abstract)")
    }

    @Test func oldSpellingsStillParse() throws {
        // `key revoke --force` and `--allow-active` reach the same refusal: no keystore holds the key.
        for flag in ["--force", "--allow-active"] {
            let home = FileManager.default.temporaryDirectory.appendingPathComponent("optiongroups-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: home) }
            let result = try CLI.run(["key", "revoke", "ABCDE12345", flag, "--keystore", home.path])
            #expect(result.status != 2, "key revoke \(flag): \(result.stderr)")
            #expect(!result.stderr.contains("Unknown option"), "key revoke \(flag): \(result.stderr)")
        }
    }

    @Test func teamSyntaxIsCheckedByTheGroupInEveryVerb() throws {
        for verb in [["key", "list"], ["token", "issue"], ["key", "rotate", "--to-key", "ABCDE12345"]] {
            let result = try CLI.run(verb + ["--team", "abc"])
            #expect(result.status == 2, "\(verb) --team abc: \(result.status) \(result.stderr)")
            #expect(result.stderr.contains("--team abc: not a valid team id"), "\(verb): \(result.stderr)")
        }
        let missing = try CLI.run(["key", "generate", "--key-id", "ABCDE12345"])
        #expect(missing.status == 2 && missing.stderr.contains("--team"), "key generate without --team: \(missing.stderr)")
    }
}
