import APNsCore
import APNsKeystore
import APNsMock
import APNsModel
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The demo's "before you send" section: two mocks (the sandbox and production), device tokens of each kind
/// classified by `device check`, two classic request mistakes caught by `payload check`, and `app check` showing
/// a ready and a broken environment.
enum DemoBeforeSend {
    /// A team with a sandbox key only: its production environment has no credential.
    static let sandboxOnlyTeam = "DEVONLY001", sandboxOnlyKey = "DEVONLYK01"

    /// The tokens the two mocks know, one of each kind `device check` tells apart.
    struct Tokens {
        var development = DemoFixtures.randomHex(32), production = DemoFixtures.randomHex(32)
        var unregistered = DemoFixtures.randomHex(32), otherApp = DemoFixtures.randomHex(32)
        var unknown = DemoFixtures.randomHex(32)
    }

    static func run(_ demo: DemoRunner, directory: String, team: String, bundleID: String) async {
        demo.say("\n13. Before you send: which environment is this token in, would APNs take this push, is the app ready?")
        let tokens = Tokens()
        let servers: [MockAPNsServer]
        var targets: [String] = []
        do {
            servers = try [mock(.development, directory: directory, team: team, bundleID: bundleID, tokens: tokens),
                           mock(.production, directory: directory, team: team, bundleID: bundleID, tokens: tokens)]
            var authorities = ""
            for (server, environment) in zip(servers, ["development", "production"]) {
                let port = try await server.start()
                targets += ["--target", "\(environment)=127.0.0.1:\(port)"]
                authorities += (server.certificateAuthorityPEM ?? "") + "\n"
            }
            try SecureFile.write(Array(authorities.utf8), to: directory + "/before-ca.pem", mode: 0o644, overwrite: true)
            demo.record("start a sandbox mock and a production mock", passed: true, detail: targets.joined(separator: " "))
            demo.say("  two mocks, each playing one environment; their CAs are before-ca.pem")
        } catch {
            demo.record("start a sandbox mock and a production mock", passed: false, detail: "\(error)")
            return
        }
        targets += ["--cacert", "before-ca.pem"]

        demo.step("classify five device tokens (at most one silent push each)",
                  ["device", "check", tokens.development, tokens.production, tokens.unregistered, tokens.otherApp,
                   tokens.unknown, "--topic", bundleID, "--team", team] + targets, showLines: 9) { output in
            expectExit(output, 1) ?? ["development", "production", "unregistered", "other_app", "invalid"]
                .lazy.compactMap { expectOutput(output, $0) }.first
        }
        demo.step("a background push at priority 10: APNs would refuse it",
                  ["payload", "check", #"{"aps":{"content-available":1}}"#, "--topic", bundleID,
                   "--push-type", "background", "--priority", "10"], exit: 1, mentions: "BadPriority")
        demo.step("a VoIP push to the bare bundle id: APNs would refuse it",
                  ["payload", "check", #"{"aps":{"alert":"call"}}"#, "--topic", bundleID, "--push-type", "voip"],
                  exit: 1, mentions: "BadTopic")
        demo.step("an app ready in both environments", ["app", "check", bundleID, "--team", team], exit: 0)
        demo.step("a sandbox-only key", ["key", "generate", "--team", sandboxOnlyTeam, "--key-id", sandboxOnlyKey,
                                         "--env", "development"], exit: 0)
        demo.step("an app with no credential for production", ["app", "check", bundleID, "--team", sandboxOnlyTeam],
                  exit: 1, mentions: "production")
        for server in servers { await server.stop() }
    }

    /// A mock playing `environment`, trusting the keystore's keys of `team` with their scopes.
    private static func mock(_ environment: APNsEnvironment, directory: String, team: String, bundleID: String,
                             tokens: Tokens) throws -> MockAPNsServer {
        let keystore = try Keystore.open(at: directory + "/keystore")
        var scopes = [String: KeyScope]()
        for key in try keystore.keys(team: team) { scopes[key.keyID] = key.scope }
        let devices = environment == .development
            ? [tokens.development: bundleID]
            : [tokens.production: bundleID, tokens.otherApp: "com.example.other"]
        let unregistered = environment == .production ? [tokens.unregistered: Date().addingTimeInterval(-86_400)] : [:]
        let policy = ValidationPolicy(environment: environment, devices: devices, unregistered: unregistered,
                                      trustedKeys: try keystore.trustedKeys(), keyScopes: scopes)
        return try MockAPNsServer(configuration: MockServerConfiguration(policy: policy, logSink: { _ in }))
    }
}
