import APNsCore
import APNsKeystore
@testable import APNsKeystoreEtcd
import Foundation
import Synchronization
import Testing
import TestSupport

/// The etcd keystore's synchronous storage called from Swift concurrency tasks: each call blocks its own thread in
/// libcurl and needs no other thread of the pool to finish, so it completes while every pool thread is blocked.
///
/// The suites of this process run in parallel on the same pool, so a round holds it for two seconds at the most: a
/// round in which other suites held some of its threads (the pool never filled with this test's tasks) is tried
/// again, a few times, and the test says which it saw.
@Suite(.enabled(if: EtcdCluster.isInstalled), .serialized) struct EtcdStoragePoolTests {
    /// One task a pool thread, each holding its thread (blocking) until all of them hold theirs, then making
    /// keystore calls; whether the pool filled, and each task's count of right answers.
    static func round(_ storage: EtcdStorage, manifest: [UInt8], width: Int) async throws -> (saturated: Bool, right: [Int]) {
        let started = StartedTasks()
        let outcomes = try await withThrowingTaskGroup(of: (saturated: Bool, right: Int).self) { group in
            for _ in 0..<width {
                group.addTask {
                    started.count.add(1, ordering: .relaxed)
                    let deadline = ContinuousClock.now + .seconds(2)
                    while started.count.load(ordering: .relaxed) < width, ContinuousClock.now < deadline { usleep(1_000) }
                    let saturated = started.count.load(ordering: .relaxed) >= width
                    var right = 0
                    if try storage.readManifest() == manifest { right += 1 }
                    // The token lock: a lease, its renewals, etcd's lock service, a read, the unlock.
                    right += try storage.withTokenCache { cache in cache.entries.isEmpty ? 1 : 0 }
                    return (saturated, right)
                }
            }
            var all: [(saturated: Bool, right: Int)] = []
            for try await outcome in group { all.append(outcome) }
            return all
        }
        return (outcomes.allSatisfy(\.saturated), outcomes.map(\.right))
    }

    @Test func keystoreCallsCompleteFromEveryThreadOfASaturatedCooperativePool() async throws {
        try await FleetKeystore.with { fleet in
            let storage = try fleet.storage()
            let manifest = try storage.readManifest()
            let width = ProcessInfo.processInfo.activeProcessorCount
            // A round in which this test's tasks did not fill the pool had threads held by other suites' blocking
            // bodies (its calls ran beside them); the next round tries to fill it alone.
            var filledAlone: Int?
            for attempt in 1...5 {
                let (saturated, right) = try await Self.round(storage, manifest: manifest, width: width)
                #expect(right == Array(repeating: 2, count: width), "\(right)")
                if saturated { filledAlone = attempt; break }
            }
            print("EtcdStoragePoolTests: \(width) pool threads; "
                  + (filledAlone.map { "filled by this test's tasks in round \($0)" } ?? "other suites held some of them in every round"))
        }
    }
}

/// How many of a test's tasks have started.
final class StartedTasks: Sendable {
    let count = Atomic<Int>(0)
}
