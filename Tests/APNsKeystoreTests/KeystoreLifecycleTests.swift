import APNsCore
import APNsKeystore
import APNsTokens
import Crypto
import Foundation
import Testing

@Suite struct KeystoreLifecycleTests {
    /// A keystore with team DEF123GHIJ: OLD0000001 active, NEW0000001 staged.
    func twoKeys(clock: FakeClock = FakeClock()) throws -> Keystore {
        let store = try makeKeystore(clock: clock)
        _ = try store.generateKey(team: "DEF123GHIJ", keyID: "OLD0000001")
        _ = try store.generateKey(team: "DEF123GHIJ", keyID: "NEW0000001")
        return store
    }

    @Test func rotationPromotesRetiresAndKeepsAGracePeriod() async throws {
        let clock = FakeClock()
        let store = try twoKeys(clock: clock)
        let result = try await store.rotate(team: "DEF123GHIJ", to: "NEW0000001", grace: 600)
        #expect(result.activeKeyID == "NEW0000001")
        #expect(result.retiredKeyID == "OLD0000001")
        #expect(try store.activeKeys(team: "DEF123GHIJ").map(\.keyID) == ["NEW0000001"])
        #expect(try store.key("OLD0000001").state == .retired)
        // The retired key verifies during its grace period, then not; it never signs.
        #expect(try store.trustedKeys().map(\.keyID).sorted() == ["NEW0000001", "OLD0000001"])
        clock.advance(601)
        #expect(try store.trustedKeys().map(\.keyID) == ["NEW0000001"])
        #expect { try store.token(keyID: "OLD0000001") } throws: {
            ($0 as? APNsError)?.matches(.keystore, "retired", "never signs") == true
        }
        let audit = try store.auditEntries().last
        #expect(audit?.action == "key.rotate")
        #expect(audit?.outcome == .ok)
        #expect(audit?.detail.contains("retired OLD0000001") == true)
    }

    @Test func aFailingCanaryChangesNothing() async throws {
        let store = try twoKeys()
        let before = fileBytes(store.layout!.manifest)
        let seen = TokenBox()
        await #expect {
            try await store.rotate(team: "DEF123GHIJ", to: "NEW0000001") { record, token in
                #expect(record.keyID == "NEW0000001")
                seen.set(token)
                throw APNsError(.checkFailed, "403 InvalidProviderToken")
            }
        } throws: { ($0 as? APNsError)?.matches(.checkFailed, "canary probe failed", "InvalidProviderToken") == true }
        #expect(fileBytes(store.layout!.manifest) == before)
        // The canary got a token signed by the NEW key.
        let token = try #require(seen.value)
        #expect(token.keyID == "NEW0000001")
        #expect(token.isSignatureValid(for: try store.publicKey("NEW0000001")))
        #expect(try store.auditEntries().last?.outcome == .refused)
        // A passing canary lets the rotation through.
        let result = try await store.rotate(team: "DEF123GHIJ", to: "NEW0000001") { _, _ in }
        #expect(result.probed)
    }

    @Test func impossibleTransitionsAreRefusedAndChangeNothing() async throws {
        let store = try twoKeys()
        _ = try store.generateKey(team: "OTHER12345", keyID: "OTH0000001")
        _ = try store.generateKey(team: "DEF123GHIJ", keyID: "REV0000001")
        try store.revoke("REV0000001")
        let before = fileBytes(store.layout!.manifest)
        let refusals: [(String, () async throws -> Void)] = [
            ("not in the keystore", { try store.revoke("UNKNOWN001") }),
            ("not in the keystore", { try store.purge("UNKNOWN001") }),
            ("not in the keystore", { _ = try await store.rotate(team: "DEF123GHIJ", to: "UNKNOWN001") }),
            ("revoked and can never be active", { _ = try await store.rotate(team: "DEF123GHIJ", to: "REV0000001") }),
            ("already the active key", { _ = try await store.rotate(team: "DEF123GHIJ", to: "OLD0000001") }),
            ("belongs to team OTHER12345", { _ = try await store.rotate(team: "DEF123GHIJ", to: "OTH0000001") }),
            ("only revoked keys can be purged", { try store.purge("OLD0000001") }),
            ("only revoked keys can be purged", { try store.purge("NEW0000001") }),
            ("is active (team DEF123GHIJ", { try store.revoke("OLD0000001") }),
            ("already revoked", { try store.revoke("REV0000001") }),
        ]
        for (fragment, attempt) in refusals {
            await #expect {
                try await attempt()
            } throws: { ($0 as? APNsError)?.matches(.keystore, fragment) == true }
        }
        #expect(fileBytes(store.layout!.manifest) == before)
        let refused = try store.auditEntries().filter { $0.outcome == .refused }
        #expect(refused.count == refusals.count)
    }

    @Test func revokeDropsCachedTokensAndPurgeRemovesTheMaterial() throws {
        let store = try twoKeys()
        let staged = try store.token(keyID: "NEW0000001")
        let active = try store.token()
        #expect(active.token.keyID == "OLD0000001")
        try store.revoke("NEW0000001")
        let cache = try JSONDecoder().decode(TokenCache.self, from: try #require(fileBytes(store.layout!.tokenCache)))
        #expect(cache.entries.map(\.keyID) == ["OLD0000001"])
        #expect(!cache.entries.contains { $0.token == staged.token.compact })
        #expect(fileMode(store.layout!.tokenCache) == 0o600)
        #expect(try store.trustedKeys().map(\.keyID) == ["OLD0000001"])
        let file = store.layout!.absolute(try store.key("NEW0000001").file)
        #expect(FileManager.default.fileExists(atPath: file))
        try store.purge("NEW0000001")
        #expect(!FileManager.default.fileExists(atPath: file))
        #expect(try store.manifest().key("NEW0000001") == nil)
        let history = try store.auditEntries().filter { $0.keyID == "NEW0000001" }.map(\.action)
        #expect(history == ["key.generate", "key.revoke", "key.purge"])
    }

    @Test func revokingTheActiveKeyNeedsForceAndLeavesTheTeamUnableToSign() throws {
        let store = try twoKeys()
        _ = try store.token()
        try store.revoke("OLD0000001", force: true)
        #expect { try store.token(team: "DEF123GHIJ") } throws: {
            ($0 as? APNsError)?.matches(.keystore, "has no active key") == true
        }
        let cache = try JSONDecoder().decode(TokenCache.self, from: try #require(fileBytes(store.layout!.tokenCache)))
        #expect(cache.entries.isEmpty)
    }

    @Test func keystoreTokensAreCachedAcrossValuesAndRotationInvalidatesThem() async throws {
        let clock = FakeClock()
        let store = try twoKeys(clock: clock)
        let first = try store.token()
        let reopened = try Keystore.open(at: store.path, clock: clock)
        clock.advance(60)
        let again = try reopened.token()
        #expect(again.reused)
        #expect(again.token == first.token)
        _ = try await store.rotate(team: "DEF123GHIJ", to: "NEW0000001")
        let rotated = try reopened.token()
        #expect(!rotated.reused)
        #expect(rotated.token.keyID == "NEW0000001")
        #expect(reopened.lastSigned()["NEW0000001"] == clock.now())
        #expect(try store.status().keys.first { $0.keyID == "OLD0000001" }?.lastUsed == first.token.issuedAtDate)
    }

    @Test func theAuditLogHoldsNoSecret() async throws {
        let store = try twoKeys()
        let token = try store.token()
        _ = try await store.rotate(team: "DEF123GHIJ", to: "NEW0000001")
        try store.revoke("OLD0000001")
        let log = try String(contentsOfFile: store.layout!.audit, encoding: .utf8)
        #expect(fileMode(store.layout!.audit) == 0o600)
        // keystore.init, then an intent line and an outcome line for each of the 4 manifest changes.
        #expect(log.split(separator: "\n").count == 9)
        for record in try store.manifest().keys {
            let pem = try String(contentsOfFile: store.layout!.absolute(record.file), encoding: .utf8)
            let body = pem.split(separator: "\n").dropFirst().first.map(String.init) ?? pem
            #expect(!log.contains(body))
        }
        #expect(!log.contains(token.token.compact))
        #expect(!log.contains(token.token.signingInput))
        #expect(!log.contains("PRIVATE KEY"))
        // A line cut short by a crash is skipped; the rest still reads.
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: store.layout!.audit))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("{\"time\":\"2027-".utf8))
        try handle.close()
        #expect(try store.auditEntries().count == 5)
        for entry in try store.auditEntries() { #expect(entry.actor.contains("@")) }
    }
}

