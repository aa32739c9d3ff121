import APNsCore
import APNsCredentials
import CBuildInfo

/// What `apnsctl --version` prints: `0.2.0 (abc1234)`, or with `--format json` also the build date, the Swift
/// version and the OpenSSL version in use. The version comes from the VERSION file through the Makefile
/// (scripts/build-info.sh); a build made without it says "unstamped".
struct VersionReport: Encodable, Sendable {
    var version: String
    var commit: String
    var buildDate: String
    var swiftVersion: String
    var openssl: String

    enum CodingKeys: String, CodingKey {
        case version, commit, openssl
        case buildDate = "build_date"
        case swiftVersion = "swift_version"
    }

    /// What an unstamped build does not know is null, as everywhere in apnsctl's JSON (never `""`).
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        func known(_ text: String) -> String? { text.isEmpty ? nil : text }
        try container.encode(version, forKey: .version)
        try container.encode(known(commit), forKey: .commit)
        try container.encode(known(buildDate), forKey: .buildDate)
        try container.encode(known(swiftVersion), forKey: .swiftVersion)
        try container.encode(known(openssl), forKey: .openssl)
    }

    /// This binary's build facts; `openssl` is read from the loaded library.
    static func current(openssl: String = OpenSSLVersion.runtime) -> VersionReport {
        VersionReport(version: String(cString: apnsctl_build_version()), commit: String(cString: apnsctl_build_commit()),
                      buildDate: String(cString: apnsctl_build_date()), swiftVersion: String(cString: apnsctl_build_swift()),
                      openssl: openssl)
    }

    /// `0.2.0 (abc1234)`; just the version when the commit is unknown.
    static var line: String {
        let commit = String(cString: apnsctl_build_commit())
        let version = String(cString: apnsctl_build_version())
        return commit.isEmpty ? version : "\(version) (\(commit))"
    }

    /// The output format when `arguments` (without the program name) ask only for the version: `--version`,
    /// optionally with `--format text|json` / `--format=…`. Nil for anything else.
    static func requestedFormat(_ arguments: [String]) -> OutputFormat? {
        guard arguments.filter({ $0 == "--version" }).count == 1 else { return nil }
        let rest = arguments.filter { $0 != "--version" }
        switch rest.count {
        case 0: return .text
        case 1 where rest[0].hasPrefix("--format="): return OutputFormat(rawValue: String(rest[0].dropFirst(9)))
        case 2 where rest[0] == "--format": return OutputFormat(rawValue: rest[1])
        default: return nil
        }
    }
}
