import APNsCore
import APNsEtcd
import Foundation
import Testing
import TestSupport

/// The client against a real 3-member etcd cluster started for each test (TestSupport's EtcdCluster). One
/// suite, serialized, so two clusters never compete for the two cores and elections stay quick; the failover,
/// watch, lock and security tests extend it in their own files.
@Suite(.serialized) struct EtcdClusterTests {
    @Test func putThenRangeOneKeyAndAPrefix() async throws {
        try await withCluster { cluster in
            try await using(try cluster.client()) { client in
                let first = try await client.put("/t/keys/A", "alpha")
                let second = try await client.put("/t/keys/B", value: [0, 1, 0xff])
                try await client.put("/t/keysX", "outside the prefix")
                try await client.put("/t/other", "outside")
                #expect(second > first)

                let one = try #require(try await client.get("/t/keys/A"))
                #expect(one.string == "alpha")
                #expect(one.createRevision == first && one.modRevision == first && one.version == 1 && one.lease == 0)

                let all = try await client.range("/t/keys/", prefix: true)
                #expect(all.keyValues.map(\.key) == ["/t/keys/A", "/t/keys/B"])
                #expect(all.keyValues[1].value == [0, 1, 0xff])
                #expect(all.count == 2 && !all.more)
                #expect(all.revision >= second)

                try await client.put("/t/keys/A", "alpha 2")
                let updated = try #require(try await client.get("/t/keys/A"))
                #expect(updated.version == 2 && updated.createRevision == first && updated.modRevision > second)

                // The old value is still there at the old revision.
                #expect(try await client.range("/t/keys/A", revision: first).first?.string == "alpha")

                #expect(try await client.get("/t/missing") == nil)
                let deleted = try await client.delete("/t/keys/", prefix: true)
                #expect(deleted.deleted == 2)
                #expect(try await client.range("/t/keys/", prefix: true).keyValues.isEmpty)
                #expect(try await client.get("/t/keysX")?.string == "outside the prefix")

                // Each member's own status agrees with etcdctl on who leads (member IDs are full uint64s).
                var statuses: [EtcdMemberStatus] = []
                for endpoint in client.configuration.endpoints { statuses.append(try await client.status(of: endpoint)) }
                #expect(statuses.filter(\.isLeader).count == 1)
                #expect(Set(statuses.map(\.leaderID)).count == 1 && Set(statuses.map(\.memberID)).count == 3)
                #expect(statuses.allSatisfy { $0.version.hasPrefix("3.") && $0.revision >= deleted.revision })
                #expect(statuses.firstIndex(where: \.isLeader) == (try cluster.leader()))
            }
        }
    }

    @Test func txnComparingModRevisionLetsOneWriterWinAndTheLoserOverwritesNothing() async throws {
        try await withCluster { cluster in
            let alice = try cluster.client([0, 1, 2])
            let bob = try cluster.client([2, 1, 0])
            try await alice.put("/t/record", "v1")
            let read = try #require(try await bob.get("/t/record"))

            let won = try await alice.txn(compare: [.unchanged("/t/record", since: read)],
                                          success: [.put("/t/record", "alice"), .put("/t/audit/1", "alice wrote")],
                                          failure: [.range(key: "/t/record")])
            #expect(won.succeeded)
            #expect(won.revision > read.modRevision)

            let lost = try await bob.txn(compare: [.modRevision("/t/record", .equal, read.modRevision)],
                                         success: [.put("/t/record", "bob"), .put("/t/audit/2", "bob wrote")],
                                         failure: [.range(key: "/t/record")])
            #expect(!lost.succeeded)
            let seen = try #require(lost.responses.first?.range?.first)
            #expect(seen.string == "alice")
            #expect(seen.modRevision == won.revision)
            #expect(try await bob.get("/t/record")?.string == "alice")
            #expect(try await bob.get("/t/audit/2") == nil)
            #expect(try await bob.range("/t/audit/", prefix: true).keyValues.map(\.string) == ["alice wrote"])

            // Create-if-absent: only the first of two creators succeeds.
            let created = try await alice.txn(compare: [.absent("/t/token")], success: [.put("/t/token", "first")])
            let again = try await bob.txn(compare: [.absent("/t/token")], success: [.put("/t/token", "second")])
            #expect(created.succeeded && !again.succeeded)
            #expect(try await alice.get("/t/token")?.string == "first")
            try await alice.shutdown()
            try await bob.shutdown()
        }
    }

    @Test func aKeyUnderALeaseGoesWhenTheLeaseExpires() async throws {
        try await withCluster { cluster in
            try await using(try cluster.client()) { client in
                // 20 s: long enough for the put, the read and the renewal below on a loaded machine (a 2 s lease once
                // lapsed before its put arrived, a 5 s one before its read, while other suites' clusters ran alongside).
                let lease = try await client.grantLease(ttl: 20)
                #expect(lease.id != 0 && lease.ttl >= 20)
                try await client.put("/t/tokens/T1", "token", lease: lease.id)
                let kv = try #require(try await client.get("/t/tokens/T1"))
                #expect(kv.lease == lease.id)
                #expect(try await client.keepAlive(lease: lease.id).ttl >= 5)

                let gone = try await eventually(seconds: 90) { try await client.get("/t/tokens/T1") == nil }
                #expect(gone, "the key outlived its lease")
                let error = await apnsError { try await client.keepAlive(lease: lease.id) }
                #expect(error?.status == .keystore)
                #expect(error?.message.contains("has expired or was revoked") == true, "\(String(describing: error))")

                // Revoking removes a key at once; revoking twice is no error.
                let second = try await client.grantLease(ttl: 60)
                try await client.put("/t/tokens/T2", "token", lease: second.id)
                try await client.revokeLease(second.id)
                #expect(try await client.get("/t/tokens/T2") == nil)
                try await client.revokeLease(second.id)
            }
        }
    }
}
