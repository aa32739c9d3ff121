import Foundation
import Testing

/// The module graph docs/architecture.md draws, checked against Package.swift and every `import` in Sources/:
/// each module imports only modules of ours it declares, and only downwards (domain words, shared core, libraries,
/// use cases, CLI); the CLI stays thin (no file over 200 lines but the listed ones, a ceiling on the total).
@Suite struct ArchitectureTests {
    // MARK: The allowed graph (docs/architecture.md says the same)

    /// The layers, lowest first: a module may import modules of lower layers only.
    static let layers: [[String]] = [
        ["APNsModel"],
        ["APNsCore"],
        libraries,
        ["APNsOperations"],
        ["apnsctl", "apnsctl-exporter-config"],
    ]

    /// The libraries, one concept each, lowest first: a library may import the libraries listed before it (and
    /// only those it declares in Package.swift).
    static let libraries = [
        "APNsCurl", "APNsMetrics", "APNsPushRules", "APNsExporterConfiguration", "APNsExporterYAML", "APNsCredentials", "APNsTokens", "APNsKeystore",
        "APNsEtcd", "APNsKeystoreEtcd", "APNsProbe", "APNsMock", "APNsProvisioning", "APNsTokenAgent", "APNsHTTP2Client",
        "APNsAppStoreConnect", "APNsAppStoreConnectMock", "APNsExporter",
    ]

    /// Edges the layering would allow that must not exist: the mock gets its trusted keys and their scopes from
    /// the CLI (words from APNsModel), the token agent its signal handling from APNsCore.
    static let forbidden: [(from: String, to: String, why: String)] = [
        ("APNsMock", "APNsKeystore", "the mock takes its words from APNsModel and its trusted keys from the CLI"),
        ("APNsTokenAgent", "APNsMock", "the token agent takes TerminationSignals from APNsCore"),
        ("APNsHTTP2Client", "APNsMock", "the client is tested against the mock, never built on it"),
        ("APNsAppStoreConnect", "APNsAppStoreConnectMock", "the client is tested against the mock, never built on it"),
    ]

    /// C modules of ours (system libraries, headers): any module but APNsModel may import the ones it declares.
    static let cModules: Set<String> = ["COpenSSL", "CCurl", "CBuildInfo"]

    // MARK: Sizes of the CLI

    /// No file in Sources/apnsctl is longer than this many lines, except those in ``fileCeilings``.
    static let fileLimit = 200

    /// The files of Sources/apnsctl over ``fileLimit`` today, each with the most lines it may have. These numbers
    /// only go down; a file that falls to ``fileLimit`` leaves the list.
    static let fileCeilings: [String: Int] = [:]

    /// The most lines Sources/apnsctl may hold in all (lowered as compositions move into APNsOperations; raised only
    /// for new verbs, for words moved out of the libraries (ModelError's in Errors+Model.swift, the probe verdicts'
    /// remedies in Errors+Verdict.swift), and for hand-written encoders replaced by declared fields (`app check`'s
    /// rows with `@Nullable`)). Issue 40 raised it by 601 lines of words, no composition: NextStep.swift, the one
    /// type that builds a printed next step from the invocation (every hint runs as printed); VerbExitCodes.swift,
    /// each verb's exit codes in its help; device check's words for its new events, verdicts and JSON summary;
    /// app check's words for the judges' findings and the teams; cert join's note differences. Issue 40 §3's option
    /// groups and issue 41's provisioning verbs raised it by 1,716 lines, new verbs and their words only (asc key
    /// import/list, asc token, app push status/enable, profile list/fetch/renew, mock asc, app check --apple, the
    /// demo's provisioning section, Errors+AppStoreConnect*/Profiles/MockAsc); each verb's composition is a use case
    /// in APNsOperations; then 17 more: the keystore format error's words moved out of APNsKeystore, and the one
    /// definition of profile fetch/renew's --bundle-id and --type; then 16 more: cert import's and keystore status's
    /// --ca and their judges' words, app check's text naming each reason once with its rows (less the channel verbs'
    /// own exit-code list and device check's own --format).
    static let totalCeiling = 9165

