import APNsCore
import APNsModel

/// One `--trust-key KEYID=PEMFILE[,env=development|production|both][,topics=a+b][,related=KEYID]` value of
/// `apnsctl mock serve`, parsed and checked with ``KeyScope``'s rules. Pure: the file is not read here.
///
/// No `env`: both environments. `topics`: a topic-specific key, which needs exactly one `env`. `related`: the
/// related key of a topic-specific key. Without any option the key is team-scoped for both environments and its
/// scope's source is `legacy` (not stated); with options it is `declared`.
public struct TrustKeyArgument: Sendable, Equatable {
    /// The key id before `=`.
    public var keyID: String
    /// The PEM (public key or .p8) file.
    public var path: String
    /// The scope the options give.
    public var scope: KeyScope

    /// The options after the file, in the order the flag's syntax lists them.
    static let optionNames = ["env", "topics", "related"]

    /// Parses `text`; a ``ParseError`` names the value and what is wrong.
    public init(parsing text: String) throws {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard let first = parts.first, let equals = first.firstIndex(of: "="), equals != first.startIndex else {
            throw Self.usage(text, "expected KEYID=PEMFILE[,env=…][,topics=…][,related=…]")
        }
        keyID = String(first[..<equals])
        guard AppleIdentifier.isValid(keyID) else {
            throw Self.usage(text, "\(keyID) is not a valid key id (10 characters, A–Z and 0–9)")
        }
        // The file is everything up to the first `name=value` option, so a path may hold commas.
        var pathParts = [String(first[first.index(after: equals)...])]
        var options: [String: String] = [:]
        for part in parts.dropFirst() {
            guard let optionEquals = part.firstIndex(of: "="), Self.isOptionName(part[..<optionEquals]) else {
                guard options.isEmpty else { throw Self.usage(text, "\"\(part)\" is not an option (name=value)") }
                pathParts.append(part)
                continue
            }
            let name = String(part[..<optionEquals]), value = String(part[part.index(after: optionEquals)...])
            guard Self.optionNames.contains(name) else {
                throw Self.usage(text, "unknown option \(name) (the options are env, topics and related)")
            }
            guard options[name] == nil else { throw Self.usage(text, "\(name) is given twice") }
            guard !value.isEmpty else { throw Self.usage(text, "\(name)= has no value") }
            options[name] = value
        }
        path = pathParts.joined(separator: ",")
        guard !path.isEmpty else { throw Self.usage(text, "no PEM file after \(keyID)=") }
        if options.isEmpty {
            scope = .legacy
            return
        }
        let environments: [APNsEnvironment]
        switch options["env"] {
        case nil, "both": environments = [.development, .production]
        case "development": environments = [.development]
        case "production": environments = [.production]
        case let other?: throw Self.usage(text, "env=\(other) is not development, production or both")
        }
        let restriction: KeyScope.Restriction = options["topics"].map {
            .topics($0.split(separator: "+", omittingEmptySubsequences: false).map(String.init))
        } ?? .team
        let related = options["related"]
        if let problem = KeyScope.problem(environments: environments, restriction: restriction, relatedKeyID: related) {
            throw Self.usage(text, problem.message)
        }
        scope = try KeyScope(environments: environments, restriction: restriction, relatedKeyID: related,
                             source: .declared)
    }

    /// A word of lowercase letters: what may name an option (anything else after a comma belongs to the path).
    private static func isOptionName(_ name: Substring) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) }
    }

    private static func usage(_ text: String, _ problem: String) -> ParseError {
        ParseError(text: text, problem: problem)
    }

    /// A value that is not a trusted key's description (a usage error): the command line words it with the option.
    public struct ParseError: Error, Sendable, Equatable, CustomStringConvertible {
        /// The value as given.
        public var text: String
        /// What is wrong with it.
        public var problem: String

        public var description: String { "trusted key \(text): \(problem)" }
    }
}
