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

    /// `KEY=value` lines (or `key: value`, a comment cut) of a packaged file.
    static func value(_ key: String, in text: String, separator: String) -> String? {
        for line in text.split(separator: "\n") where line.hasPrefix(key + separator) {
            let rest = line.dropFirst(key.count + separator.count)
            return String(rest.split(separator: "#").first ?? "").trimmingCharacters(in: .whitespaces)
        }
        return nil
    }

    static func unit(_ name: String) throws -> String {
        try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
    }

    /// One ownership model: the exporter and the probe timer read the keystore their examples name, so they run as
    /// one user whose 0700 state directory holds it (a keystore is 0700 and refuses another user); the token agent
    /// reads the fleet keystore in etcd and needs none. Before, the two units ran as apnsctl-exporter and
    /// apnsctl-probe, and one of them could not open the keystore both named.
    @Test func theExporterAndTheProbeRunAsTheOwnerOfTheKeystoreTheirExamplesName() throws {
        let examples = CLI.repositoryRoot.appendingPathComponent("packaging/examples")
        let exporterConfig = try String(contentsOf: examples.appendingPathComponent("exporter.yml"), encoding: .utf8)
        let probeEnv = try String(contentsOf: examples.appendingPathComponent("probe.env"), encoding: .utf8)
        let agentEnv = try String(contentsOf: examples.appendingPathComponent("token-agent.env"), encoding: .utf8)
        let keystore = try #require(Self.value("keystore", in: exporterConfig, separator: ":"))
        #expect(Self.value("APNSCTL_KEYSTORE", in: probeEnv, separator: "=") == keystore)
        #expect(Self.value("APNSCTL_KEYSTORE", in: agentEnv, separator: "=")?.hasPrefix("etcd://") == true)

        let sysusers = try Self.unit("apnsctl.sysusers")
        var users: Set<String> = []
        for name in ["apnsctl-exporter.service", "apnsctl-probe.service"] {
            let text = try Self.unit(name)
            let user = try #require(Self.value("User", in: text, separator: "="), "\(name): User=")
            users.insert(user)
            #expect(Self.value("Group", in: text, separator: "=") == user, "\(name): Group=")
            #expect(sysusers.contains("u \(user) "), "\(name): \(user) is not in apnsctl.sysusers")
            // The state directory systemd makes for the user, 0700, holds the keystore.
            let state = try #require(Self.value("StateDirectory", in: text, separator: "="), "\(name): StateDirectory=")
            #expect(keystore.hasPrefix("/var/lib/\(state)/"), "\(name): \(keystore) is not under /var/lib/\(state)")
            #expect(Self.value("StateDirectoryMode", in: text, separator: "=") == "0700", "\(name)")
        }
        #expect(users.count == 1, "the exporter and the probe run as \(users.sorted())")
        let agent = try Self.unit("apnsctl-token-agent.service")
        let agentUser = try #require(Self.value("User", in: agent, separator: "="))
        #expect(!users.contains(agentUser) && sysusers.contains("u \(agentUser) "))
    }
}
