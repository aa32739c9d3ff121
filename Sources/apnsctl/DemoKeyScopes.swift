import APNsCore
import APNsKeystore
import APNsMock
import APNsModel
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The demo's section on Apple's 2025 keys: a sandbox key and a production key side by side, tokens chosen by
/// environment, a production key refused by a mock playing the sandbox, and a legacy key's scope discovered.
enum DemoKeyScopes {
    static let team = "SCOPETEAM1"
    static let sandboxKey = "SANDBOX001", productionKey = "PRODKEY001", unknownKey = "LEGACY0001"

    static func run(_ demo: DemoRunner, directory: String, bundleID: String, deviceToken: String) async {
        demo.say("\n12. Keys with an environment: a sandbox key and a production key (Apple's keys since 2025)")
        demo.step("a sandbox key", ["key", "generate", "--team", team, "--key-id", sandboxKey, "--env", "development"],
                  exit: 0, mentions: "active")
        demo.step("a production key, active in its own slot", ["key", "generate", "--team", team, "--key-id",
                                                                productionKey, "--env", "production"],
                                                                exit: 0, mentions: "active")
        demo.step("a key whose scope nobody wrote down (legacy)",
                  ["key", "generate", "--team", team, "--key-id", unknownKey], exit: 0)
        demo.step("the team's keys and their scopes", ["key", "list", "--team", team], exit: 0)
        demo.step("a sandbox token comes from the sandbox key", ["token", "--team", team, "--env", "development",
                                                                 "--format", "json"], showLines: 0,
                                                                 exit: 0, mentions: "\"key_id\" : \"\(sandboxKey)\"")
        demo.step("no environment named: the choice is asked for", ["token", "--team", team],
                  exit: 2, mentions: "say which environment")

        // A mock playing the sandbox that knows every key's real scope: the legacy key is, in truth, production-only.
        let server: MockAPNsServer
        let port: Int
        do {
            server = try mock(directory: directory, bundleID: bundleID, deviceToken: deviceToken)
            port = try await server.start()
            try SecureFile.write(Array((server.certificateAuthorityPEM ?? "").utf8), to: directory + "/scope-ca.pem",
                                 mode: 0o644, overwrite: true)
            demo.record("start a mock playing the sandbox", passed: true, detail: "127.0.0.1:\(port)")
        } catch {
            demo.record("start a mock playing the sandbox", passed: false, detail: "\(error)")
            return
        }
        let target = ["--host", "127.0.0.1", "--port", String(port), "--cacert", "scope-ca.pem", "--topic", bundleID,
                      "--device-token", deviceToken]
        demo.step("the sandbox key's canary is accepted", ["probe", "--env", "development", "--team", team] + target,
                  exit: 0)
        let token = demo.step("a production token", ["token", "--team", team, "--env", "production"], showLines: 0,
                              exit: 0)
        do {
            try SecureFile.write(Array(token.stdout.trimmingWhitespace().utf8), to: directory + "/production.token",
                                 mode: 0o600, overwrite: true)
        } catch {
            demo.record("keep the production token in production.token", passed: false, detail: "\(error)")
        }
        demo.step("the production key sent to the sandbox: refused, explained",
                  ["probe", "--token-file", "production.token"] + target, exit: 1, mentions: "BadEnvironmentKeyInToken")
        demo.step("discover the legacy key's environment from the answer",
                  ["key", "discover", unknownKey, "--env", "development"] + Array(target.prefix(6))
                      + ["--topic", bundleID], exit: 0, mentions: "refused (403 BadEnvironmentKeyInToken)")
        demo.step("it is recorded as production-only, from APNs's answer", ["key", "inspect", unknownKey],
                  exit: 0, mentions: "discovered")
        await server.stop()
    }

    /// The mock: development, trusting the keystore's keys of `team` with their true scopes.
    private static func mock(directory: String, bundleID: String, deviceToken: String) throws -> MockAPNsServer {
        let keystore = try Keystore.open(at: directory + "/keystore")
        let production = try KeyScope(environments: [.production], restriction: .team, source: .declared)
        var scopes = [String: KeyScope]()
        for key in try keystore.keys(team: team) { scopes[key.keyID] = key.scope }
        scopes[unknownKey] = production
        let policy = ValidationPolicy(environment: .development, devices: [deviceToken: bundleID],
                                      trustedKeys: try keystore.trustedKeys(), keyScopes: scopes)
        return try MockAPNsServer(configuration: MockServerConfiguration(policy: policy, logSink: { _ in }))
    }
}
