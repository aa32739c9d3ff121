import Foundation
import Testing

/// issue 40 §3: every `--flag` a hint names exists where the hint sends the user. Each printed next step
/// (`NextStep(…)` in Sources/apnsctl) is read from the source: the verb it names must have every flag it spells out
/// and every flag of the invocation's context it carries (`carries:`), as the binary's `--help` for that verb lists
/// them; the flags named in the words of probe's verdicts must be flags of `probe` (or of `mock serve` / `channel
/// create`, which those words name). Before, probe's hints named `--key`, which probe does not have.
@Suite struct HintFlagTests {
    static let sources = CLI.repositoryRoot.appendingPathComponent("Sources/apnsctl")

    /// The options `apnsctl VERB --help` lists (hidden ones are not offered, so they do not count).
    static func flags(of verb: [String]) throws -> Set<String> {
        let help = try CLI.run(verb + ["--help"])
        #expect(help.status == 0, "\(verb) --help: \(help.stderr)")
        var flags = Set<String>()
        for line in help.stdout.split(separator: "\n") {
            let trimmed = line.drop { $0 == " " }
            guard trimmed.hasPrefix("-") else { continue }
            // `--chain/--no-chain`: an inversion is two flags.
            for word in trimmed.split(whereSeparator: { $0 == " " || $0 == "/" }) where word.hasPrefix("--") {
                flags.insert(String(word.prefix { $0.isLetter || $0.isNumber || $0 == "-" }))
            }
        }
        return flags
    }

    /// The context flags of each `NextStep.Carries` part, as NextStep.swift declares them.
    static let carried: [String: [String]] = [
        "keystore": ["--keystore", "--kek-file", "--etcd-cacert", "--etcd-cert", "--etcd-key", "--etcd-user",
                     "--etcd-password-file"],
        "server": ["--target", "--host", "--port", "--cacert"],
        "topic": ["--topic"], "environment": ["--env"],
        "credential": ["--team", "--key-id", "--cert", "--token-file", "--token-env", "--password-file",
                       "--password-env"],
    ]

    /// One `NextStep(…)` call in the source: the literal words, whether all words up to the flags were literal,
    /// and the parts of the context it carries.
    struct Call: CustomStringConvertible {
        var file: String
        var words: [String]
        var carries: [String]
        var description: String { "\(file): NextStep(\(words.joined(separator: " ")), carries: \(carries))" }
    }

    /// The string literals at the top level of `arguments` (for `words: [...]`, those of the first array literal);
    /// a non-literal argument is kept as nil.
    static func literals(_ arguments: String) -> [String?] {
        var text = Substring(arguments)
        if text.hasPrefix("words: [") { text = text.dropFirst(8).prefix { $0 != "]" } }
        var items = [String?](), depth = 0, current = "", inString = false
        for character in text {
            if character == "\"" { inString.toggle() }
            if !inString, character == "(" || character == "[" { depth += 1 }
            if !inString, character == ")" || character == "]" { depth -= 1 }
            if !inString, depth == 0, character == "," {
                items.append(current)
                current = ""
                continue
            }
            current.append(character)
        }
        items.append(current)
        return items.map { item -> String? in
            let trimmed = (item ?? "").trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("\""), trimmed.hasSuffix("\""), trimmed.count >= 2,
                  !trimmed.dropFirst().dropLast().contains("\"") else { return nil }
            return String(trimmed.dropFirst().dropLast())
        }
    }

    /// Every `NextStep(` call in Sources/apnsctl but NextStep.swift.
    static func calls() throws -> [Call] {
        var calls = [Call]()
        for file in try FileManager.default.contentsOfDirectory(atPath: sources.path) where file.hasSuffix(".swift")
            && file != "NextStep.swift" {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            var rest = Substring(text)
            while let start = rest.range(of: "NextStep(") {
                var depth = 1, inString = false, end = start.upperBound
                while end < rest.endIndex, depth > 0 {
                    let character = rest[end]
                    if character == "\"" { inString.toggle() }
                    if !inString, character == "(" { depth += 1 }
                    if !inString, character == ")" { depth -= 1 }
                    end = rest.index(after: end)
                }
                let arguments = String(rest[start.upperBound..<rest.index(before: end)])
                rest = rest[end...]
                var carries = ["keystore"]
                var words = arguments
                if let range = arguments.range(of: "carries: ") {
                    words = String(arguments[..<range.lowerBound])
                    let spec = arguments[range.upperBound...]
                    carries = spec.split(whereSeparator: { !$0.isLetter }).map(String.init)
                        .flatMap { $0 == "canary" ? ["keystore", "server", "topic", "environment"] : [$0] }
                }
                calls.append(Call(file: file, words: literals(words).compactMap { $0 }, carries: carries))
            }
        }
        return calls
    }

