@testable import APNsEtcd
import Foundation
import Testing
import TestSupport

extension EtcdClusterTests {
    /// A streaming watch asks its member for its status every 2 s over one kept connection: after several
    /// checks, the member has seen two connections from the watcher (the stream's and the checks'), not one more
    /// a check.
    @Test func aWatchsLivenessChecksReuseOneConnection() async throws {
        try await withCluster { cluster in
            let member = cluster.members[0].clientPort
            let proxy = try LinkProxy(to: member)
            defer { proxy.stop() }
            let watcher = try EtcdClient(configuration: EtcdConfiguration(
                endpoints: [EtcdEndpoint(host: "127.0.0.1", port: proxy.port)], requestTimeout: .seconds(3)))
            let writer = try cluster.client([0])
            let start = try await writer.put("/t/l/first", "1")
            let checksBefore = try Self.statusRequests(at: member)
            let collector = EventCollector(watcher.watch(prefix: "/t/l/", fromRevision: start))
            defer { collector.cancel() }
            #expect(try await collector.wait(for: 1).map(\.keyValue.key) == ["/t/l/first"])

            let checked = try await eventually { try Self.statusRequests(at: member) >= checksBefore + 5 }
            #expect(checked, "the watch made fewer than 5 liveness checks")
            #expect(proxy.acceptedLinks == 2, "connections from the watcher: \(proxy.acceptedLinks)")
            try await writer.put("/t/l/second", "2")
            #expect(try await collector.wait(for: 2).map(\.keyValue.key) == ["/t/l/first", "/t/l/second"])
            #expect(collector.error == nil, "\(collector.error ?? "")")
        }
    }

    /// The checks come every 2 s (the interval derived from the 5 s bound on a frozen or cut-off member), not
    /// every second: three intervals after the first check seen, no sooner than 4.5 s (at 1 s they took 3 s).
    @Test func aWatchsLivenessChecksComeEveryTwoSeconds() async throws {
        try await withCluster { cluster in
            let member = cluster.members[0].clientPort
            let watcher = try EtcdClient(configuration: EtcdConfiguration(
                endpoints: [EtcdEndpoint(host: "127.0.0.1", port: member)]))
            #expect(watcher.livenessInterval == .seconds(2))
            let writer = try cluster.client([0])
            let start = try await writer.put("/t/p/first", "1")
            let collector = EventCollector(watcher.watch(prefix: "/t/p/", fromRevision: start))
            defer { collector.cancel() }
            #expect(try await collector.wait(for: 1).map(\.keyValue.key) == ["/t/p/first"])
            let before = try Self.statusRequests(at: member)
            #expect(try await eventually { try Self.statusRequests(at: member) >= before + 1 }, "no liveness check came")
            let first = ContinuousClock.now, counted = try Self.statusRequests(at: member)
            #expect(try await eventually { try Self.statusRequests(at: member) >= counted + 3 }, "fewer than 3 more checks")
            let took = ContinuousClock.now - first
            print("three liveness intervals took \(took)")
            #expect(took >= .milliseconds(4500), "three intervals took \(took): checks come more often than every 2 s")
            #expect(collector.error == nil, "\(collector.error ?? "")")
        }
    }

    /// A status answer's leader is read from its digits without decoding the rest; what the digits do not settle
    /// is left to the JSON decoder (nil).
    @Test func aStatusAnswersLeaderIsReadFromItsDigits() {
        func knows(_ text: String) -> Bool? { WireStatusResponse.knowsLeader(Array(text.utf8)) }
        let answer = #"{"header":{"cluster_id":"14841639068965178418","member_id":"10276657743932975437","revision":"7","#
            + #""raft_term":"2"},"version":"3.5.16","dbSize":"20480","leader":"#
        #expect(knows(answer + #""10276657743932975437","raftIndex":"9","raftTerm":"2"}"#) == true)
        #expect(knows(answer + #""0","raftIndex":"9","raftTerm":"2"}"#) == false)
        #expect(knows(answer + #"0,"raftIndex":"9"}"#) == false)
        #expect(knows(answer + #" "42"}"#) == true)
        #expect(knows(#"{"header":{"revision":"7"},"version":"3.5.16"}"#) == nil, "no leader field: decode")
        #expect(knows(answer + #""abc"}"#) == nil)
        #expect(knows(answer + #""12"#) == nil, "an unterminated string")
        #expect(knows(#"{"errors":["\"leader\":\"0\""],"leader":"7"}"#) == true, "the field, not the text in a string")
    }

    /// How many status requests member `port` has served (its gRPC server's count, from `/metrics`).
    static func statusRequests(at port: Int) throws -> Int {
        let result = try ExternalProcess.run("/usr/bin/curl", ["-s", "http://127.0.0.1:\(port)/metrics"])
        let line = result.stdout.split(separator: "\n").first {
            $0.hasPrefix("grpc_server_handled_total{grpc_code=\"OK\",grpc_method=\"Status\"")
        }
        return line.flatMap { $0.split(separator: " ").last }.flatMap { Int($0) } ?? 0
    }
}
