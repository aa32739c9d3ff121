import APNsCore
import APNsEtcd
import Foundation
import Testing
import TestSupport

/// The blocking calls the keystore's storage makes, against a real cluster.
extension EtcdClusterTests {
    @Test func blockingCallsReadWriteAndCompareOnTheCallersThreadPastADeadMember() async throws {
        try await withCluster { cluster in
            cluster.stopMember(0)
            let client = try cluster.client([0, 1, 2])
            let calls = client.blocking
            let revision = try calls.put("/t/b/one", value: Array("1".utf8))
            #expect(client.currentEndpoint.port == cluster.members[1].clientPort)
            let read = try #require(try calls.get("/t/b/one"))
            #expect(read.string == "1" && read.modRevision == revision)
            let swapped = try calls.txn(compare: [.unchanged("/t/b/one", since: read)],
                                        success: [.put(key: "/t/b/one", value: Array("2".utf8))])
            #expect(swapped.succeeded)
            let stale = try calls.txn(compare: [.unchanged("/t/b/one", since: read)],
                                      success: [.put(key: "/t/b/one", value: Array("3".utf8))])
            #expect(!stale.succeeded, "a comparison with a revision that moved on must fail")
            #expect(try calls.range("/t/b/", prefix: true).keyValues.map(\.string) == ["2"])
            #expect(try calls.delete("/t/b/", prefix: true).deleted == 1)
            // The async call sees what the blocking ones wrote: one client, one path.
            #expect(try await client.get("/t/b/one") == nil)
        }
    }

    @Test func aBlockingRenewalKeepsItsLeasesKeyPastTheTTLAndStopsWithItsBody() async throws {
        try await withCluster { cluster in
            let client = try cluster.client()
            let calls = client.blocking
            let lease = try calls.grantLease(ttl: 2)
            try calls.put("/t/renewed", value: Array("held".utf8), lease: lease.id)
            // The blocking work runs on a thread of its own, not on one of the pool's, for its three TTLs.
            let end = ContinuousClock.now + .seconds(lease.ttl * 3)
            let outcome = onThread {
                try calls.renewing(lease: lease.id, every: .milliseconds(lease.ttl * 1000 / 3)) {
                    // Three TTLs long, the key stays: the renewals on their own thread keep its lease.
                    var checks = 0, lapsed = 0
                    while ContinuousClock.now < end {
                        if try calls.get("/t/renewed")?.string != "held" { lapsed += 1 }
                        checks += 1
                        usleep(250_000)
                    }
                    return (checks: checks, lapsed: lapsed)
                }
            }
            #expect(await eventually(seconds: 60) { outcome.result != nil }, "the renewed work never ended")
            let (checks, lapsed) = try #require(outcome.result).get()
            #expect(lapsed == 0, "the lease lapsed while renewed (\(lapsed) of \(checks) checks)")
            #expect(checks > 1)
            // Renewals stopped with the body: the lease lapses and takes the key with it.
            #expect(try await eventually { try await client.get("/t/renewed") == nil },
                    "the key outlived its lease by 30 s after the renewals stopped")
        }
    }
}
