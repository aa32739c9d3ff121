import Foundation
import Testing

/// The libraries never speak the CLI's language: no string literal under `Sources/APNs*` names a command-line flag
/// (`--x`) or an `apnsctl <verb>` command. Hints that name flags are worded by the CLI (`Errors+<Area>.swift`, the
/// remedies it renders), so they change with the verbs they name.
@Suite struct LibraryWordsTests {
    /// One string literal's text, where it starts.
    struct Literal: Equatable {
        var line: Int
        var text: String
    }

    /// apnsctl's verbs (`APNSCtl.configuration.subcommands`, with `help` and `version`).
    static let verbs = ["cert", "key", "keystore", "profile", "expiry", "token", "probe", "payload", "channel", "mock", "doctor",
                        "demo", "exporter", "help", "version"]

    /// The literals each module may hold that name a flag or a command: none (issue 31 §3). A module listed here
    /// with a number would be allowed that many, and the numbers only go down.
    static let ceilings: [String: Int] = [:]

    /// Whether `text` names a flag or an `apnsctl <verb>` command. Another tool's command quoted in backticks
    /// (`` `etcdctl endpoint status --cluster` ``: its flags are etcd's, not apnsctl's) and the name the mock gives
    /// its CA certificates ("apnsctl mock APNs CA 1a2b3c4d", a certificate's subject) are not apnsctl's words.
    static func namesCLIWords(_ text: String) -> Bool {
        let own = text.replacingOccurrences(of: #"`etcdctl [^`]*`"#, with: "", options: .regularExpression)
            .replacingOccurrences(of: "apnsctl mock APNs CA", with: "")
        return own.range(of: #"--[a-z]"#, options: .regularExpression) != nil
            || own.range(of: #"apnsctl (\#(verbs.joined(separator: "|")))\b"#, options: .regularExpression) != nil
    }

    @Test func noLibraryStringNamesAFlagOrACommand() throws {
        let sources = CLI.repositoryRoot.appendingPathComponent("Sources")
        let modules = try FileManager.default.contentsOfDirectory(atPath: sources.path)
            .filter { $0.hasPrefix("APNs") }.sorted()
        #expect(modules.count >= 10, "only \(modules.count) library modules found under Sources/")
        var findings: [String] = []
        var scanned = 0
        for module in modules {
            let folder = sources.appendingPathComponent(module)
            guard let walker = FileManager.default.enumerator(atPath: folder.path) else { continue }
            for case let relative as String in walker where relative.hasSuffix(".swift") {
                let source = try String(contentsOf: folder.appendingPathComponent(relative), encoding: .utf8)
                scanned += 1
                for literal in Self.literals(in: source) where Self.namesCLIWords(literal.text) {
                    findings.append("Sources/\(module)/\(relative):\(literal.line): \"\(literal.text)\"")
                }
            }
        }
        #expect(scanned >= 100, "only \(scanned) library source files scanned")
        var byModule: [String: [String]] = [:]
        for finding in findings {
            let module = finding.split(separator: "/").dropFirst().first.map(String.init) ?? ""
            byModule[module, default: []].append(finding)
        }
        for (module, found) in byModule.sorted(by: { $0.key < $1.key }) {
            let ceiling = Self.ceilings[module] ?? 0
            #expect(found.count <= ceiling, """
                \(module): \(found.count) string literals name a flag or an apnsctl command, more than its ceiling of \
                \(ceiling) (word them in the CLI instead):
                \(found.sorted().joined(separator: "\n"))
                """)
        }
        let total = findings.count, ceilingTotal = Self.ceilings.values.reduce(0, +)
        #expect(total <= ceilingTotal, "\(total) literals name CLI words, over the total ceiling \(ceilingTotal)")
    }

    /// The scanner finds a planted literal naming a flag, and one naming a command, with their lines.
    @Test func aPlantedLiteralIsFound() {
        let source = """
            let a = 1
            throw APNsError.badInput("x", hint: "pass --password-file FILE")
            let b = "see \\(name) and apnsctl key list"
            let c = "apnsctl reads PEM files"
            """
        let found = Self.literals(in: source).filter { Self.namesCLIWords($0.text) }
        #expect(found.map(\.line) == [2, 3])
    }

    /// Another tool's command in backticks and the mock CA's name are not apnsctl's words; a flag outside the
    /// backticks still is.
    @Test func anotherToolsCommandIsNotACLIWord() {
        #expect(!Self.namesCLIWords("`etcdctl endpoint status --cluster` shows each member"))
        #expect(!Self.namesCLIWords("apnsctl mock APNs CA 0a1b2c3d"))
        #expect(Self.namesCLIWords("`etcdctl get x` or pass --etcd-cacert FILE"))
        #expect(Self.namesCLIWords("run `apnsctl mock serve`"))
    }

    /// Comments, doc comments and interpolated code are not string literals; raw and multi-line strings are, and
    /// literals inside an interpolation are found on their own.
    @Test func onlyStringLiteralsAreRead() {
        let source = ##"""
            /// Pass `--to` as in `apnsctl cert convert --to p12`.
            // --format json
            /* --team /* nested --key */ still --comment */
            let flag = 3 // "--not-a-literal"
            let raw = #"raw --raw-flag \(not) "quoted" "#
            let multi = """
                line one
                line --two
                """
            let nested = "outer \(f("inner --nested")) tail"
            let escaped = "a \"--quoted\" b"
            let slash = "x\\" + "--after-escape"
            """##
        let found = Self.literals(in: source).filter { Self.namesCLIWords($0.text) }
        #expect(found.map(\.line) == [5, 6, 10, 11, 12])
        #expect(found.contains { $0.text == "inner --nested" })
        #expect(found.contains { $0.text == "--after-escape" })
        #expect(!found.contains { $0.text.contains("outer") })
    }

    // MARK: - A small Swift lexer: comments, string literals (raw, multi-line, interpolated)

    /// Every string literal in `source`, with the line it starts on. An interpolation's code is left out of the
    /// literal's text; string literals inside it are returned on their own.
    static func literals(in source: String) -> [Literal] {
        var lexer = Lexer(bytes: Array(source.utf8))
        lexer.code(untilClosingParen: false)
        return lexer.found
    }

    struct Lexer {
        let bytes: [UInt8]
        var index = 0
        var line = 1
        var found: [Literal] = []

        init(bytes: [UInt8]) { self.bytes = bytes }

        func peek(_ offset: Int = 0) -> UInt8? {
            index + offset < bytes.count ? bytes[index + offset] : nil
        }

        mutating func advance() {
            if bytes[index] == UInt8(ascii: "\n") { line += 1 }
            index += 1
        }

        /// Reads code up to the end, or (inside an interpolation) up to its closing parenthesis.
        mutating func code(untilClosingParen: Bool) {
            var depth = 0
            while let byte = peek() {
                switch byte {
                case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
                    while let next = peek(), next != UInt8(ascii: "\n") { _ = next; advance() }
                case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
                    blockComment()
                case UInt8(ascii: "#"), UInt8(ascii: "\""):
                    var hashes = 0
                    while peek(hashes) == UInt8(ascii: "#") { hashes += 1 }
                    if peek(hashes) == UInt8(ascii: "\"") {
                        string(hashes: hashes)
                    } else {
                        advance()
                    }
                case UInt8(ascii: "("):
                    depth += 1
                    advance()
                case UInt8(ascii: ")"):
                    if untilClosingParen && depth == 0 {
                        advance()
                        return
                    }
                    depth -= 1
                    advance()
                default:
                    advance()
                }
            }
        }

        mutating func blockComment() {
            var depth = 0
            while peek() != nil {
                if peek() == UInt8(ascii: "/") && peek(1) == UInt8(ascii: "*") {
                    depth += 1
                    advance(); advance()
                } else if peek() == UInt8(ascii: "*") && peek(1) == UInt8(ascii: "/") {
                    depth -= 1
                    advance(); advance()
                    if depth == 0 { return }
                } else {
                    advance()
                }
            }
        }

        /// At the string's opening `#…"`: reads to its closing delimiter, recording its text.
        mutating func string(hashes: Int) {
            let startLine = line
            for _ in 0..<hashes { advance() }
            let multiLine = peek() == UInt8(ascii: "\"") && peek(1) == UInt8(ascii: "\"")
                && peek(2) == UInt8(ascii: "\"")
            let quotes = multiLine ? 3 : 1
            for _ in 0..<quotes { advance() }
            var text: [UInt8] = []
            while let byte = peek() {
                if byte == UInt8(ascii: "\"") && closes(quotes: quotes, hashes: hashes) {
                    for _ in 0..<(quotes + hashes) { advance() }
                    break
                }
                if byte == UInt8(ascii: "\\") && hashesFollow(hashes, from: index + 1) {
                    let escaped = index + 1 + hashes
                    if escaped < bytes.count && bytes[escaped] == UInt8(ascii: "(") {
                        while index <= escaped { advance() }
                        code(untilClosingParen: true)
                        text.append(contentsOf: Array("…".utf8))
                        continue
                    }
                    while index < escaped { advance() }
                    if let next = peek() {
                        text.append(byte)
                        text.append(next)
                        advance()
                    }
                    continue
                }
                if byte == UInt8(ascii: "\n") && !multiLine { break }
                text.append(byte)
                advance()
            }
            found.append(Literal(line: startLine, text: String(decoding: text, as: UTF8.self)))
        }

        func closes(quotes: Int, hashes: Int) -> Bool {
            for offset in 0..<quotes where peek(offset) != UInt8(ascii: "\"") { return false }
            return hashesFollow(hashes, from: index + quotes)
        }

        func hashesFollow(_ hashes: Int, from start: Int) -> Bool {
            for offset in 0..<hashes where start + offset >= bytes.count || bytes[start + offset] != UInt8(ascii: "#") {
                return false
            }
            return true
        }
    }
}
