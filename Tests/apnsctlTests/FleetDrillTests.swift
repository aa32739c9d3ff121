import Foundation
import Testing
import TestSupport

/// Failure drills on a real 3-member etcd cluster: a simulated day of ten signing agents on an injected clock,
/// the leader killed and a member frozen (SIGSTOP) in the middle of a rotation and of a token refresh, and the
/// rotation lock against a second ops host and a crashed one.
@Suite(.serialized) struct FleetDrillTests: FleetCLI {
    static let team = "DRL123TEAM"

    @Test func tenSigningAgentsOverASimulatedDayMakeOneSignaturePerKeyPerWindowAndNeverGoBack() throws {
        try withFleet { cluster, url, environment in
            let clock = try InjectedClock(in: cluster, start: 1_800_000_000)
            let timed = clock.environment(environment)
            for (key, env) in [("DAYDEV0001", "development"), ("DAYPRD0001", "production")] {
                #expect(try run(["key", "generate", "--team", Self.team, "--key-id", key, "--env", env], url, timed).status == 0)
            }
            let hosts = try (0..<10).map { index in
                let out = cluster.directory.appendingPathComponent("host\(index)").path
                return (try HostProcess(["token", "agent", "--sign", "--refresh-after", "30", "--out", out, "--keystore", url,
                                         "--format", "json", "--check-interval", "0.1"],
                                        environment: timed, logs: cluster.directory, name: "host\(index)"), out)
            }
            defer { hosts.forEach { $0.0.stop() } }
            let files = hosts.flatMap { host in ["development", "production"].map { host.1 + "/\(Self.team)-\($0).token" } }
            // A day in 15-minute steps: at each, every host's files must hold a token younger than the refresh window.
            for step in Int64(0)..<96 {
                try clock.set(seconds: step * 15 * 60)
                let now = clock.start + step * 15 * 60
                let settled = waitUntil(20) {
                    files.allSatisfy { file in contents(file).flatMap(issuedAt(ofJWT:)).map { now - $0 < 30 * 60 } ?? false }
                }
                #expect(settled != nil, "minute \(step * 15): \(hosts.map(\.0.stderr).joined())")
                if settled == nil { return }
            }
            let events = hosts.map(\.0.events)
            for key in ["DAYDEV0001", "DAYPRD0001"] {
                let signed = events.joined().filter { $0["event"] as? String == "signed" && $0["key_id"] as? String == key }
                #expect(signed.count == 48, "\(key): one signature per 30-minute window over 24 hours, for the whole fleet")
                let record = try cluster.etcdctlChecked(["get", "/apnsctl/tokens/keys/\(key)", "-w", "json"])
                let version = ((try JSONSerialization.jsonObject(with: Data(record.utf8)) as? [String: Any])?["kvs"]
                    as? [[String: Any]])?.first?["version"] as? Int
                #expect(version == 48, "etcd saw 48 writes of \(key)'s record")
            }
            // No host ever wrote an older token over a newer one.
            for (index, host) in events.enumerated() {
                var newest: [String: String] = [:]
                for event in host where event["event"] as? String == "written" {
                    let file = event["file"] as? String ?? "", issued = event["issued_at"] as? String ?? ""
                    #expect(issued >= newest[file] ?? "", "host \(index) went back on \(file)")
                    newest[file] = issued
                }
                #expect(newest.count == 2)
            }
        }
    }

    enum Fault: String, CaseIterable, Sendable { case killLeader = "kill-leader", freezeLeader = "sigstop-leader" }
    enum Operation: String, CaseIterable, Sendable { case rotation, tokenRefresh = "token-refresh" }