    // MARK: Checks

    @Test func everyImportOfOursIsDeclaredInPackageSwift() throws {
        let violations = Self.undeclaredImports(try Self.imports(), targets: try Self.packageTargets())
        #expect(violations.isEmpty, "\(violations.joined(separator: "\n"))")
    }

    @Test func importsFollowTheLayering() throws {
        let violations = Self.layeringViolations(try Self.imports(), ours: Set(try Self.packageTargets().keys))
        #expect(violations.isEmpty, "\(violations.joined(separator: "\n"))")
    }

    @Test func packageSwiftDependenciesFollowTheLayering() throws {
        let targets = try Self.packageTargets()
        let declared = targets.flatMap { module, dependencies in
            dependencies.sorted().map { Import(module: module, imported: $0, file: "Package.swift", line: 0) }
        }.filter { Self.rank(of: $0.module) != nil }
        let violations = Self.layeringViolations(declared, ours: Set(targets.keys))
        #expect(violations.isEmpty, "\(violations.joined(separator: "\n"))")
    }

    @Test func everyModuleOfOursIsInTheGraph() throws {
        let unplaced = try Self.packageTargets().keys.filter { name in
            Self.rank(of: name) == nil && !Self.cModules.contains(name) && !Self.isOutsideTheGraph(name)
        }.sorted()
        #expect(unplaced.isEmpty, "modules missing from ArchitectureTests.layers and docs/architecture.md: \(unplaced)")
    }

    @Test func noCLIFileIsOverItsLimit() throws {
        let violations = Self.fileSizeViolations(try Self.cliLineCounts())
        #expect(violations.isEmpty, "\(violations.joined(separator: "\n"))")
    }

    @Test func theCLIStaysUnderItsTotalCeiling() throws {
        let counts = try Self.cliLineCounts()
        let violation = Self.totalViolation(counts)
        #expect(violation == nil, "\(violation ?? "")")
        #expect(counts.count > 20, "only \(counts.count) files found in Sources/apnsctl")
    }

