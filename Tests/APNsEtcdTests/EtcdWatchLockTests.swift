import APNsCore
import APNsEtcd
import Foundation
import Synchronization
import Testing
import TestSupport

extension EtcdClusterTests {
    @Test func watchSeesPutsAndDeletesInOrderAndResumesWhenItsMemberIsKilled() async throws {
        try await withCluster { cluster in
            try await using(try cluster.client([0, 1, 2])) { client in
                let start = try await client.put("/t/other", "before the watch")
                try await client.put("/t/w/before", "before the watch")
                let collector = EventCollector(client.watch(prefix: "/t/w/", fromRevision: start + 1))
                defer { collector.cancel() }
                #expect(client.currentEndpoint.port == cluster.members[0].clientPort)

                try await client.put("/t/w/a", "1")
                try await client.put("/t/outside", "not watched")
                try await client.delete("/t/w/before")
                let firstEvents = try await collector.wait(for: 3)
                #expect(firstEvents.map(\.kind) == [.put, .put, .delete], "\(firstEvents) \(collector.error ?? "")")
                #expect(firstEvents.map(\.keyValue.key) == ["/t/w/before", "/t/w/a", "/t/w/before"])

                // The watch streams from member 0; kill it, then change keys through the others.
                cluster.killMember(0)
                try await client.put("/t/w/b", "2")
                try await client.put("/t/w/a", "3")
                try await client.delete("/t/w/a")
                let events = try await collector.wait(for: 6)
                #expect(collector.error == nil, "\(collector.error ?? "")")
                #expect(events.map(\.kind) == [.put, .put, .delete, .put, .put, .delete])
                #expect(events.map(\.keyValue.key) == ["/t/w/before", "/t/w/a", "/t/w/before", "/t/w/b", "/t/w/a", "/t/w/a"])
                #expect(events.map(\.keyValue.string)[3...4] == ["2", "3"])
                let revisions = events.map(\.revision)
                #expect(revisions == revisions.sorted() && Set(revisions).count == revisions.count, "\(revisions)")
                #expect(client.currentEndpoint.port != cluster.members[0].clientPort)
            }
        }
    }

    @Test func aWatchMovesOffAFrozenMember() async throws {
        try await withCluster { cluster in
            let watcher = try cluster.client([0, 1, 2], requestTimeout: .seconds(2))
            let writer = try cluster.client([1, 2])
            let start = try await writer.put("/t/w/first", "1")
            let collector = EventCollector(watcher.watch(prefix: "/t/w/", fromRevision: start))
            defer { collector.cancel() }
            #expect(try await collector.wait(for: 1).map(\.keyValue.key) == ["/t/w/first"])

            // Frozen, member 0 keeps the stream's connection open and sends nothing; the watch must move on.
            cluster.pauseMember(0)
            defer { cluster.resumeMember(0) }
            try await writer.put("/t/w/second", "2")
            try await writer.delete("/t/w/first")
            let events = try await collector.wait(for: 3)
            #expect(collector.error == nil, "\(collector.error ?? "")")
            #expect(events.map(\.keyValue.key) == ["/t/w/first", "/t/w/second", "/t/w/first"])
            #expect(events.map(\.kind) == [.put, .put, .delete])
            #expect(watcher.currentEndpoint.port != cluster.members[0].clientPort)
            collector.cancel()
            try await watcher.shutdown()
            try await writer.shutdown()
        }
    }

    @Test func aSecondLockHolderGetsTheLockOnceTheFirstHoldersLeaseIsRevoked() async throws {
        try await withCluster { cluster in
            let first = try cluster.client([0, 1, 2])
            let second = try cluster.client([1, 2, 0])
            let firstLease = try await first.grantLease(ttl: 60)
            let secondLease = try await second.grantLease(ttl: 60)
            let firstKey = try await first.lock(name: "/t/locks/rotation", lease: firstLease.id)
            #expect(firstKey.hasPrefix("/t/locks/rotation/"))

            let waiting = Task { try await second.lock(name: "/t/locks/rotation", lease: secondLease.id, wait: .seconds(60)) }
            // While the first holds it, the second waits: both waiters are queued under the lock's prefix.
            let queued = try await eventually { try await first.range("/t/locks/rotation/", prefix: true).count == 2 }
            #expect(queued)
            // The holder is the waiter with the oldest key (keys sort by lease ID, not by age).
            let waiters = try await first.range("/t/locks/rotation/", prefix: true).keyValues
            #expect(waiters.min { $0.createRevision < $1.createRevision }?.key == firstKey)

            try await first.revokeLease(firstLease.id)  // a crashed holder: its lease ends
            let secondKey = try await waiting.value
            #expect(secondKey != firstKey)
            #expect(try await second.get(firstKey) == nil)
            #expect(try await second.range("/t/locks/rotation/", prefix: true).keyValues.map(\.key) == [secondKey])

            try await second.unlock(key: secondKey)
            #expect(try await second.range("/t/locks/rotation/", prefix: true).keyValues.isEmpty)

            // A lock still held past the wait is an error naming it.
            let third = try await first.grantLease(ttl: 60)
            let held = try await first.lock(name: "/t/locks/rotation", lease: third.id)
            let error = await apnsError { _ = try await second.lock(name: "/t/locks/rotation", lease: secondLease.id, wait: .seconds(1)) }
            #expect(error?.status == .keystore)
            #expect(error?.message.contains("etcd lock /t/locks/rotation: still held") == true, "\(String(describing: error))")
            try await first.unlock(key: held)
            try await first.shutdown()
            try await second.shutdown()
        }
    }

