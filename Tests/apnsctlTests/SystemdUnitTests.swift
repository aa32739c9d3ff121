import Foundation
import Testing

/// The systemd units the .deb installs (packaging/systemd): each `ExecStart=` runs a verb that exists with flags that
/// exist, so a unit cannot drift from the CLI (systemd-analyze only checks that the binary is there; `make
/// dist-check` runs it and the security scores).
@Suite struct SystemdUnitTests {
    static let directory = CLI.repositoryRoot.appendingPathComponent("packaging/systemd")

    /// Every `ExecStart=` line of the units, joined across `\` continuations.
    static func execStarts() throws -> [(unit: String, words: [String])] {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".service") }.sorted()
        return try names.compactMap { name in
            let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
                .replacingOccurrences(of: "\\\n", with: " ")
            guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("ExecStart=") }) else {
                return nil
            }
            let words = line.dropFirst("ExecStart=".count).split(separator: " ").map(String.init)
            return (name, words)
        }
    }

    @Test func everyServiceRunsApnsctl() throws {
        let units = try Self.execStarts()
        #expect(units.map(\.unit) == ["apnsctl-exporter.service", "apnsctl-probe.service",
                                      "apnsctl-token-agent.service"])
        // The package's binary, by its absolute path under /usr (systemd runs no PATH lookup for ExecStart).
        for unit in units {
            let path = unit.words.first ?? ""
            #expect(path.hasPrefix("/usr/") && path.hasSuffix("/apnsctl"), "\(unit.unit): \(path)")
        }
    }

    @Test func execStartNamesAVerbAndFlagsThatExist() throws {
        for unit in try Self.execStarts() {
            // The verb: the words before the first option or variable.
            let verb = Array(unit.words.dropFirst().prefix { !$0.hasPrefix("-") && !$0.hasPrefix("$") })
            #expect(!verb.isEmpty, "\(unit.unit): no verb")
            let help = try CLI.run(verb + ["--help"], environment: ["COLUMNS": "200"])
            #expect(help.status == 0, "\(unit.unit): apnsctl \(verb.joined(separator: " ")) --help: \(help.stderr)")
            let flags = unit.words.filter { $0.hasPrefix("--") }
            #expect(!flags.isEmpty, "\(unit.unit): no flags")
            for flag in flags {
                #expect(help.stdout.contains("  \(flag) ") || help.stdout.contains("  \(flag)\n")
                            || help.stdout.contains(", \(flag) "),
                        "\(unit.unit): apnsctl \(verb.joined(separator: " ")) has no \(flag)")
            }
        }
    }

    @Test func servicesAreHardenedAndRunAsTheirOwnUser() throws {
        let required = ["NoNewPrivileges=yes", "ProtectSystem=strict", "PrivateTmp=yes", "CapabilityBoundingSet=\n",
                        "RestrictAddressFamilies=", "ProtectHome=yes"]
        let sysusers = try String(contentsOf: Self.directory.appendingPathComponent("apnsctl.sysusers"),
                                  encoding: .utf8)
        for unit in try Self.execStarts() {
            let text = try String(contentsOf: Self.directory.appendingPathComponent(unit.unit), encoding: .utf8)
            for line in required { #expect(text.contains(line), "\(unit.unit) lacks \(line)") }
            let user = text.split(separator: "\n").first { $0.hasPrefix("User=") }.map { String($0.dropFirst(5)) }
            #expect(user != nil && user != "root", "\(unit.unit): User=")
            if let user { #expect(sysusers.contains("u \(user) "), "\(unit.unit): \(user) is not in apnsctl.sysusers") }
        }
    }
}
