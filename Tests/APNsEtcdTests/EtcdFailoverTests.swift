import APNsCore
import APNsEtcd
import Foundation
import Testing
import TestSupport

extension EtcdClusterTests {
    @Test func aDownFirstMemberIsSkippedAndNoMemberAtAllIsExit4NamingOne() async throws {
        try await withCluster { cluster in
            cluster.stopMember(0)
            try await using(try cluster.client([0, 1, 2])) { client in
                try await client.put("/t/k", "written past a dead member")
                #expect(client.currentEndpoint.port == cluster.members[1].clientPort)
                #expect(try await client.get("/t/k")?.string == "written past a dead member")
            }
        }
        let closed = [try EtcdCluster.freePort(), try EtcdCluster.freePort()]
        // A request timeout of 10 minutes: a refused member must be passed at once, not waited on until then.
        let client = try EtcdClient(configuration: EtcdConfiguration(
            endpoints: closed.map { EtcdEndpoint(host: "127.0.0.1", port: $0) }, requestTimeout: .seconds(600),
            rounds: 2, backoff: .milliseconds(50)))
        let outcome = try await within(seconds: 60) { await apnsError { _ = try await client.get("/t/k") } }
        try await client.shutdown()
        let error = try #require(outcome, "still waiting on refused members after 60 s")
        #expect(error?.status == .unreachable)
        #expect(error?.message.hasPrefix("etcd 127.0.0.1:\(closed[1]): ") == true, "\(String(describing: error))")
        #expect(error?.message.contains("none of the 2 members could serve it in 2 rounds") == true, "\(String(describing: error))")
        #expect(error?.message.lowercased().contains("connection refused") == true, "\(String(describing: error))")
        #expect(error?.hint == "check that etcd runs there and listens for clients on that port")
    }

    @Test func killingTheLeaderInTheMiddleOfASequenceOfWritesLosesNoWrite() async throws {
        try await withCluster { cluster in
            let leader = try cluster.waitForLeader()
            // Start at the leader, so the kill cuts the very member the client talks to.
            let order = [leader] + cluster.members.indices.filter { $0 != leader }
            try await using(try cluster.client(order)) { client in
                var revisions: [Int64] = []
                for index in 0..<30 {
                    if index == 10 { cluster.killMember(leader) }
                    revisions.append(try await client.put("/t/seq/\(String(format: "%03d", index))", "write \(index)"))
                }
                #expect(revisions == revisions.sorted())
                let stored = try await client.range("/t/seq/", prefix: true)
                #expect(stored.keyValues.map(\.string) == (0..<30).map { "write \($0)" })
                #expect(client.currentEndpoint.port != cluster.members[leader].clientPort)
                // A new leader among the two left.
                let next = try cluster.waitForLeader()
                #expect(next != leader)
            }
            // The killed member, restarted on its data directory, catches up: every write is there too.
            try cluster.restartMember(leader)
            try await using(try cluster.client([leader])) { client in
                let stored = try await client.range("/t/seq/", prefix: true)
                #expect(stored.keyValues.map(\.string) == (0..<30).map { "write \($0)" })
            }
        }
    }

    @Test func aFrozenMemberIsPassedOverWithinTheBound() async throws {
        try await withCluster { cluster in
            try await using(try cluster.client([0, 1, 2], requestTimeout: .seconds(2))) { client in
                try await client.put("/t/before", "written before the freeze")
                #expect(client.currentEndpoint.port == cluster.members[0].clientPort)
                cluster.pauseMember(0)
                defer { cluster.resumeMember(0) }
                for index in 0..<5 {
                    try await client.put("/t/frozen/\(index)", "write \(index)")
                }
                #expect(client.currentEndpoint.port != cluster.members[0].clientPort)
                let stored = try await client.range("/t/frozen/", prefix: true)
                #expect(stored.keyValues.map(\.string) == (0..<5).map { "write \($0)" })
                #expect(try await client.get("/t/before")?.string == "written before the freeze")
            }
        }
    }

    @Test func withoutAQuorumAWriteFailsWithExit4AfterTheBoundAndTheClusterRecovers() async throws {
        try await withCluster { cluster in
            try await using(try cluster.client([0, 1, 2], requestTimeout: .seconds(2))) { client in
                try await client.put("/t/k", "written with a quorum")
                cluster.killMember(1)
                cluster.killMember(2)
                // Member 0 is alive but alone: it cannot commit, so it holds the write until our timeout.
                let outcome = try await within(seconds: 120) { await apnsError { try await client.put("/t/k", "no quorum") } }
                let finished = try #require(outcome, "the write neither failed nor succeeded within 120 s")
                let error = try #require(finished, "the write succeeded without a quorum")
                #expect(error.status == .unreachable, "\(error)")
                #expect(error.message.contains("none of the 3 members could serve it in 3 rounds"), "\(error.message)")
                try cluster.restartMember(1)
                _ = try cluster.waitForLeader()
                // A write that timed out has no known outcome: member 0 may keep the proposal and commit it once a
                // quorum is back. Callers re-read (and compare revisions) after such an error; nothing else is written.
                let after = try #require(try await client.get("/t/k"))
                #expect(["written with a quorum", "no quorum"].contains(after.string), "\(after.string)")
                #expect(try await client.range("/t/", prefix: true).count == 1)
            }
        }
    }
}