    @Test func everyNextStepsVerbHasTheFlagsItNamesAndCarries() throws {
        let calls = try Self.calls()
        #expect(calls.count > 30, "\(calls.count) NextStep calls found")
        var helps = [[String]: Set<String>]()
        var checked = 0
        for call in calls {
            let words = Array(call.words.prefix { $0.first?.isLowercase == true && !$0.hasPrefix("-") }.prefix(3))
            var verb = Array(words.prefix(2))
            guard !verb.isEmpty, verb != ["channel"] else { continue }
            var flags: Set<String>
            if let known = helps[verb] { flags = known } else {
                flags = try Self.flags(of: verb)
                helps[verb] = flags
            }
            // A group of verbs (`app push`, `asc key`) has no flags of its own: its verb is the third word.
            if flags.isSubset(of: ["--help", "--version"]), words.count == 3 {
                verb = words
                if let known = helps[verb] { flags = known } else {
                    flags = try Self.flags(of: verb)
                    helps[verb] = flags
                }
            }
            let named = call.words.filter { $0.hasPrefix("--") }
            let carried = call.carries.flatMap { Self.carried[$0] ?? [] }
            for flag in named + carried {
                #expect(flags.contains(flag), "`apnsctl \(verb.joined(separator: " "))` has no \(flag): \(call)")
            }
            checked += 1
        }
        // The channel verbs' steps carry the probe's context and credential.
        for verb in ["list", "inspect", "delete"] {
            let flags = try Self.flags(of: ["channel", verb])
            for flag in ["keystore", "server", "topic", "environment", "credential"].flatMap({ Self.carried[$0] ?? [] }) {
                #expect(flags.contains(flag), "`apnsctl channel \(verb)` has no \(flag)")
            }
        }
        #expect(checked > 30)
    }

    /// The flags named in the words of probe's verdicts (Errors+Verdict.swift, ProbeHints.swift) are flags of
    /// probe, or of the verbs those words name (`mock serve`, `channel create`).
    @Test func theFlagsInProbesHintsAreProbes() throws {
        let allowed = try Self.flags(of: ["probe"]).union(try Self.flags(of: ["mock", "serve"]))
            .union(try Self.flags(of: ["channel", "create"]))
        #expect(!allowed.contains("--key"), "probe's --key is hidden: a hint must not offer it")
        for file in ["Errors+Verdict.swift", "ProbeHints.swift"] {
            let text = try String(contentsOf: Self.sources.appendingPathComponent(file), encoding: .utf8)
            // Only inside string literals, outside doc comments.
            // NextStep's own words are checked against the verb they name (above).
            for line in text.split(separator: "\n") where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//")
                && !line.contains("NextStep(") {
                let strings = line.split(separator: "\"", omittingEmptySubsequences: false).enumerated()
                    .filter { $0.offset % 2 == 1 }.map(\.element)
                for string in strings {
                    for word in string.split(whereSeparator: { $0 == " " || $0 == "(" || $0 == "/" || $0 == "," })
                    where word.hasPrefix("--") {
                        let flag = String(word.prefix { $0.isLetter || $0.isNumber || $0 == "-" })
                        #expect(allowed.contains(flag), "\(file): \(flag) is no flag of probe: \(line)")
                    }
                }
            }
        }
    }

