import Foundation

/// Faults on a cluster started with `proxied: true`: a member cut off from its peers while it still answers its
/// clients, a client link cut, a forced leader change.
extension EtcdCluster {
    /// `127.0.0.1:PORT` of member `index`'s client proxy (its real endpoint when the cluster is not proxied).
    public func proxiedEndpoint(_ index: Int) -> String {
        clientProxies.isEmpty ? members[index].endpoint : "127.0.0.1:\(clientProxies[index].port)"
    }

    /// Each member's ID in hex, as etcd writes it (`X-Server-From`, `etcdctl member list`), by index.
    public func memberIDs() throws -> [String] {
        let list = try etcdctlChecked(["member", "list"], endpoints: members.indices.filter { pid($0) != nil })
        var ids = [String](repeating: "", count: members.count)
        for line in list.split(separator: "\n") {
            let fields = line.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count > 2, let index = members.firstIndex(where: { $0.name == fields[2] }) else { continue }
            ids[index] = fields[0].lowercased()
        }
        guard !ids.contains("") else { throw ClusterError(message: "etcdctl member list: \(list)") }
        return ids
    }

    /// Cuts member `index` off from the other members (both ways) while it keeps answering its clients: its own
    /// peer proxy refuses everyone, and the others' refuse the links it opens.
    public func isolate(_ index: Int, ids: [String]) {
        peerProxies[index].cut()
        for other in peerProxies.indices where other != index { peerProxies[other].block(source: ids[index]) }
    }

    /// Undoes ``isolate(_:ids:)`` (and every other peer cut).
    public func healPeers() {
        for proxy in peerProxies { proxy.heal() }
    }

    /// Makes member `target` the leader (`etcdctl move-leader`, sent to the leader now) and waits until it is.
    public func moveLeader(to target: Int) throws {
        let ids = try memberIDs()
        let end = Date().addingTimeInterval(30)
        while Date() < end {
            let current = try waitForLeader()
            if current == target { return }
            _ = try etcdctl(["move-leader", ids[target]], endpoints: [current])
            Thread.sleep(forTimeInterval: 0.2)
        }
        throw ClusterError(message: "member \(members[target].name) did not become the leader within 30 s\n\(logs())")
    }
}