    @Test func withLockHoldsTheLockOnALeaseKeptAliveAndReleasesIt() async throws {
        try await withCluster { cluster in
            try await using(try cluster.client()) { client in
                let rival = try cluster.client([2, 1, 0])
                let rivalLease = try await rival.grantLease(ttl: 60)
                let seen = try await client.withLock(name: "/t/locks/rotation", ttl: 2) { key -> [String] in
                    // Held past twice its 2 s lease: only the renewals keep it.
                    try await Task.sleep(for: .seconds(5))
                    let holders = try await client.range("/t/locks/rotation/", prefix: true).keyValues.map(\.key)
                    let refused = await apnsError {
                        _ = try await rival.lock(name: "/t/locks/rotation", lease: rivalLease.id, wait: .seconds(1))
                    }
                    #expect(refused?.message.contains("still held") == true, "\(String(describing: refused))")
                    return [key] + holders
                }
                #expect(seen.count >= 2 && seen[1] == seen[0], "\(seen)")
                // Released: the holder's key is gone and the rival gets the lock at once.
                #expect(try await client.get(seen[0]) == nil)
                try await rival.revokeLease(rivalLease.id)
                let next = try await rival.grantLease(ttl: 60)
                let key = try await rival.lock(name: "/t/locks/rotation", lease: next.id, wait: .seconds(30))
                try await rival.unlock(key: key)

                // A body that throws still releases the lock.
                let error = await apnsError {
                    _ = try await client.withLock(name: "/t/locks/rotation") { _ -> Int in
                        throw APNsError.keystore("rotation failed half-way")
                    }
                }
                #expect(error?.message == "rotation failed half-way")
                #expect(try await client.range("/t/locks/rotation/", prefix: true).keyValues.isEmpty)
                try await rival.shutdown()
            }
        }
    }

    @Test func withLockKeepsItsLeaseThroughAPoolHeldForLongerThanItAndStopsTheWorkWhenItIsLost() async throws {
        try await withCluster { cluster in
            try await using(try cluster.client()) { client in
                // A 4 s lease (a 2 s one can lapse when a loaded machine stalls etcd or the renewing thread that long).
                let seen = try await client.withLock(name: "/t/locks/held", ttl: 4) { key -> (String, Int64?) in
                    // Every thread of the pool blocked for 2.5 leases: a renewal that needed a turn there would miss it.
                    let width = ProcessInfo.processInfo.activeProcessorCount
                    await withTaskGroup(of: Void.self) { group in
                        for _ in 0..<width { group.addTask { usleep(10_000_000) } }
                    }
                    return (key, try await client.get(key)?.lease)
                }
                #expect(seen.1 != nil, "the lock's 4 s lease lapsed while the pool was held")

                // The lease taken away while the work runs: the work is stopped and the error says the lock was lost.
                let started = Mutex(false)
                let error = await apnsError {
                    _ = try await client.withLock(name: "/t/locks/lost", ttl: 2) { key -> Int in
                        started.withLock { $0 = true }
                        let lease = try #require(try await client.get(key)).lease
                        try await client.revokeLease(lease)
                        try await Task.sleep(for: .seconds(600))
                        return 0
                    }
                }
                #expect(started.withLock { $0 })
                #expect(error?.status == .keystore)
                #expect(error?.message.contains("etcd lock /t/locks/lost: lost while held") == true, "\(String(describing: error))")
                #expect(try await client.range("/t/locks/lost/", prefix: true).keyValues.isEmpty)
            }
        }
    }
}