    /// No hint holds a hand-written command line: the files that word hints build every `apnsctl …` they print with
    /// NextStep (which carries the invocation's keystore, server, topic and environment).
    @Test func noHintHoldsAHandWrittenCommandLine() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.sources.path).filter { file in
            file.hasPrefix("Errors+") || ["ProbeHints.swift", "KeyList.swift", "KeyImport.swift", "KeyRevoke.swift",
                                          "DoctorKeystoreChecks.swift", "ExitStatus+Words.swift"].contains(file)
        }
        #expect(files.count > 15)
        for file in files {
            let text = try String(contentsOf: Self.sources.appendingPathComponent(file), encoding: .utf8)
            // Comments, and the lines of a verb's help discussion (a multi-line literal, each ending in `\`), are no hints.
            for line in text.split(separator: "\n") where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//")
                && !line.hasSuffix("\\") {
                for written in ["`apnsctl ", "$(apnsctl ", ": apnsctl "] {
                    #expect(!line.contains(written), "\(file): a hand-written command: \(line)")
                }
            }
        }
    }

    /// The verbs of VerbExitCodes.swift's table (every verb with its own help), as typed after `apnsctl`.
    static func verbs() throws -> [String] {
        let text = try String(contentsOf: sources.appendingPathComponent("VerbExitCodes.swift"), encoding: .utf8)
        return text.split(separator: "\n").compactMap { line -> String? in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("\""), trimmed.contains("\": [") else { return nil }
            return String(trimmed.dropFirst().prefix { $0 != "\"" })
        }
    }

    /// The `--flag`s in the string literals of `line` (`--chain/--no-chain` is two flags).
    static func flagsNamed(in line: Substring) -> [String] {
        let strings = line.split(separator: "\"", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map(\.element)
        return strings.flatMap { string in
            string.split(whereSeparator: { " (/,`[".contains($0) }).filter { $0.hasPrefix("--") && $0.count > 2 }
                .map { word in String(word.prefix { $0.isLetter || $0.isNumber || $0 == "-" }) }
                .filter { $0.count > 2 && $0.last != "-" }
        }
    }

    /// Every `--flag` the command line's words name (hints, errors, help, warnings) is a flag some verb has, and in a
    /// verb's own file (CertImport.swift: `cert import`) a flag of that verb, unless the line names the verb it
    /// belongs to. Before, probe's hints offered `--key`, which probe does not have.
    @Test func everyFlagTheWordsNameIsAFlagOfItsVerb() throws {
        let verbs = try Self.verbs()
        #expect(verbs.count > 40, "\(verbs.count) verbs read from VerbExitCodes.swift")
        var flagsOf = [String: Set<String>]()
        for verb in verbs { flagsOf[verb] = try Self.flags(of: verb.split(separator: " ").map(String.init)) }
        let every = flagsOf.values.reduce(Set(["--help", "--version"])) { $0.union($1) }
        let verbOfFile = Dictionary(verbs.map { ($0.replacing(" ", with: "").replacing("-", with: ""), $0) },
                                    uniquingKeysWith: { first, _ in first })
        // Lines of a verb's file that name another verb's flag in words that do not spell that verb out.
        let elsewhere: Set<String> = [
            "AppPushEnable.swift --out",   // the renew step's --out (profile renew), said in words
            "KeyImport.swift --to-key", "KeyImport.swift --allow-gap",   // the arguments of key rotate's step
            "KeyInspect.swift --env",      // "--env at import or generate": key import's and key generate's
            "KeyList.swift --topics",      // the re-import step's --topics (key import)
        ]
        var checked = 0
        for file in try FileManager.default.contentsOfDirectory(atPath: Self.sources.path).sorted()
        where file.hasSuffix(".swift") {
            let text = try String(contentsOf: Self.sources.appendingPathComponent(file), encoding: .utf8)
            let base = String(file.dropLast(6).prefix { $0 != "+" }).lowercased()
            let verb = verbOfFile[base]
            for line in text.split(separator: "\n") where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                for flag in Self.flagsNamed(in: line) {
                    checked += 1
                    let known = every.contains(flag)
                    #expect(known, "\(file): \(flag) is no flag of any verb: \(line)")
                    guard let verb, known, !(flagsOf[verb] ?? []).contains(flag),
                          !line.contains("apnsctl "), !line.contains("NextStep("),
                          !elsewhere.contains("\(file) \(flag)") else { continue }
                    Issue.record("\(file): \(flag) is no flag of `apnsctl \(verb)`: \(line)")
                }
            }
        }
        #expect(checked > 300, "\(checked) flags read")
    }
}
