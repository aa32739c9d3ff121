import Foundation
import Synchronization
import Testing
import TestSupport

/// The provider token shared by a fleet through a real 3-member etcd cluster: hosts are separate apnsctl
/// processes with their own environment.
@Suite(.serialized) struct FleetTokenCLITests: FleetCLI {
    static let team = "TOK123TEAM"

    /// `token --format json` of one host.
    struct Issued: Decodable, Hashable {
        var token: String
        var keyID: String
        var reused: Bool
        enum CodingKeys: String, CodingKey { case token, keyID = "key_id", reused }
    }

    func issue(_ url: String, _ environment: [String: String], env: String = "production") throws -> Issued {
        let result = try run(["token", "--team", Self.team, "--env", env, "--format", "json"], url, environment)
        guard result.status == 0 else { throw FleetTestError(message: "token: \(result.stderr)") }
        return try JSONDecoder().decode(Issued.self, from: result.stdoutData)
    }

    @Test func twentyHostsAskingAtOnceOnAColdClusterMakeOneSignature() throws {
        try withFleet { cluster, url, environment in
            let generated = try run(["key", "generate", "--team", Self.team, "--key-id", "ONE0000001", "--env", "both"],
                                    url, environment)
            #expect(generated.status == 0, "\(generated.stderr)")
            let answers = Mutex<[Result<Issued, any Error>]>([])
            DispatchQueue.concurrentPerform(iterations: 20) { _ in
                let answer = Result { try self.issue(url, environment) }
                answers.withLock { $0.append(answer) }
            }
            let issued = try answers.withLock { $0 }.map { try $0.get() }
            #expect(issued.count == 20)
            #expect(Set(issued.map(\.token)).count == 1, "20 identical tokens")
            #expect(issued.filter { !$0.reused }.count == 1, "exactly one signature")
            // The record etcd holds is that token, under a lease, written once.
            let record = try cluster.etcdctlChecked(["get", "/apnsctl/tokens/keys/ONE0000001", "-w", "json"])
            let kvs = (try JSONSerialization.jsonObject(with: Data(record.utf8)) as? [String: Any])?["kvs"]
                as? [[String: Any]] ?? []
            #expect(kvs.count == 1 && kvs.first?["version"] as? Int == 1, "\(record)")
            #expect((kvs.first?["lease"] as? Int ?? 0) != 0, "the record lives under a lease")
            let value = Data(base64Encoded: kvs.first?["value"] as? String ?? "") ?? Data()
            let stored = try JSONSerialization.jsonObject(with: value) as? [String: Any]
            #expect(stored?["token"] as? String == issued.first?.token)
            #expect(stored?["environments"] as? [String] == ["development", "production"])
        }
    }
}

extension FleetTokenCLITests {
    /// A sender host (no key-encryption key) asks for a token when none is shared yet: it cannot sign, and says
    /// so (exit 2, as docs/fleet.md promises), never that the key is damaged or should be revoked.
    @Test func aHostWithoutTheKeyEncryptionKeyIsToldItNeedsItWhenNothingIsCached() throws {
        try withFleet { _, url, environment in
            #expect(try run(["key", "generate", "--team", Self.team, "--key-id", "KEK0000001", "--env", "production"],
                            url, environment).status == 0)
            let sender = try run(["token", "--team", Self.team, "--env", "production"], url,
                                 environment.merging(["APNSCTL_KEK_FILE": ""]) { $1 })
            #expect(sender.status == 2, "\(sender.stderr)")
            #expect(sender.stderr.contains("needs the key-encryption key"), "\(sender.stderr)")
            #expect(sender.stderr.contains("apnsctl: hint: ") && !sender.stderr.contains("revoke"), "\(sender.stderr)")
            // Once an ops host has signed, the sender reads the shared token without the key-encryption key.
            let ops = try run(["token", "--team", Self.team, "--env", "production"], url, environment)
            let again = try run(["token", "--team", Self.team, "--env", "production"], url,
                                environment.merging(["APNSCTL_KEK_FILE": ""]) { $1 })
            #expect(again.status == 0 && again.stdout == ops.stdout, "\(again.stderr)")
        }
    }
}

struct FleetTestError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
