import Foundation
import Synchronization
import Testing
import TestSupport

/// Issue 30's races, each made deterministic on a real 3-member cluster: a rotation between a signer's read and
/// its write, token files read in a tight loop across rotations, and the rotation lock of a killed holder across a
/// forced leader change.
@Suite(.serialized) struct FleetRaceTests: FleetCLI {
    static let team = "RCE123TEAM"
    /// A sender host's environment: no key-encryption key.
    static let sender = ["APNSCTL_KEK_FILE": ""]

    /// The record etcd holds for `keyID` (nil: none), with its mod revision.
    func record(_ cluster: EtcdCluster, _ keyID: String) throws -> (modRevision: Int, token: String)? {
        let text = try cluster.etcdctlChecked(["get", "/apnsctl/tokens/keys/\(keyID)", "-w", "json"])
        guard let kv = ((try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])?["kvs"] as? [[String: Any]])?.first,
              let value = Data(base64Encoded: kv["value"] as? String ?? ""),
              let stored = try JSONSerialization.jsonObject(with: value) as? [String: Any] else { return nil }
        return (kv["mod_revision"] as? Int ?? 0, stored["token"] as? String ?? "")
    }

    /// A host about to store a token it signed with the active key is held there (a debug pause point) while
    /// another host rotates: its write must fail its comparison, and it signs with the new key instead.
    @Test func aRotationBetweenASignersReadAndItsWriteNeverLetsTheRetiredKeySign() throws {
        try withFleet { cluster, url, environment in
            for key in ["RCEOLD0001", "RCENEW0001"] {
                #expect(try run(["key", "generate", "--team", Self.team, "--key-id", key, "--env", "production"],
                                url, environment).status == 0)
            }
            let pause = cluster.directory.appendingPathComponent("paused").path
            var paused = environment
            paused["APNSCTL_DEBUG_PAUSE_FILE"] = pause
            paused["APNSCTL_DEBUG_PAUSE_AT"] = "token:before-record"
            let signer = try HostProcess(["token", "--team", Self.team, "--env", "production", "--format", "json",
                                          "--keystore", url], environment: paused, logs: cluster.directory, name: "signer")
            defer { signer.stop() }
            #expect(waitUntil(30) { FileManager.default.fileExists(atPath: pause) } != nil, "never paused: \(signer.stderr)")
            // The signer has read the manifest (RCEOLD0001 active) and signed; now the rotation commits.
            let rotate = try run(["key", "rotate", "--team", Self.team, "--to", "RCENEW0001"], url, environment)
            #expect(rotate.status == 0, "\(rotate.stderr)")
            // Let it go; a retry pauses at the same point again: let that one go too.
            var status: Int32?
            let end = Date().addingTimeInterval(60)
            while status == nil, Date() < end {
                try? FileManager.default.removeItem(atPath: pause)
                status = signer.exitStatus(within: 0.2)
            }
            #expect(status == 0, "\(signer.stderr)")
            let issued = try JSONSerialization.jsonObject(with: Data(signer.stdout.utf8)) as? [String: Any]
            #expect(issued?["key_id"] as? String == "RCENEW0001", "the token is the new active key's: \(signer.stdout)")
            #expect(try record(cluster, "RCEOLD0001") == nil, "no record of the retired key was stored after its retirement")
            let stored = try record(cluster, "RCENEW0001")
            #expect(stored?.token == issued?["token"] as? String)
        }
    }

    /// A sender reads its token file in a tight loop while a signing agent follows three rotations: the file is
    /// replaced by the successor's token in one rename, never absent, never back to a retired key's token. A
    /// rotation that leaves the development slot without a key removes that file, and says so (log and metric).
    @Test func aTokenFileIsNeverAbsentAcrossRotationsAndGoesOnlyWhenNoKeyCoversItsSlot() throws {
        try withFleet { cluster, url, environment in
            let keys = ["RCEKEY0001", "RCEKEY0002", "RCEKEY0003", "RCEKEY0004"]
            for key in keys {
                #expect(try run(["key", "generate", "--team", Self.team, "--key-id", key, "--env", "both"],
                                url, environment).status == 0)
            }
            #expect(try run(["key", "generate", "--team", Self.team, "--key-id", "RCEPRD0005", "--env", "production"],
                            url, environment).status == 0)
            let signer = try HostProcess(["token", "agent", "--sign", "--out", cluster.directory.appendingPathComponent("signer").path,
                                          "--keystore", url, "--format", "json", "--check-interval", "0.1"],
                                         environment: environment, logs: cluster.directory, name: "signer")
            let out = cluster.directory.appendingPathComponent("watcher").path
            let watcher = try HostProcess(["token", "agent", "--out", out, "--keystore", url, "--format", "json",
                                           "--metrics", out + ".prom", "--check-interval", "0.1"],
                                          environment: environment.merging(Self.sender) { $1 }, logs: cluster.directory,
                                          name: "watcher")
            defer { [signer, watcher].forEach { $0.stop() } }
            let production = out + "/\(Self.team)-production.token", development = out + "/\(Self.team)-development.token"
            #expect(waitUntil(20) { contents(production).flatMap(keyID(ofJWT:)) == keys[0] } != nil, "\(watcher.stderr)")

            // The sender: reads both files as fast as it can until told to stop.
            struct Seen { var reads = 0, absent: [String] = [], kids: [String: [String]] = [:] }
            let seen = Mutex(Seen()), running = Atomic(true)
            let reader = Thread {
                while running.load(ordering: .relaxed) {
                    for file in [production, development] {
                        let text = contents(file)
                        seen.withLock { seen in
                            seen.reads += 1
                            guard let text, let kid = keyID(ofJWT: text) else { seen.absent.append(file); return }
                            if seen.kids[file]?.last != kid { seen.kids[file, default: []].append(kid) }
                        }
                    }
                }
            }
            reader.start()
            for key in keys.dropFirst() {
                let rotate = try run(["key", "rotate", "--team", Self.team, "--to", key], url, environment)
                #expect(rotate.status == 0, "\(rotate.stderr)")
                let followed = waitUntil(10) {
                    [production, development].allSatisfy { contents($0).flatMap(keyID(ofJWT:)) == key }
                }
                #expect(followed != nil, "the files follow the rotation to \(key): \(signer.stdout)")
            }
            // The reader goes on until it has itself seen both files hold the last key (it reads them in turn).
            let caughtUp = waitUntil(5) {
                seen.withLock { seen in [production, development].allSatisfy { seen.kids[$0]?.last == keys.last } }
            }
            #expect(caughtUp != nil, "the reader saw the last rotation")
            running.store(false, ordering: .relaxed)
            while !reader.isFinished { Thread.sleep(forTimeInterval: 0.01) }
            let result = seen.withLock { $0 }
            #expect(result.reads > 1000, "the sender read the files \(result.reads) times")
            let absences = result.absent.count
            #expect(absences == 0, "a token file was absent at \(absences) reads across the rotations: \(Set(result.absent).sorted())")
            #expect(result.kids[production] == keys && result.kids[development] == keys,
                    "each file went from key to key in order, never back: \(result.kids)")

            // A production-only key with the gap allowed: development has no key any more; its file goes, and the
            // agent says so; production goes straight to the new key's token.
            let gap = try run(["key", "rotate", "--team", Self.team, "--to", "RCEPRD0005", "--allow-gap"], url, environment)
            #expect(gap.status == 0, "\(gap.stderr)")
            #expect(waitUntil(10) { contents(development) == nil } != nil, "the uncovered slot's file is removed")
            #expect(waitUntil(10) { contents(production).flatMap(keyID(ofJWT:)) == "RCEPRD0005" } != nil)
            #expect(waitUntil(10) {
                watcher.events.contains { $0["event"] as? String == "removed" && $0["file"] as? String == "\(Self.team)-development.token"
                    && ($0["detail"] as? String ?? "").contains("without a key") }
            } != nil, "\(watcher.stdout)")
            #expect(waitUntil(10) {
                contents(out + ".prom")?.contains(#"apnsctl_token_agent_file_present{file="\#(Self.team)-development.token"} 0"#) == true
            } != nil, "\(contents(out + ".prom") ?? "")")
        }
    }

    /// The rotation lock's holder is killed (kill -9) and a leader election follows (etcd extends every lease
    /// by its TTL and an election timeout when a new leader takes over): the next rotation still goes through
    /// within the documented 10 s.
    @Test func aKilledRotationHoldersLockIsFreedWithinTenSecondsAcrossALeaderChange() throws {
        try withFleet { cluster, url, environment in
            for key in ["RCELCK0001", "RCELCK0002", "RCELCK0003"] {
                #expect(try run(["key", "generate", "--team", Self.team, "--key-id", key, "--env", "production"],
                                url, environment).status == 0)
            }
            let pause = cluster.directory.appendingPathComponent("paused").path
            var paused = environment
            paused["APNSCTL_DEBUG_PAUSE_FILE"] = pause
            paused["APNSCTL_DEBUG_PAUSE_AT"] = "key.rotate:before-manifest"
            let holder = try HostProcess(["key", "rotate", "--team", Self.team, "--to", "RCELCK0002", "--keystore", url],
                                         environment: paused, logs: cluster.directory, name: "holder")
            #expect(waitUntil(30) { FileManager.default.fileExists(atPath: pause) } != nil, "\(holder.stderr)")
            let leader = try cluster.waitForLeader()
            kill(holder.process.processIdentifier, SIGKILL)
            holder.process.waitUntilExit()
            let killed = Date()
            // Just before the lease would lapse, a new leader takes over and extends it.
            Thread.sleep(forTimeInterval: 1.5)
            try cluster.moveLeader(to: (leader + 1) % cluster.members.count)
            var after: CLI.Result?
            _ = waitUntil(40) {
                after = try? run(["key", "rotate", "--team", Self.team, "--to", "RCELCK0003"], url, environment)
                return after?.status == 0
            }
            let took = Date().timeIntervalSince(killed)
            #expect(after?.status == 0, "\(after?.stderr ?? "")")
            #expect(took <= 10, "the lock was freed \(String(format: "%.1f", took)) s after its holder died")
        }
    }
}