    /// The operation runs up to its last step before the transaction and waits there (a debug pause point); the
    /// leader is killed or frozen; the operation then finishes through the members that are left.
    @Test(arguments: Operation.allCases, Fault.allCases)
    func aLeaderLostInTheMiddleLosesNoWriteAndLeavesOneActiveKey(operation: Operation, fault: Fault) throws {
        try withFleet { cluster, url, environment in
            let clock = try InjectedClock(in: cluster)
            let timed = clock.environment(environment)
            for key in ["OLD0000001", "NEW0000001"] {
                #expect(try run(["key", "generate", "--team", Self.team, "--key-id", key, "--env", "production"], url, timed).status == 0)
            }
            let first = try run(["token", "--team", Self.team, "--env", "production"], url, timed)
            let out = cluster.directory.appendingPathComponent("agent").path
            let agent = try HostProcess(["token", "agent", "--out", out, "--keystore", url, "--format", "json",
                                         "--check-interval", "0.1"],
                                        environment: timed.merging(["APNSCTL_KEK_FILE": ""]) { $1 }, logs: cluster.directory,
                                        name: "agent")
            defer { agent.stop() }
            let file = out + "/\(Self.team)-production.token"
            #expect(waitUntil(20) { contents(file) == first.stdout } != nil, "\(agent.stderr)")

            let pause = cluster.directory.appendingPathComponent("paused").path
            var paused = timed
            paused["APNSCTL_DEBUG_PAUSE_FILE"] = pause
            let arguments: [String]
            switch operation {
            case .rotation:
                paused["APNSCTL_DEBUG_PAUSE_AT"] = "key.rotate:before-manifest"
                arguments = ["key", "rotate", "--team", Self.team, "--to", "NEW0000001"]
            case .tokenRefresh:
                // 51 minutes on: the token is due, and the host re-signs it.
                try clock.set(seconds: 51 * 60)
                paused["APNSCTL_DEBUG_PAUSE_AT"] = "token:before-record"
                arguments = ["token", "--team", Self.team, "--env", "production", "--format", "json"]
            }
            let host = try HostProcess(arguments + ["--keystore", url], environment: paused, logs: cluster.directory, name: "ops")
            #expect(waitUntil(30) { FileManager.default.fileExists(atPath: pause) } != nil, "never paused: \(host.stderr)")
            let leader = try cluster.waitForLeader()
            switch fault {
            case .killLeader: cluster.killMember(leader)
            case .freezeLeader: cluster.pauseMember(leader)
            }
            defer { if fault == .freezeLeader { cluster.resumeMember(leader) } }
            try FileManager.default.removeItem(atPath: pause)
            let status = host.exitStatus(within: 90)
            #expect(status == 0, "the operation finished on the other members: \(host.stderr)")

            let states = try self.states(url, timed)
            #expect(states.values.filter { $0 == "active" }.count == 1, "one active key: \(states)")
            let audit = try run(["keystore", "audit", "--format", "json"], url, timed)
            let entries = (try JSONSerialization.jsonObject(with: audit.stdoutData) as? [[String: Any]] ?? [])
            switch operation {
            case .rotation:
                #expect(states == ["OLD0000001": "retired", "NEW0000001": "active"])
                #expect(entries.filter { $0["action"] as? String == "key.rotate" && $0["outcome"] as? String == "ok" }.count == 1)
                // The agent recovers: the next token (the new key's) reaches its file.
                let next = try run(["token", "--team", Self.team, "--env", "production"], url, timed)
                #expect(next.status == 0, "\(next.stderr)")
                #expect(waitUntil(30) { contents(file) == next.stdout } != nil, "the agent recovered: \(agent.stderr)")
            case .tokenRefresh:
                let refreshed = try JSONSerialization.jsonObject(with: host.stdout.data(using: .utf8) ?? Data()) as? [String: Any]
                #expect(refreshed?["reused"] as? Bool == false)
                let token = try #require(refreshed?["token"] as? String)
                #expect(waitUntil(30) { contents(file) == token + "\n" } != nil, "the agent recovered: \(agent.stderr)")
                let again = try run(["token", "--team", Self.team, "--env", "production"], url, timed)
                #expect(again.stdout == token + "\n", "every host now reads the refreshed token")
            }
        }
    }

    @Test func aSecondOpsHostIsRefusedWhileARotationRunsAndACrashedHolderFreesTheLock() throws {
        try withFleet { cluster, url, environment in
            for key in ["LCK0000001", "LCK0000002", "LCK0000003"] {
                #expect(try run(["key", "generate", "--team", Self.team, "--key-id", key, "--env", "production"], url, environment).status == 0)
            }
            let pause = cluster.directory.appendingPathComponent("paused").path
            var paused = environment
            paused["APNSCTL_DEBUG_PAUSE_FILE"] = pause
            paused["APNSCTL_DEBUG_PAUSE_AT"] = "key.rotate:before-manifest"
            let holder = try HostProcess(["key", "rotate", "--team", Self.team, "--to", "LCK0000002", "--keystore", url],
                                         environment: paused, logs: cluster.directory, name: "holder")
            #expect(waitUntil(30) { FileManager.default.fileExists(atPath: pause) } != nil, "\(holder.stderr)")
            let refused = try run(["key", "rotate", "--team", Self.team, "--to", "LCK0000003"], url, environment)
            #expect(refused.status == 5)
            #expect(refused.stderr.contains("another rotation is in progress")
                    && refused.stderr.contains("pid \(holder.process.processIdentifier)"), "\(refused.stderr)")
            #expect(refused.stderr.contains("apnsctl: hint: "))
            // The holder dies (kill -9) holding the lock: its lease ends it, and the next rotation goes through.
            kill(holder.process.processIdentifier, SIGKILL)
            holder.process.waitUntilExit()
            var after: CLI.Result?
            let took = waitUntil(20) {
                after = try? run(["key", "rotate", "--team", Self.team, "--to", "LCK0000003"], url, environment)
                return after?.status == 0
            }
            #expect(took != nil && (took ?? 99) <= 15, "freed within the lock's 10 s lease: \(after?.stderr ?? "")")
            #expect(try states(url, environment) == ["LCK0000001": "retired", "LCK0000002": "staged", "LCK0000003": "active"])
            // A rotation the rules refuse lets go of the lock at once: the next one goes straight through.
            let ruled = try run(["key", "rotate", "--team", Self.team, "--to", "LCK0000003"], url, environment)
            #expect(ruled.status == 5 && ruled.stderr.contains("already the active key"), "\(ruled.stderr)")
            let next = try run(["key", "rotate", "--team", Self.team, "--to", "LCK0000002"], url, environment)
            #expect(next.status == 0, "\(next.stderr)")
        }
    }
}
