import Foundation
import Testing
import TestSupport

/// `apnsctl token agent` against a real 3-member etcd cluster: agents are separate processes, as on sender hosts
/// (no key-encryption key), and signing agents as on ops hosts.
@Suite(.serialized) struct FleetAgentCLITests: FleetCLI {
    static let team = "AGT123TEAM"
    /// A sender host's environment: the fleet's address and user, no key-encryption key.
    static let sender = ["APNSCTL_KEK_FILE": ""]

    func agent(_ url: String, _ environment: [String: String], in directory: URL, name: String,
               extra: [String] = []) throws -> (HostProcess, String) {
        let out = directory.appendingPathComponent(name).path
        let process = try HostProcess(["token", "agent", "--out", out, "--keystore", url, "--format", "json",
                                       "--metrics", out + ".prom", "--check-interval", "0.1"] + extra,
                                      environment: environment, logs: directory, name: name)
        return (process, out)
    }

    @Test func aRevocationReachesEveryAgentsFileWithinFiveSeconds() throws {
        try withFleet { cluster, url, environment in
            #expect(try run(["key", "generate", "--team", Self.team, "--key-id", "REV0000001", "--env", "both"],
                            url, environment).status == 0)
            let token = try run(["token", "--team", Self.team, "--env", "production"], url, environment)
            #expect(token.status == 0, "\(token.stderr)")
            let agents = try (0..<3).map { try agent(url, environment.merging(Self.sender) { $1 }, in: cluster.directory, name: "agent\($0)") }
            defer { agents.forEach { $0.0.stop() } }
            let files = agents.flatMap { [$0.1 + "/\(Self.team)-production.token", $0.1 + "/\(Self.team)-development.token"] }
            let served = waitUntil(20) { files.allSatisfy { contents($0) == token.stdout } }
            #expect(served != nil, "\(agents.map(\.0.stderr))")
            for file in files {
                let mode = (try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? NSNumber)?.intValue
                #expect(mode == 0o640, "\(file)")
            }
            let revoke = try run(["key", "revoke", "REV0000001", "--force"], url, environment)
            #expect(revoke.status == 0, "\(revoke.stderr)")
            let took = waitUntil(5) { files.allSatisfy { contents($0) == nil } }
            #expect(took != nil, "every agent removed its files within 5 s")
            var check = JSONSchemaCheck()
            for (process, _) in agents {
                // The file goes first, then the line saying so: wait for the line.
                #expect(waitUntil(5) { process.events.contains { $0["event"] as? String == "removed" } } != nil)
                #expect(process.process.isRunning, "an agent outlives a revocation")
                check.add("token-agent", "token agent log (written, removed)", stdout: Data(process.stdout.utf8), lines: true)
            }
            try JSONSchemaTests.expectValid(check)
            for (process, _) in agents { #expect(process.stop() == 0, "SIGTERM ends an agent with exit 0") }
        }
    }

    @Test func aSigningAgentFollowsARotationAndWatchersGetTheNewTokenWithinSeconds() throws {
        try withFleet { cluster, url, environment in
            for key in ["ROT0000001", "ROT0000002"] {
                #expect(try run(["key", "generate", "--team", Self.team, "--key-id", key, "--env", "production"],
                                url, environment).status == 0)
            }
            let (signer, _) = try agent(url, environment, in: cluster.directory, name: "signer", extra: ["--sign"])
            let watchers = try (0..<2).map { try agent(url, environment.merging(Self.sender) { $1 }, in: cluster.directory, name: "watcher\($0)") }
            defer { ([signer] + watchers.map(\.0)).forEach { $0.stop() } }
            let files = watchers.map { $0.1 + "/\(Self.team)-production.token" }
            func keyID(_ file: String) -> String? {
                guard let jwt = contents(file), let header = jwt.split(separator: ".").first else { return nil }
                var text = String(header)
                while text.count % 4 != 0 { text += "=" }
                let object = Data(base64Encoded: text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/"))
                    .flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }
                return object?["kid"] as? String
            }
            #expect(waitUntil(20) { files.allSatisfy { keyID($0) == "ROT0000001" } } != nil, "\(signer.stderr)")
            let rotate = try run(["key", "rotate", "--team", Self.team, "--to", "ROT0000002"], url, environment)
            #expect(rotate.status == 0, "\(rotate.stderr)")
            let took = waitUntil(5) { files.allSatisfy { keyID($0) == "ROT0000002" } }
            #expect(took != nil, "the watchers hold the new key's token within 5 s: \(signer.stdout)")
            // The watchers may hold the new token before the signer has logged signing it: wait for its line.
            func signatures() -> [String] {
                signer.events.filter { $0["event"] as? String == "signed" }.compactMap { $0["key_id"] as? String }
            }
            #expect(waitUntil(10) { signatures().count >= 2 } != nil, "\(signer.stdout)")
            #expect(signatures() == ["ROT0000001", "ROT0000002"])
            var check = JSONSchemaCheck()
            check.add("token-agent", "token agent --sign log", stdout: Data(signer.stdout.utf8), lines: true)
            try JSONSchemaTests.expectValid(check)
        }
    }

    /// The agent's watch sits on the first member; that member is cut off from the other two (it still answers
    /// its clients) and the key is revoked through the others: the agent notices its member has no leader, moves
    /// on, and removes its files within the 5-second bound.
    @Test func aRevocationReachesAnAgentWhoseMemberIsCutOffFromTheOthersWithinFiveSeconds() throws {
        try withFleet(proxied: true) { cluster, url, environment in
            #expect(try run(["key", "generate", "--team", Self.team, "--key-id", "ISO0000001", "--env", "production"],
                            url, environment).status == 0)
            let token = try run(["token", "--team", Self.team, "--env", "production"], url, environment)
            #expect(token.status == 0, "\(token.stderr)")
            // The member the agent watches (the first listed) is a follower: the others keep their quorum.
            if try cluster.waitForLeader() == 0 { try cluster.moveLeader(to: 1) }
            let (agent, out) = try agent(url, environment.merging(Self.sender) { $1 }, in: cluster.directory, name: "agent")
            defer { agent.stop() }
            let file = out + "/\(Self.team)-production.token", metrics = out + ".prom"
            #expect(waitUntil(20) { contents(file) == token.stdout } != nil, "\(agent.stderr)")
            cluster.isolate(0, ids: try cluster.memberIDs())
            defer { cluster.healPeers() }
            let others = "etcd://" + [1, 2].map { cluster.members[$0].endpoint }.joined(separator: ",") + "/apnsctl"
            let revoke = try CLI.run(["key", "revoke", "ISO0000001", "--force", "--keystore", others], environment: environment)
            #expect(revoke.status == 0, "\(revoke.stderr)")
            let took = waitUntil(10) { contents(file) == nil }
            print("revocation reached the agent whose member is cut off in \(took.map { String(format: "%.1f", $0) } ?? "never") s")
            #expect(took != nil && (took ?? 99) <= 5, "removed \(took.map { String(format: "%.1f", $0) } ?? "never") s after the revocation: \(agent.stdout)")
            #expect(contents(metrics)?.contains("apnsctl_token_agent_etcd_up 1") == true, "it watches a member with a leader")
        }
    }

    /// Every member cut off from the others: none has a leader, though each still answers. The agent cannot
    /// follow the fleet any more, and its metrics say so (it keeps serving its token meanwhile).
    @Test func withNoLeaderAnywhereTheAgentsMetricsSayEtcdIsOutOfReach() throws {
        try withFleet(proxied: true) { cluster, url, environment in
            #expect(try run(["key", "generate", "--team", Self.team, "--key-id", "NLD0000001", "--env", "production"],
                            url, environment).status == 0)
            let token = try run(["token", "--team", Self.team, "--env", "production"], url, environment)
            let (agent, out) = try agent(url, environment.merging(Self.sender) { $1 }, in: cluster.directory, name: "agent")
            defer { agent.stop() }
            let file = out + "/\(Self.team)-production.token", metrics = out + ".prom"
            #expect(waitUntil(20) { contents(file) == token.stdout && contents(metrics)?.contains("apnsctl_token_agent_etcd_up 1") == true } != nil,
                    "\(agent.stderr)")
            let ids = try cluster.memberIDs()
            for member in cluster.members.indices { cluster.isolate(member, ids: ids) }
            defer { cluster.healPeers() }
            #expect(waitUntil(60) { contents(metrics)?.contains("apnsctl_token_agent_etcd_up 0") == true } != nil,
                    "the metric says etcd is out of reach: \(agent.stdout)")
            #expect(contents(file) == token.stdout, "the token is still served")
            #expect(agent.events.contains { $0["event"] as? String == "disconnected" }, "\(agent.stdout)")
        }
    }

    /// Another host revokes the key a signing agent keeps fresh: the agent logs the event `revoked`, not a failure.
    @Test func aSigningAgentLogsARevocationByAnotherHostAsAnEventNotAFailure() throws {
        try withFleet { cluster, url, environment in
            let clock = try InjectedClock(in: cluster)
            let timed = clock.environment(environment)
            #expect(try run(["key", "generate", "--team", Self.team, "--key-id", "RVK0000001", "--env", "production"],
                            url, timed).status == 0)
            let (signer, _) = try agent(url, timed, in: cluster.directory, name: "signer", extra: ["--sign"])
            defer { signer.stop() }
            #expect(waitUntil(20) { signer.events.contains { $0["event"] as? String == "signed" } } != nil, "\(signer.stderr)")
            // Past the agent's own pause after a signature, so it looks at the key again when its record goes.
            try clock.set(seconds: 6)
            let revoke = try run(["key", "revoke", "RVK0000001", "--force"], url, timed)
            #expect(revoke.status == 0, "\(revoke.stderr)")
            #expect(waitUntil(10) {
                signer.events.contains { $0["event"] as? String == "revoked" && $0["key_id"] as? String == "RVK0000001" }
            } != nil, "\(signer.stdout)")
            #expect(!signer.events.contains { $0["event"] as? String == "failed" }, "\(signer.stdout)")
            var check = JSONSchemaCheck()
            check.add("token-agent", "token agent --sign log (revoked)", stdout: Data(signer.stdout.utf8), lines: true)
            try JSONSchemaTests.expectValid(check)
        }
    }

    @Test func withEveryMemberDownAgentsServeTheTokenThenFailLoudlyAt55Minutes() throws {
        try withFleet { cluster, url, environment in
            let clock = try InjectedClock(in: cluster)
            let timed = clock.environment(environment)
            #expect(try run(["key", "generate", "--team", Self.team, "--key-id", "DWN0000001", "--env", "production"],
                            url, timed).status == 0)
            let token = try run(["token", "--team", Self.team, "--env", "production"], url, timed)
            let (agent, out) = try agent(url, timed.merging(Self.sender) { $1 }, in: cluster.directory, name: "agent")
            defer { agent.stop() }
            let file = out + "/\(Self.team)-production.token", metrics = out + ".prom"
            #expect(waitUntil(20) { contents(file) == token.stdout } != nil, "\(agent.stderr)")
            for member in cluster.members.indices { cluster.killMember(member) }
            #expect(waitUntil(60) { contents(metrics)?.contains("apnsctl_token_agent_etcd_up 0") == true } != nil,
                    "the metric says etcd is out of reach: \(agent.stderr)")
            try clock.set(seconds: 54 * 60)
            // Wait until the agent has looked at the 54-minute clock (its metrics give the token's age), then check
            // that it still serves: a look taken before it ticked would prove nothing.
            let aged = waitUntil(20) {
                contents(metrics)?.split(separator: "\n").contains {
                    $0.hasPrefix("apnsctl_token_agent_token_age_seconds{") && ($0.split(separator: " ").last.flatMap { Double($0) } ?? 0) >= 54 * 60
                } == true
            }
            #expect(aged != nil, "the agent saw the token at 54 minutes: \(contents(metrics) ?? "")")
            #expect(agent.process.isRunning, "at 54 minutes the agent keeps serving")
            #expect(contents(file) == token.stdout)
            #expect(contents(metrics)?.contains("apnsctl_token_agent_healthy 1") == true)
            try clock.set(seconds: 56 * 60)
            #expect(agent.exitStatus(within: 10) == 4, "past 55 minutes it fails: \(agent.stderr)")
            #expect(contents(file) == nil, "and removes the token it can no longer vouch for")
            #expect(agent.stderr.contains("out of reach") && agent.stderr.contains("apnsctl: hint: "), "\(agent.stderr)")
            let text = try #require(contents(metrics))
            #expect(text.contains("apnsctl_token_agent_healthy 0"))
            // The exposition text parses with the Prometheus project's own parser.
            let parsed = try CLI.tool("/usr/bin/python3", ["-c", """
                import sys
                from prometheus_client.parser import text_string_to_metric_families
                names = sorted(f.name for f in text_string_to_metric_families(open(sys.argv[1]).read()))
                print(",".join(names))
                """, metrics])
            #expect(parsed.status == 0 && parsed.output.contains("apnsctl_token_agent_healthy"), "\(parsed.output)")
            var check = JSONSchemaCheck()
            #expect(agent.stdout.contains(#""event":"disconnected""#) && agent.stdout.contains(#""event":"failed""#))
            check.add("token-agent", "token agent log (disconnected, failed)", stdout: Data(agent.stdout.utf8), lines: true)
            try JSONSchemaTests.expectValid(check)
        }
    }
}
