import Foundation
import TestSupport
import Testing

/// issue 40 §1: `token inspect` asks the key judge, with or without `--key`: a token of a key the keystore records
/// as revoked, or whose tombstone alone is left after `key purge`, is `revoked` (exit 1) whatever file `--key`
/// gives (the .p8, a copy under another name, its public key PEM), and the plain inspect after a purge no longer
/// says "unknown here" with a hint to pass `--key`. The same on an etcd keystore.
@Suite struct KeyJudgementCLITests: FleetCLI {
    static let p8 = KeystoreCLI.fixture("AuthKey_ABC123DEFG.p8")
    static let publicPEM = KeystoreCLI.fixture("AuthKey_ABC123DEFG.pub.pem")

    /// `token inspect TOKEN ARGS --format json`, run by `run`: its exit status and JSON object.
    func inspect(_ token: String, _ arguments: [String], _ run: ([String]) throws -> CLI.Result) throws
        -> (status: Int32, json: [String: Any], stderr: String) {
        let result = try run(["token", "inspect", token, "--format", "json"] + arguments)
        let json = (try? JSONSerialization.jsonObject(with: result.stdoutData)) as? [String: Any] ?? [:]
        return (result.status, json, result.stderr)
    }

    /// Every way of naming the revoked key's material is `revoked`, exit 1, never accepted.
    func expectRevoked(_ token: String, purged: Bool, _ run: ([String]) throws -> CLI.Result) throws {
        let copy = CLI.temporaryDirectory("copy").appendingPathComponent("renamed-key.p8").path
        try FileManager.default.copyItem(atPath: Self.p8, toPath: copy)
        for arguments in [["--key", Self.p8], ["--key", copy], ["--key", Self.publicPEM], [],
                          ["--key-id", "ABC123DEFG"]] {
            let (status, json, stderr) = try inspect(token, arguments, run)
            #expect(status == 1, "\(arguments) purged \(purged): \(json) \(stderr)")
            #expect(json["verdict"] as? String == "untrusted_key", "\(arguments) purged \(purged): \(json)")
            #expect(json["key_verdict"] as? String == "revoked", "\(arguments) purged \(purged): \(json)")
            #expect(json["key_trusted"] as? Bool == false, "\(arguments): \(json)")
            #expect((json["summary"] as? String)?.contains("accepted") == false, "\(json)")
            #expect((json["hint"] as? String)?.contains("verify with --key") != true, "\(arguments): \(json)")
            #expect((json["hint"] as? String)?.contains("apnsctl token issue --team DEF123GHIJ") == true, "\(json)")
            let findings = json["key_findings"] as? [String] ?? []
            #expect(findings.first?.contains(purged ? "was revoked on" : "is revoked") == true, "\(findings)")
        }
        let text = try run(["token", "inspect", token, "--key", copy])
        #expect(text.status == 1)
        #expect(!text.stdout.contains("accepted by APNs"), "\(text.stdout)")
        #expect(text.stdout.contains("key:       "), "\(text.stdout)")
    }

    /// Import, sign, revoke: revoked; purge: still revoked (by the tombstone).
    func revokeThenPurge(_ run: ([String]) throws -> CLI.Result) throws {
        let imported = try run(["key", "import", Self.p8, "--team", "DEF123GHIJ", "--env", "production"])
        #expect(imported.status == 0, "\(imported.stderr)")
        let issued = try run(["token", "--team", "DEF123GHIJ", "--env", "production"])
        #expect(issued.status == 0, "\(issued.stderr)")
        let token = issued.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let accepted = try inspect(token, ["--key", Self.p8], run)
        #expect(accepted.status == 0 && accepted.json["key_verdict"] as? String == "usable", "\(accepted.json)")
        #expect(try run(["key", "revoke", "ABC123DEFG", "--force"]).status == 0)
        try expectRevoked(token, purged: false, run)
        let purged = try run(["key", "purge", "ABC123DEFG"])
        #expect(purged.status == 0, "\(purged.stderr)")
        try expectRevoked(token, purged: true, run)
        // The key judge answers `token` too: a revoked key signs nothing.
        let refused = try run(["token", "--team", "DEF123GHIJ", "--key-id", "ABC123DEFG", "--env", "production"])
        #expect(refused.status != 0, "\(refused.stdout)")
    }

    @Test func aRevokedOrPurgedKeyIsRevokedWhateverFileIsGiven() throws {
        let ks = try KeystoreCLI.fresh()
        try revokeThenPurge { try KeystoreCLI.run($0, ks) }
    }

    @Test(.enabled(if: EtcdCluster.isInstalled, "needs etcd"))
    func onAnEtcdKeystoreToo() throws {
        try withFleet { _, url, environment in
            try revokeThenPurge { try run($0, url, environment) }
        }
    }
}
