import Foundation
import Testing
import TestSupport

/// The fleet under a seeded schedule of faults (issue 30): three real etcd members whose client and peer links run
/// through ``LinkProxy``; faults one at a time (a client link cut, a member cut off from its peers, frozen with
/// SIGSTOP, killed and restarted, a leader moved); a workload of rotations, revocations (of retired keys and,
/// forced, of the active one), rotations killed (kill -9) while they hold the lock, `token` calls, one signing
/// agent and two agents on sender hosts whose files a reader reads in a tight loop. etcd's revision history is the
/// truth for the checkers (``FleetHistory``). The seed is printed; `APNSCTL_FAULT_SEED=N` repeats a schedule and
/// `APNSCTL_FAULT_SECONDS` sets the workload's length (60 s by default).
@Suite(.serialized) struct FleetFaultSuiteTests: FleetCLI {
    static let team = "FLT123TEAM"
    static let sender = ["APNSCTL_KEK_FILE": ""]

    /// What the workload measured.
    struct Measured {
        var faults = 0, rotations = 0, refused = 0, revocations = 0, tokenCalls = 0, tokensIssued = 0, killedHolders = 0
        var reads = 0
        var reach: (seconds: Double, during: String) = (0, "")
        var follow: (seconds: Double, during: String) = (0, "")
        var release: (seconds: Double, during: String) = (0, "")
        /// The longest lock release counted from the holder's death or the last fault (an election) after it,
        /// whichever came later: etcd extends leases at each election, so that is the bound that holds.
        var releaseAfterElection = 0.0
        var violations: [String] = []
        /// Keys a command that exited 0 made active (generated into an empty slot, or rotated to).
        var activated: [String] = []
    }

