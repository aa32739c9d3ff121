import APNsCore
import APNsExporter
import APNsExporterConfiguration
import APNsExporterYAML
import Testing

/// The exporter's YAML configuration: what it accepts, and that every error names the file, the line and the key.
struct ConfigurationParserTests {
    let parser = ConfigurationParser(file: "/etc/apnsctl/exporter.yml")

    /// A file that cannot be read is named once, with the reason and without the reader's own hint.
    @Test func aMissingFileIsNamedOnce() throws {
        let error = try #require(throws: ConfigurationError.self) {
            try ConfigurationParser.load("/nonexistent/exporter.yml")
        }
        #expect(error.file == "/nonexistent/exporter.yml" && error.line == nil && error.key == nil)
        #expect(error.problem == "no such file", "\(error.problem)")
    }

    @Test func theIssueExampleParses() throws {
        let configuration = try parser.parse("""
            keystore: /var/lib/apnsctl/keystore        # or etcd://…; optional
            targets:
              - name: sandbox                          # the `target` label
                environment: development
                team: DEF123GHIJ
                topic: com.example.app
                push_type: background
                interval: 5m
              - name: mock
                host: 127.0.0.1:8443
                cacert: /tmp/mock-ca.pem
                environment: production
                key_id: ABC123DEFG
                topic: com.example.app
                interval: 2s
              - name: cert
                environment: production
                cert: /etc/apns/push.p12
                password_file: /etc/apns/push.pw
            credentials: [/etc/apns/push.p12, /etc/apns/profiles/]
            """)
        #expect(configuration.keystore == "/var/lib/apnsctl/keystore")
        #expect(configuration.credentials == ["/etc/apns/push.p12", "/etc/apns/profiles/"])
        #expect(configuration.targets.map(\.name) == ["sandbox", "mock", "cert"])
        let sandbox = configuration.targets[0]
        #expect(sandbox.server == CanaryServer(host: "api.sandbox.push.apple.com", port: 443, environment: .development))
        #expect(sandbox.credential == .token(team: "DEF123GHIJ", keyID: nil))
        #expect(sandbox.pushType == .background)
        #expect(sandbox.interval == 300)
        let mock = configuration.targets[1]
        #expect(mock.server == CanaryServer(host: "127.0.0.1", port: 8443, environment: .production,
                                            caFile: "/tmp/mock-ca.pem"))
        #expect(mock.credential == .token(team: nil, keyID: "ABC123DEFG"))
        #expect(mock.interval == 2)
        #expect(configuration.targets[2].credential == .certificate(path: "/etc/apns/push.p12",
                                                                    passwordFile: "/etc/apns/push.pw"))
        #expect(configuration.targets[2].interval == ConfigurationParser.defaultInterval)
    }

    /// Each bad file: the line and key the error must name, and a word of its problem.
    @Test(arguments: [
        ("targets:\n  - name: a\n    environment: development\n    team: DEF123GHIJ\n    topic: t\n    interval: 30s\n",
         6, "targets[0].interval", "too often for Apple"),
        ("targets:\n  - name: a\n    environment: staging\n    team: DEF123GHIJ\n    topic: t\n",
         3, "targets[0].environment", "not an APNs environment"),
        ("targets:\n  - name: a\n    host: 127.0.0.1:8443\n    team: DEF123GHIJ\n    topic: t\n    interval: soon\n",
         6, "targets[0].interval", "not a duration"),
        ("targets:\n  - name: a\n    environment: development\n    team: DEF123GHIJ\n    topik: t\n",
         5, "targets[0].topik", "not a key"),
        ("targets:\n  - name: a\n    environment: development\n    team: DEF123GHIJ\n",
         2, "targets[0].topic", "is missing"),
        ("targets:\n  - name: a\n    environment: development\n    topic: t\n",
         2, "targets[0].team", "is missing"),
        ("targets:\n  - name: a\n    environment: development\n    team: def\n    topic: t\n",
         4, "targets[0].team", "Apple identifier"),
        ("targets:\n  - name: a\n    host: 127.0.0.1:99999\n    team: DEF123GHIJ\n    topic: t\n",
         3, "targets[0].host", "port"),
        ("targets:\n  - name: a\n    environment: development\n    team: DEF123GHIJ\n    topic: t\n"
             + "  - name: a\n    environment: production\n    team: DEF123GHIJ\n    topic: t\n",
         6, "targets[1].name", "unique"),
        ("keystore: /k\ncredentals: [/etc/apns]\n", 2, "credentals", "not a key"),
        ("targets:\n  - name: a\n    push_type: loud\n    environment: development\n    team: DEF123GHIJ\n    topic: t\n",
         3, "targets[0].push_type", "not a push type"),
    ] as [(String, Int, String, String)])
    func anErrorNamesTheFileTheLineAndTheKey(yaml: String, line: Int, key: String, problem: String) {
        do {
            _ = try parser.parse(yaml)
            Issue.record("accepted: \(yaml)")
        } catch {
            #expect(error.file == "/etc/apnsctl/exporter.yml")
            #expect(error.line == line, "\(error)")
            #expect(error.key == key, "\(error)")
            #expect(error.problem.contains(problem), "\(error)")
            #expect(error.description.hasPrefix("/etc/apnsctl/exporter.yml:\(line): \(key): "))
        }
    }

    @Test func aSyntaxErrorNamesItsLine() {
        do {
            _ = try parser.parse("targets:\n  - name: a\n    topic: [unclosed\n")
            Issue.record("accepted broken YAML")
        } catch {
            #expect(error.file == "/etc/apnsctl/exporter.yml")
            #expect(error.line != nil)
            #expect(error.problem.contains("not valid YAML"), "\(error)")
        }
    }

    @Test func aHostTargetMayGoBelowAMinute() throws {
        let configuration = try parser.parse(
            "targets:\n  - name: m\n    host: \"[::1]:2197\"\n    team: DEF123GHIJ\n    topic: t\n    interval: 500ms\n")
        #expect(configuration.targets[0].server.host == "::1")
        #expect(configuration.targets[0].server.port == 2197)
        #expect(configuration.targets[0].interval == 0.5)
    }

    @Test func durations() {
        #expect(DurationText.seconds("90s") == 90)
        #expect(DurationText.seconds("5m") == 300)
        #expect(DurationText.seconds("1m30s") == 90)
        #expect(DurationText.seconds("1h") == 3600)
        #expect(DurationText.seconds("250ms") == 0.25)
        #expect(DurationText.seconds("12") == 12)
        #expect(DurationText.seconds("5 minutes") == nil)
        #expect(DurationText.seconds("") == nil)
    }
}