final class TokenBox: @unchecked Sendable {
    private let lock = NSLock()
    private var token: ProviderToken?
    func set(_ token: ProviderToken) { lock.lock(); self.token = token; lock.unlock() }
    var value: ProviderToken? { lock.lock(); defer { lock.unlock() }; return token }
}

@Suite struct KeystoreConcurrencyTests {
    /// Many tasks, each with its own Keystore value (so its own flock), share one token: one signature.
    @Test func manyTasksWithSeparateKeystoreValuesShareOneToken() async throws {
        let store = try makeKeystore()
        _ = try store.generateKey(team: "DEF123GHIJ", keyID: "GEN0000001")
        let path = store.path
        let tokens = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<40 {
                group.addTask { try Keystore.open(at: path).token().token.compact }
            }
            var all = Set<String>()
            for try await token in group { all.insert(token) }
            return all
        }
        #expect(tokens.count == 1)
    }

    /// One provider shared by many tasks.
    @Test func oneProviderSharedByManyTasks() async throws {
        let store = try makeKeystore()
        _ = try store.generateKey(team: "DEF123GHIJ", keyID: "GEN0000001")
        let provider = store.tokenProvider()
        let results = try await withThrowingTaskGroup(of: IssuedToken.self) { group in
            for _ in 0..<40 { group.addTask { try provider.token(team: "DEF123GHIJ") } }
            var all = [IssuedToken]()
            for try await issued in group { all.append(issued) }
            return all
        }
        #expect(Set(results.map(\.token.compact)).count == 1)
        #expect(results.filter { !$0.reused }.count == 1)
    }

    @Test func temporaryFilesLeftByAKilledWriterAreRemovedByTheNextChange() throws {
        let store = try makeKeystore()
        let leftover = store.layout!.keysDirectory + "/.GEN0000001.p8.tmp-AbCdEf"
        try Data("secret".utf8).write(to: URL(fileURLWithPath: leftover))
        _ = try store.generateKey(team: "DEF123GHIJ", keyID: "GEN0000001")
        #expect(!FileManager.default.fileExists(atPath: leftover))
    }
}