    @Test func aSeededScheduleOfFaultsKeepsEveryFleetPromise() throws {
        let environmentSeed = ProcessInfo.processInfo.environment["APNSCTL_FAULT_SEED"].flatMap { UInt64($0) }
        let seed = environmentSeed ?? UInt64.random(in: 1...UInt64(UInt32.max))
        let seconds = ProcessInfo.processInfo.environment["APNSCTL_FAULT_SECONDS"].flatMap { Double($0) } ?? 60
        print("fleet fault suite: seed \(seed) (APNSCTL_FAULT_SEED=\(seed) repeats this schedule)")
        try withFleet(proxied: true) { cluster, _, environment in
            let members = cluster.members.indices
            let url = "etcd://" + members.map(cluster.proxiedEndpoint).joined(separator: ",") + "/apnsctl"
            let reversed = "etcd://" + members.reversed().map(cluster.proxiedEndpoint).joined(separator: ",") + "/apnsctl"
            let timeline = FaultTimeline()
            let measured = Shared(Measured())
            @Sendable func violation(_ text: String) {
                timeline.note("VIOLATION " + text)
                measured.withLock { $0.violations.append(text + "\n" + timeline.around(Date())) }
            }
            let first = try run(["key", "generate", "--team", Self.team, "--key-id", "FLTKEY0001", "--env", "both"], url, environment)
            #expect(first.status == 0, "\(first.stderr)")

            let signer = try HostProcess(["token", "agent", "--sign", "--keystore", url, "--format", "json", "--check-interval", "0.2",
                                          "--out", cluster.directory.appendingPathComponent("signer").path],
                                         environment: environment, logs: cluster.directory, name: "signer")
            let watchers = try [url, reversed].enumerated().map { index, address in
                try HostProcess(["token", "agent", "--keystore", address, "--format", "json", "--check-interval", "0.2",
                                 "--out", cluster.directory.appendingPathComponent("w\(index)").path],
                                environment: environment.merging(Self.sender) { $1 }, logs: cluster.directory, name: "w\(index)")
            }
            defer { ([signer] + watchers).forEach { $0.stop() } }
            let files = (0..<2).flatMap { index in
                ["production", "development"].map { cluster.directory.appendingPathComponent("w\(index)/\(Self.team)-\($0).token").path }
            }
            @Sendable func all(_ kid: String) -> Bool { files.allSatisfy { contents($0).flatMap(keyID(ofJWT:)) == kid } }
            #expect(waitUntil(30) { all("FLTKEY0001") } != nil, "\(signer.stderr)")

            // Shared between the threads: keys revoked (when), and whether a forced revocation left slots empty.
            let revoked = Shared<[String: Date]>([:]), uncovered = Shared(false), running = Shared(true)
            let lastFault = Shared(Date.distantPast)
            let end = Date().addingTimeInterval(seconds)

            // The sender: reads every file as fast as it can.
            let reader = Thread {
                var last: [String: (kid: String, iat: Int64)] = [:], left: [String: Set<String>] = [:], reads = 0
                while running.current {
                    for file in files {
                        reads += 1
                        guard let text = contents(file), let kid = keyID(ofJWT: text), let iat = issuedAt(ofJWT: text) else {
                            let lastKid = last[file]?.kid
                            let excused = uncovered.current || (lastKid.map { kid in revoked.current[kid] != nil } ?? false)
                            if !excused { violation("\(file) absent while a key covers its slot (last: \(last[file]?.kid ?? "none"))") }
                            continue
                        }
                        if let previous = last[file] {
                            if iat < previous.iat { violation("\(file): iat went back from \(previous.iat) to \(iat)") }
                            if kid != previous.kid {
                                if left[file, default: []].contains(kid) { violation("\(file) went back to \(kid)'s token") }
                                left[file, default: []].insert(previous.kid)
                                timeline.note("reader: \(file.split(separator: "/").suffix(2).joined(separator: "/")) → \(kid)")
                            }
                        }
                        last[file] = (kid, iat)
                    }
                }
                measured.withLock { $0.reads = reads }
            }
            reader.start()

            // `token` callers on an ops host.
            let caller = Thread {
                while running.current {
                    let result = try? self.run(["token", "--team", Self.team, "--env", "production", "--format", "json"], url, environment)
                    measured.withLock {
                        $0.tokenCalls += 1
                        if result?.status == 0 { $0.tokensIssued += 1 }
                    }
                    Thread.sleep(forTimeInterval: 0.2)
                }
            }
            caller.start()

            // The faults: one at a time, each healed before the next.
            let faults = Thread {
                var random = SeededGenerator(state: seed)
                while Date() < end {
                    Thread.sleep(forTimeInterval: Double.random(in: 0.5...2, using: &random))
                    let member = Int.random(in: members, using: &random), hold = Double.random(in: 2...5, using: &random)
                    let name = cluster.members[member].name
                    var label = ""
                    switch Int.random(in: 0..<5, using: &random) {
                    case 0:
                        label = "client link to \(name) cut"
                        timeline.note("fault: " + label)
                        lastFault.set(Date())
                        cluster.clientProxies[member].cut()
                        Thread.sleep(forTimeInterval: hold)
                        cluster.clientProxies[member].heal()
                    case 1:
                        label = "\(name) cut off from its peers"
                        timeline.note("fault: " + label)
                        lastFault.set(Date())
                        if let ids = try? cluster.memberIDs() { cluster.isolate(member, ids: ids) }
                        Thread.sleep(forTimeInterval: hold)
                        cluster.healPeers()
                    case 2:
                        label = "\(name) frozen (SIGSTOP)"
                        timeline.note("fault: " + label)
                        lastFault.set(Date())
                        cluster.pauseMember(member)
                        Thread.sleep(forTimeInterval: hold)
                        cluster.resumeMember(member)
                    case 3:
                        label = "\(name) killed (kill -9) and restarted"
                        timeline.note("fault: " + label)
                        lastFault.set(Date())
                        cluster.killMember(member)
                        Thread.sleep(forTimeInterval: hold)
                        try? cluster.restartMember(member)
                    default:
                        label = "leader moved to \(name)"
                        timeline.note("fault: " + label)
                        lastFault.set(Date())
                        try? cluster.moveLeader(to: member)
                    }
                    timeline.note("healed: " + label)
                    lastFault.set(Date())
                    measured.withLock { $0.faults += 1 }
                }
            }
            faults.start()

            // The operators: rotations, revocations, killed rotations, in a seeded order.
            var random = SeededGenerator(state: seed ^ 0x5EED)
            var next = 2
            func states() -> [String: String] {
                for _ in 0..<5 {
                    if let list = try? run(["key", "list", "--format", "json"], url, environment), list.status == 0 {
                        return (try? JSONSerialization.jsonObject(with: list.stdoutData) as? [[String: Any]])?
                            .reduce(into: [:]) { $0[$1["key_id"] as? String ?? "?"] = $1["state"] as? String } ?? [:]
                    }
                    Thread.sleep(forTimeInterval: 0.5)
                }
                return [:]
            }
            func fresh() -> String? {
                let id = String(format: "FLTKEY%04d", next)
                next += 1
                let made = try? run(["key", "generate", "--team", Self.team, "--key-id", id, "--env", "both"], url, environment)
                timeline.note("ops: generate \(id): exit \(made?.status ?? -1)")
                return made?.status == 0 ? id : nil
            }
            /// Waits for every file to hold `kid`'s token; how long it took, counted from `since`.
            func follow(_ kid: String, since: Date) {
                guard waitUntil(30, { all(kid) }) != nil else {
                    violation("the files did not follow \(kid) within 30 s")
                    return
                }
                let took = Date().timeIntervalSince(since)
                measured.withLock { if took > $0.follow.seconds { $0.follow = (took, timeline.around(since, seconds: 6)) } }
            }
            while Date() < end {
                Thread.sleep(forTimeInterval: Double.random(in: 0.2...1, using: &random))
                let now = states()
                let active = now.first { $0.value == "active" }?.key
                let retired = now.filter { $0.value == "retired" }.map(\.key).sorted()
                let choice = Int.random(in: 0..<10, using: &random)
                if active == nil || choice < 5 {
                    // A rotation to a fresh key (a fresh key starts active when no key is).
                    guard let target = fresh() else { continue }
                    if active == nil {
                        measured.withLock { $0.activated.append(target) }
                        follow(target, since: Date())
                        uncovered.set(false)
                        continue
                    }
                    let rotate = try? run(["key", "rotate", "--team", Self.team, "--to", target], url, environment)
                    timeline.note("ops: rotate to \(target): exit \(rotate?.status ?? -1) \(rotate?.stderr.prefix(120) ?? "")")
                    measured.withLock { if rotate?.status == 0 { $0.rotations += 1 } else { $0.refused += 1 } }
                    if rotate?.status == 0 {
                        measured.withLock { $0.activated.append(target) }
                        follow(target, since: Date())
                    }
                } else if choice < 7, let key = retired.randomElement(using: &random) {
                    let at = Date()
                    let revoke = try? run(["key", "revoke", key], url, environment)
                    timeline.note("ops: revoke retired \(key): exit \(revoke?.status ?? -1)")
                    if revoke?.status == 0 { revoked.withLock { $0[key] = at }; measured.withLock { $0.revocations += 1 } }
                } else if choice < 8, let key = active {
                    uncovered.set(true)
                    let revoke = try? run(["key", "revoke", key, "--force"], url, environment)
                    timeline.note("ops: revoke active \(key) --force: exit \(revoke?.status ?? -1)")
                    guard revoke?.status == 0 else { continue }
                    let at = Date()
                    revoked.withLock { $0[key] = at }
                    measured.withLock { $0.revocations += 1 }
                    // Revocation reach: until no file holds its token.
                    if waitUntil(30, { files.allSatisfy { contents($0).flatMap(keyID(ofJWT:)) != key } }) == nil {
                        violation("\(key)'s token outlived its revocation by 30 s")
                    }
                    let took = Date().timeIntervalSince(at)
                    measured.withLock { if took > $0.reach.seconds { $0.reach = (took, timeline.around(at, seconds: 6)) } }
                } else if let target = fresh() {
                    // A rotation killed (kill -9) while it holds the lock; the next one waits for the lock's lease.
                    let pause = cluster.directory.appendingPathComponent("pause-\(target)").path
                    let holder = try? HostProcess(["key", "rotate", "--team", Self.team, "--to", target, "--keystore", url],
                                                  environment: environment.merging(["APNSCTL_DEBUG_PAUSE_FILE": pause,
                                                                                    "APNSCTL_DEBUG_PAUSE_AT": "key.rotate:before-manifest"]) { $1 },
                                                  logs: cluster.directory, name: "holder-\(target)")
                    guard let holder, waitUntil(20, { FileManager.default.fileExists(atPath: pause) }) != nil else {
                        holder?.stop()
                        continue
                    }
                    kill(holder.process.processIdentifier, SIGKILL)
                    holder.process.waitUntilExit()
                    let killed = Date()
                    timeline.note("ops: rotation holder to \(target) killed")
                    measured.withLock { $0.killedHolders += 1 }
                    var result: CLI.Result?
                    _ = waitUntil(40) {
                        result = try? run(["key", "rotate", "--team", Self.team, "--to", target], url, environment)
                        return result?.status == 0 || (result?.status == 5 && result?.stderr.contains("in progress") == false)
                    }
                    let took = Date().timeIntervalSince(killed)
                    let afterElection = Date().timeIntervalSince(max(killed, lastFault.current))
                    timeline.note("ops: rotate to \(target) after the kill: exit \(result?.status ?? -1) after \(String(format: "%.1f", took)) s")
                    if result?.status == 0 {
                        measured.withLock {
                            $0.rotations += 1
                            if took > $0.release.seconds { $0.release = (took, timeline.around(killed, seconds: 12)) }
                            $0.releaseAfterElection = max($0.releaseAfterElection, afterElection)
                            $0.activated.append(target)
                        }
                        follow(target, since: Date())
                    }
                }
            }
            running.set(false)
            for thread in [reader, caller, faults] { while !thread.isFinished { Thread.sleep(forTimeInterval: 0.05) } }
            cluster.healPeers()
            for proxy in cluster.clientProxies { proxy.heal() }
            for member in members { cluster.resumeMember(member); try cluster.restartMember(member) }

            // Converged: every file holds the active key's token.
            if let active = states().first(where: { $0.value == "active" })?.key {
                #expect(waitUntil(20) { all(active) } != nil, "the agents converge on \(active)")
            }
            let history = try FleetHistory.read(cluster.members[0].endpoint, prefix: "/apnsctl")
            let findings = history.check(prefix: "/apnsctl")
            let result = measured.current
            let lost = result.activated.filter { !findings.everActive.contains($0) }
            let violations = result.violations + findings.violations.map { "revision \($0.revision): \($0.text)" }
                + lost.map { "\($0) was made active by a command that exited 0, but no manifest version has it active" }
            print("""
                fleet fault suite: seed \(seed): \(result.faults) faults injected, \(result.rotations) rotations (\(result.refused) \
                refused or failed), \(result.killedHolders) lock holders killed, \(result.revocations) revocations, \
                \(result.tokenCalls) token calls (\(result.tokensIssued) issued), \(findings.tokenWrites) token records \
                written, \(findings.manifestVersions) manifest versions, \(result.reads) file reads; revocation reach \
                \(String(format: "%.1f", result.reach.seconds)) s, rotation follow \(String(format: "%.1f", result.follow.seconds)) s, \
                lock release \(String(format: "%.1f", result.release.seconds)) s (\(String(format: "%.1f", result.releaseAfterElection)) s \
                after the last fault); violations: \(violations.count)
                """)
            print("slowest revocation reach:\n\(result.reach.during)\nslowest rotation follow:\n\(result.follow.during)\n"
                  + "slowest lock release:\n\(result.release.during)")
            #expect(violations.isEmpty, "seed \(seed): \(violations.joined(separator: "\n\n"))")
            #expect(result.reach.seconds <= 5, "seed \(seed): a revoked key's token was served \(result.reach.seconds) s:\n\(result.reach.during)")
            #expect(result.releaseAfterElection <= 10,
                    "seed \(seed): the lock was freed \(result.releaseAfterElection) s after its holder's death or the last election:\n\(result.release.during)")
            #expect(result.faults > 5 && result.rotations > 3 && result.tokensIssued > 10, "seed \(seed): the workload ran")
        }
    }
}
