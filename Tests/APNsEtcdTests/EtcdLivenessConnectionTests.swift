import APNsEtcd
import Foundation
import Testing
import TestSupport

extension EtcdClusterTests {
    /// A streaming watch asks its member for its status every second over one kept connection: after several
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

    /// How many status requests member `port` has served (its gRPC server's count, from `/metrics`).
    static func statusRequests(at port: Int) throws -> Int {
        let result = try ExternalProcess.run("/usr/bin/curl", ["-s", "http://127.0.0.1:\(port)/metrics"])
        let line = result.stdout.split(separator: "\n").first {
            $0.hasPrefix("grpc_server_handled_total{grpc_code=\"OK\",grpc_method=\"Status\"")
        }
        return line.flatMap { $0.split(separator: " ").last }.flatMap { Int($0) } ?? 0
    }
}
