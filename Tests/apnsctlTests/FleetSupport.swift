import Foundation
import Testing
import TestSupport

/// What the fleet tests share: a real 3-member cluster with an etcd:// keystore on it, and apnsctl run against it
/// as a separate host would run it.
protocol FleetCLI {}

extension FleetCLI {
    /// A cluster, an etcd:// keystore on it and a key-encryption key file; stopped afterwards.
    func withFleet(auth: Bool = false, _ body: (EtcdCluster, String, [String: String]) throws -> Void) throws {
        let cluster = try EtcdCluster.start(auth: auth)
        defer { cluster.stop() }
        let kek = cluster.directory.appendingPathComponent("kek").path
        _ = FileManager.default.createFile(atPath: kek, contents: Data((0..<32).map { _ in UInt8.random(in: 0...255) }),
                                       attributes: [.posixPermissions: 0o600])
        var environment = ["APNSCTL_KEK_FILE": kek]
        if let password = cluster.rootPassword {
            environment["APNSCTL_ETCD_USER"] = "root"
            environment["APNSCTL_ETCD_PASSWORD"] = password
        }
        let url = "etcd://" + cluster.members.map(\.endpoint).joined(separator: ",") + "/apnsctl"
        let created = try CLI.run(["keystore", "init", url], environment: environment)
        #expect(created.status == 0, "\(created.stderr)")
        try body(cluster, url, environment)
    }

    func run(_ arguments: [String], _ url: String, _ environment: [String: String]) throws -> CLI.Result {
        try CLI.run(arguments + ["--keystore", url], environment: environment)
    }

    func states(_ url: String, _ environment: [String: String]) throws -> [String: String] {
        let list = try run(["key", "list", "--format", "json"], url, environment)
        #expect(list.status == 0, "\(list.stderr)")
        return (try JSONSerialization.jsonObject(with: list.stdoutData) as? [[String: Any]] ?? [])
            .reduce(into: [:]) { $0[$1["key_id"] as? String ?? "?"] = $1["state"] as? String }
    }

}