@Suite struct KeystoreTokenCacheEdgeTests {
    /// The shared cache file follows the same rule as the in-memory one: 19:59 reuses, 20:00 re-signs, a clock
    /// moved back past iat re-signs.
    @Test func cacheFileEdges() throws {
        let clock = ManualClock()
        let store = try makeKeystore(clock: clock)
        _ = try store.generateKey(team: "DEF123GHIJ", keyID: "GEN0000001")
        let twenty = try RefreshInterval(minutes: 20)
        let first = try store.token(refreshAfter: twenty)
        clock.advance(19 * 60 + 59)
        #expect(try store.token(refreshAfter: twenty).token == first.token)
        clock.advance(1)
        let second = try store.token(refreshAfter: twenty)
        #expect(second.refreshReason == .due)
        #expect(second.token.issuedAt == first.token.issuedAt + 1200)
        clock.advance(-600)
        let back = try store.token(refreshAfter: twenty)
        #expect(back.refreshReason == .clockMovedBackwards)
        #expect(back.token.issuedAt == first.token.issuedAt + 600)
        // A different process (another Keystore value) sees the same cached token.
        #expect(try Keystore.open(at: store.path, clock: clock).token(refreshAfter: twenty).token == back.token)
    }

    /// A change is announced (intent, with the manifest's SHA-256) before the manifest write and settled after;
    /// an intent a killed process left alone is settled by readers and by the next change.
    @Test func anInterruptedChangeIsSettledAgainstTheManifestOnDisk() async throws {
        let store = try KeystoreLifecycleTests().twoKeys()
        _ = try await store.rotate(team: "DEF123GHIJ", to: "NEW0000001")
        let lines = try String(contentsOfFile: store.layout!.audit, encoding: .utf8).split(separator: "\n")
        let intent = try #require(lines.dropLast().last.map(String.init))
        #expect(intent.contains("\"outcome\":\"intent\""))
        #expect(lines.last?.contains("\"outcome\":\"ok\"") == true)
        // Readers show one line per change.
        #expect(try store.auditEntries().filter { $0.action == "key.rotate" }.map(\.outcome) == [.ok])

        // As if killed after the manifest write: an intent announcing the manifest now on disk, no outcome.
        let manifest = try #require(fileBytes(store.layout!.manifest))
        let digest = SHA256.hash(data: manifest).map { String(format: "%02x", $0) }.joined()
        func appendIntent(sha: String, id: String) throws {
            let line = #"{"action":"key.rotate","actor":"t@h","change_id":"\#(id)","detail":"made NEW0000001 active","#
                + #""key_id":"NEW0000001","manifest_sha256":"\#(sha)","outcome":"intent","team_id":"DEF123GHIJ","#
                + #""time":"2026-11-23T10:00:00Z"}"# + "\n"
            let handle = try #require(FileHandle(forWritingAtPath: store.layout!.audit))
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(line.utf8))
            try handle.close()
        }
        try appendIntent(sha: digest, id: "committed-1")
        let committed = try #require(try store.auditEntries().last)
        #expect(committed.outcome == .ok)
        #expect(committed.changeID == "committed-1")
        #expect(committed.detail.contains("committed; the process making it was killed"))
        // The next change settles it in the log itself, before its own intent.
        try store.revoke("OLD0000001")
        let settled = try String(contentsOfFile: store.layout!.audit, encoding: .utf8)
        #expect(settled.contains(#""change_id":"committed-1","detail":"made NEW0000001 active (committed;"#), "\(settled)")
        // An intent whose manifest never reached the disk is not called ok, and the next change marks it failed.
        try appendIntent(sha: String(repeating: "0", count: 64), id: "lost-1")
        let lost = try #require(try store.auditEntries().last)
        #expect(lost.outcome == .intent)
        #expect(lost.detail.contains("not committed"))
        try store.purge("OLD0000001")
        let entries = try store.auditEntries()
        #expect(entries.contains { $0.changeID == "lost-1" && $0.outcome == .failed })
        #expect(!entries.contains { $0.outcome == .intent })
    }
}