    /// Each check reports a broken rule, naming the file and line (the rules themselves, on made-up inputs).
    @Test func eachCheckCatchesItsBrokenRule() {
        let targets: [String: Set<String>] = ["APNsModel": [], "APNsCore": ["APNsModel"],
                                              "APNsMock": ["APNsCore", "APNsKeystore"], "APNsKeystore": ["APNsCore"],
                                              "APNsOperations": ["APNsCore"], "apnsctl": ["APNsOperations"]]
        let undeclared = Self.undeclaredImports(
            [Import(module: "APNsCore", imported: "APNsKeystore", file: "Sources/APNsCore/X.swift", line: 3)],
            targets: targets)
        #expect(undeclared == ["Sources/APNsCore/X.swift:3: APNsCore imports APNsKeystore, which Package.swift "
                               + "does not declare as its dependency"])
        let ours = Set(targets.keys)
        func layering(_ module: String, _ imported: String) -> [String] {
            Self.layeringViolations([Import(module: module, imported: imported, file: "F.swift", line: 7)], ours: ours)
        }
        #expect(layering("APNsModel", "APNsCore").first?.contains("APNsModel imports nothing of ours") == true)
        #expect(layering("APNsModel", "COpenSSL").first?.contains("APNsModel imports nothing of ours") == true)
        #expect(layering("APNsKeystore", "APNsOperations").first?.contains("a library imports no use case") == true)
        #expect(layering("APNsMock", "APNsKeystore").first?.contains("APNsMock must not import APNsKeystore") == true)
        #expect(layering("APNsTokenAgent", "APNsMock").first?.contains("must not import APNsMock") == true)
        #expect(layering("APNsCore", "APNsCredentials").first?.hasPrefix("F.swift:7: APNsCore (layer 1)") == true)
        #expect(layering("APNsCurl", "APNsKeystore").first?.contains("lower libraries only") == true)
        #expect(layering("apnsctl", "APNsOperations").isEmpty)
        #expect(layering("APNsKeystore", "APNsTokens").isEmpty)
        #expect(Self.fileSizeViolations(["New.swift": 201, "Small.swift": 200])
            == ["Sources/apnsctl/New.swift: 201 lines, over the limit of 200"])
        #expect(Self.fileSizeViolations(["KeyRotate.swift": 210]).first?.contains("over the limit of 200") == true)
        #expect(Self.totalViolation(["A.swift": Self.totalCeiling, "B.swift": 1])?.contains("over the ceiling") == true)
    }

    // MARK: The rules, as pure functions

    /// One `import` line: `module`'s `file` at `line` imports `imported`.
    struct Import: Sendable, Equatable {
        var module: String
        var imported: String
        var file: String
        var line: Int

        var place: String { line > 0 ? "\(file):\(line)" : file }
    }

    /// The layer of `module` (0 for APNsModel) and, for a library, its place among the libraries.
    static func rank(of module: String) -> (layer: Int, library: Int?)? {
        guard let layer = layers.firstIndex(where: { $0.contains(module) }) else { return nil }
        return (layer, libraries.firstIndex(of: module))
    }

    /// Test support and the benchmarks sit beside the graph: nothing imports them.
    static func isOutsideTheGraph(_ module: String) -> Bool {
        module == "TestSupport" || module.hasSuffix("Tests") || module.hasPrefix("apnsctl-")
    }

    /// Imports of our modules that the importing module does not declare in Package.swift.
    static func undeclaredImports(_ imports: [Import], targets: [String: Set<String>]) -> [String] {
        imports.compactMap { entry in
            guard targets[entry.imported] != nil, entry.imported != entry.module,
                  !(targets[entry.module] ?? []).contains(entry.imported) else { return nil }
            return "\(entry.place): \(entry.module) imports \(entry.imported), which Package.swift does not declare "
                + "as its dependency"
        }
    }

    /// Imports of our modules that go against ``layers``, ``libraries`` and ``forbidden``.
    static func layeringViolations(_ imports: [Import], ours: Set<String>) -> [String] {
        imports.compactMap { entry in
            let (module, imported) = (entry.module, entry.imported)
            guard ours.contains(imported) || rank(of: imported) != nil || cModules.contains(imported),
                  module != imported else { return nil }
            if module == "APNsModel" {
                return "\(entry.place): APNsModel imports \(imported): APNsModel imports nothing of ours"
            }
            if libraries.contains(module), imported == "APNsOperations" {
                return "\(entry.place): \(module) imports APNsOperations: a library imports no use case"
            }
            if let rule = forbidden.first(where: { $0.from == module && $0.to == imported }) {
                return "\(entry.place): \(module) must not import \(imported): \(rule.why)"
            }
            if cModules.contains(imported) { return nil }
            guard let from = rank(of: module), let to = rank(of: imported) else {
                let missing = rank(of: module) == nil ? module : imported
                return "\(entry.place): \(missing) is not in the architecture graph (ArchitectureTests.layers)"
            }
            if to.layer > from.layer || (to.layer == from.layer && from.library == nil) {
                return "\(entry.place): \(module) (layer \(from.layer)) imports \(imported) (layer \(to.layer)): "
                    + "a module imports lower layers only"
            }
            if let fromLibrary = from.library, let toLibrary = to.library, toLibrary >= fromLibrary {
                return "\(entry.place): \(module) imports \(imported): a library imports lower libraries only "
                    + "(ArchitectureTests.libraries)"
            }
            return nil
        }
    }

    /// Files of Sources/apnsctl over ``fileLimit`` and not listed, or over their ceiling in ``fileCeilings``.
    static func fileSizeViolations(_ counts: [String: Int]) -> [String] {
        counts.sorted { $0.key < $1.key }.compactMap { name, lines in
            if let ceiling = fileCeilings[name] {
                return lines > ceiling ? "Sources/apnsctl/\(name): \(lines) lines, over its ceiling of \(ceiling)" : nil
            }
            return lines > fileLimit ? "Sources/apnsctl/\(name): \(lines) lines, over the limit of \(fileLimit)" : nil
        }
    }

    /// Sources/apnsctl's total over ``totalCeiling``, if it is.
    static func totalViolation(_ counts: [String: Int]) -> String? {
        let total = counts.values.reduce(0, +)
        return total > totalCeiling ? "Sources/apnsctl: \(total) lines, over the ceiling of \(totalCeiling)" : nil
    }

    // MARK: Reading the repository

    /// Package.swift's targets, each with the targets of this package it depends on (products of other packages
    /// left out).
    static func packageTargets() throws -> [String: Set<String>] {
        let text = try String(contentsOf: CLI.repositoryRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let starts = ["target(name: \"", "executableTarget(name: \"", "testTarget(name: \"", "systemLibrary(name: \""]
        var marks: [(range: Range<String.Index>, name: String)] = []
        for start in starts {
            var rest = text.startIndex..<text.endIndex
            while let found = text.range(of: "." + start, range: rest) {
                let nameEnd = text[found.upperBound...].firstIndex(of: "\"") ?? text.endIndex
                marks.append((found, String(text[found.upperBound..<nameEnd])))
                rest = nameEnd..<text.endIndex
            }
        }
        marks.sort { $0.range.lowerBound < $1.range.lowerBound }
        var targets: [String: Set<String>] = [:]
        for (index, mark) in marks.enumerated() {
            let end = index + 1 < marks.count ? marks[index + 1].range.lowerBound : text.endIndex
            let body = text[mark.range.upperBound..<end]
            var dependencies = Set<String>()
            if let list = body.range(of: "dependencies: [") {
                var depth = 1
                var cursor = list.upperBound
                var inProduct = 0
                var literal: String?
                while cursor < body.endIndex, depth > 0 {
                    let character = body[cursor]
                    if var current = literal {
                        if character == "\"" {
                            if inProduct == 0 { dependencies.insert(current) }
                            literal = nil
                        } else {
                            current.append(character)
                            literal = current
                        }
                    } else if character == "\"" {
                        literal = ""
                    } else if character == "[" {
                        depth += 1
                    } else if character == "]" {
                        depth -= 1
                    } else if character == "(" {
                        inProduct += 1
                    } else if character == ")" {
                        inProduct -= 1
                    }
                    cursor = body.index(after: cursor)
                }
            }
            targets[mark.name] = dependencies
        }
        return targets
    }

    /// Every `import` line of every Swift file under Sources/, with the module the file belongs to.
    static func imports() throws -> [Import] {
        let sources = CLI.repositoryRoot.appendingPathComponent("Sources")
        var found: [Import] = []
        for path in try swiftFiles(under: sources) {
            let module = String(path.split(separator: "/")[0])
            let text = try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                var words = line.split(separator: " ").map(String.init)
                while let first = words.first, first.hasPrefix("@") { words.removeFirst() }
                guard words.count >= 2, words[0] == "import" else { continue }
                let kinds: Set<String> = ["struct", "class", "enum", "protocol", "typealias", "func", "var", "let"]
                let name = kinds.contains(words[1]) && words.count >= 3 ? words[2] : words[1]
                found.append(Import(module: module, imported: String(name.split(separator: ".")[0]),
                                    file: "Sources/\(path)", line: number + 1))
            }
        }
        #expect(found.count > 100, "only \(found.count) import lines found under Sources/")
        return found
    }

    /// Lines (as `wc -l` counts them) of each Swift file directly in Sources/apnsctl.
    static func cliLineCounts() throws -> [String: Int] {
        let cli = CLI.repositoryRoot.appendingPathComponent("Sources/apnsctl")
        var counts: [String: Int] = [:]
        for path in try swiftFiles(under: cli) {
            let text = try String(contentsOf: cli.appendingPathComponent(path), encoding: .utf8)
            counts[path] = text.utf8.reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        }
        return counts
    }

    /// The `.swift` files under `root`, as paths relative to it.
    static func swiftFiles(under root: URL) throws -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: root.path) else { return [] }
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted()
    }
}
