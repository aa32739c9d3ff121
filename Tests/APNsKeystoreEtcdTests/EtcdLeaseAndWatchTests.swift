import APNsCore
import APNsEtcd
import APNsKeystore
@testable import APNsKeystoreEtcd
import APNsTokens
import Foundation
import Synchronization
import Testing
import TestSupport

/// The lease under an operation lock, and the token feed's watch when etcd has compacted the revisions it needs.
@Suite(.enabled(if: EtcdCluster.isInstalled), .serialized) struct EtcdLeaseAndWatchTests {
    @Test func anOperationLockWhoseLeaseIsLostFreesTheLockAndItsReleaseLeavesTheNextHoldersLock() async throws {
        try await FleetKeystore.with { fleet in
            // Leases long enough that only the test takes them away (a 4 s lease can lapse while a loaded machine
            // stalls this process, and then the precondition below is gone).
            func storage() throws -> EtcdStorage {
                var storage = try fleet.storage()
                storage.operationLockTTL = 60
                return storage
            }
            let first = try storage(), second = try storage()
            let lockKey = first.key("locks/rotation")
            let (secondHolds, holding) = AsyncStream<Void>.makeStream()
            let (firstDone, done) = AsyncStream<Void>.makeStream()
            let secondHolder = Mutex<Task<Int64, any Error>?>(nil)

            let answer = try await first.withOperationLock("rotation") { () async throws -> String in
                // Held: the other host is refused, named the holder.
                let refused = await apnsError { try await second.withOperationLock("rotation") { 0 } }
                #expect(refused?.status == .keystore)
                #expect(refused?.message.contains("another rotation is in progress (on ") == true,
                        "\(refused?.message ?? "no error")")
                // The lease goes (revoked here, as etcd does when renewals stop for its TTL): the lock goes with it.
                let held = try #require(try await first.client.get(lockKey))
                #expect(held.lease != 0)
                // A lease that lapsed already (renewals late on a loaded machine) is the same loss.
                if let error = await apnsError({ try await first.client.revokeLease(held.lease) }) {
                    #expect(error.message.contains("requested lease not found"), "\(error.message)")
                }
                #expect(try await eventually { try await first.client.get(lockKey) == nil })
                // The next host takes it and holds it while this operation runs on.
                secondHolder.withLock {
                    $0 = Task {
                        try await second.withOperationLock("rotation") { () async throws -> Int64 in
                            let lease = try #require(try await second.client.get(lockKey)).lease
                            holding.yield()
                            for await _ in firstDone { break }
                            return lease
                        }
                    }
                }
                for await _ in secondHolds { break }
                return "finished"
            }
            #expect(answer == "finished", "the operation that lost its lease ran to its end")
            // Its release revoked its own (gone) lease only: the next holder's lock is still there.
            let after = try #require(try await first.client.get(lockKey))
            done.yield()
            let task = try #require(secondHolder.withLock { $0 })
            let secondLease = try await task.value
            #expect(after.lease == secondLease)
            #expect(try await eventually { try await first.client.get(lockKey) == nil }, "released by its holder")
            // And the lock is free for anyone.
            #expect(try await first.withOperationLock("rotation") { 1 } == 1)
        }
    }

    @Test func anOperationLockOutlivesAPoolHeldForLongerThanItsLease() async throws {
        try await FleetKeystore.with { fleet in
            let first = try fleet.storage(), second = try fleet.storage()
            let ttl = first.operationLockTTL, lockKey = first.key("locks/rotation")
            let held = try await first.withOperationLock("rotation") { () async throws -> (before: Int64, after: Int64?) in
                let before = try #require(try await first.client.get(lockKey)).lease
                // Every thread of the pool blocked for 2.5 leases: a renewal that needed a turn there would miss it.
                let width = ProcessInfo.processInfo.activeProcessorCount
                await withTaskGroup(of: Void.self) { group in
                    for _ in 0..<width { group.addTask { usleep(UInt32(ttl) * 2_500_000) } }
                }
                return (before, try await first.client.get(lockKey)?.lease)
            }
            #expect(held.after == held.before, "the lock's lease (TTL \(ttl) s) lapsed while the pool was held")
            #expect(await apnsError { try await second.withOperationLock("rotation") { 0 } } == nil, "released after")
        }
    }

    @Test func aWatchThatMissesCompactedRevisionsEndsAndANewSnapshotRecovers() async throws {
        try await FleetKeystore.with { fleet in
            let storage = try fleet.storage(), feed = try fleet.feed()
            func record(_ keyID: String, _ issuedAt: Int64) throws -> [UInt8] {
                let record = FleetTokenRecord(teamID: FleetKeystore.team, keyID: keyID, issuedAt: issuedAt,
                                              token: "token-\(keyID)-\(issuedAt)", environments: [.development],
                                              topics: nil)
                return Array(try JSONEncoder().encode(record))
            }
            let start = try await feed.snapshot()
            #expect(start.records.isEmpty)
            // Changes the watch would have to replay, then compacted away before it asks.
            _ = try await storage.client.put(storage.tokenRecordKey("KEYAAAAAAA"), value: try record("KEYAAAAAAA", 100))
            _ = try await storage.client.put(storage.tokenRecordKey("KEYBBBBBBB"), value: try record("KEYBBBBBBB", 100))
            let last = try await storage.client.put(storage.tokenRecordKey("KEYAAAAAAA"), value: try record("KEYAAAAAAA", 200))
            try fleet.cluster.etcdctlChecked(["compact", String(last)])

            var missed: (any Error)?
            do {
                for try await change in feed.changes(after: start.revision) {
                    Issue.record("a watch from a compacted revision delivered \(change)")
                }
            } catch {
                missed = error
            }
            let error = try #require(missed as? APNsError, "the watch ends with an error")
            #expect(error.message.contains("compacted"), "\(error.message)")

            // Recovery: a new snapshot has every record as it stands, and a watch from its revision sees what follows.
            let again = try await feed.snapshot()
            #expect(again.revision >= last)
            let records = Dictionary(again.records.map { ($0.record.keyID, $0) }, uniquingKeysWith: { $1 })
            #expect(records.keys.sorted() == ["KEYAAAAAAA", "KEYBBBBBBB"])
            #expect(records["KEYAAAAAAA"]?.record.issuedAt == 200)
            #expect(records["KEYAAAAAAA"]?.modRevision == last)

            let seen = Mutex<[FleetTokenFeed.Change]>([])
            let watcher = Task {
                for try await change in feed.changes(after: again.revision) { seen.withLock { $0.append(change) } }
            }
            defer { watcher.cancel() }
            let put = try await storage.client.put(storage.tokenRecordKey("KEYCCCCCCC"), value: try record("KEYCCCCCCC", 300))
            let deleted = try await storage.client.delete(storage.tokenRecordKey("KEYBBBBBBB"))
            #expect(await eventually { seen.withLock { $0.count } >= 2 })
            let changes = seen.withLock { $0 }
            guard changes.count == 2, case .put(let stored) = changes[0] else {
                Issue.record("expected the put then the delete, saw \(changes)")
                return
            }
            #expect(stored.record.keyID == "KEYCCCCCCC" && stored.modRevision == put)
            #expect(changes[1] == .deleted(keyID: "KEYBBBBBBB", revision: deleted.revision))
        }
    }
}
