import APNsCore
import APNsKeystore
@testable import APNsKeystoreEtcd
import Foundation
import Synchronization
import Testing
import TestSupport

/// The etcd keystore's synchronous storage called from Swift concurrency tasks: each call blocks its own thread in
/// libcurl and needs no other thread of the pool to finish, so it completes while every pool thread is blocked.
@Suite(.enabled(if: EtcdCluster.isInstalled), .serialized) struct EtcdStoragePoolTests {
    @Test func keystoreCallsCompleteFromEveryThreadOfASaturatedCooperativePool() async throws {
        try await FleetKeystore.with { fleet in
            let storage = try fleet.storage()
            let manifest = try storage.readManifest()
            let width = ProcessInfo.processInfo.activeProcessorCount
            let tasks = width * 2
            let started = StartedTasks()
            let outcomes = try await withThrowingTaskGroup(of: (manifests: Int, tokens: Int, saturated: Bool).self) { group in
                for _ in 0..<tasks {
                    group.addTask {
                        // Hold this pool thread (blocking, not awaiting) until `width` tasks hold theirs: the pool is
                        // then full of blocked threads when the first etcd call is made.
                        started.count.add(1, ordering: .relaxed)
                        let deadline = ContinuousClock.now + .seconds(60)
                        while started.count.load(ordering: .relaxed) < width, ContinuousClock.now < deadline { usleep(1_000) }
                        let saturated = started.count.load(ordering: .relaxed) >= width
                        var manifests = 0, tokens = 0
                        for _ in 0..<3 {
                            if try storage.readManifest() == manifest { manifests += 1 }
                            // The token lock: a lease, its renewals, etcd's lock service, a read, the unlock.
                            tokens += try storage.withTokenCache { cache in cache.entries.count == 0 ? 1 : 0 }
                        }
                        return (manifests, tokens, saturated)
                    }
                }
                var all: [(manifests: Int, tokens: Int, saturated: Bool)] = []
                for try await outcome in group { all.append(outcome) }
                return all
            }
            #expect(outcomes.count == tasks)
            #expect(outcomes.allSatisfy { $0.saturated }, "\(width) tasks never held the pool's threads at once")
            #expect(outcomes.allSatisfy { $0.manifests == 3 && $0.tokens == 3 }, "\(outcomes)")
            #expect(try storage.auditEntries(since: nil).count >= 1)
        }
    }
}

/// How many of a test's tasks have started.
final class StartedTasks: Sendable {
    let count = Atomic<Int>(0)
}
