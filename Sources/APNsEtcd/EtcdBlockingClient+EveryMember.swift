import APNsCore
import APNsCurl
import Dispatch
import Synchronization

/// A lease renewed at every member at once, each member's call on a thread of its own: a frozen or cut-off member
/// never delays a renewal past a short TTL, and no renewal waits for a turn on the Swift concurrency pool.
extension EtcdBlockingClient {
    /// Renews lease `lease` at every member at once and returns with the first renewal (each member forwards it
    /// to the leader); the calls still waiting then stop. Fails when no member renewed it within `wait`, or when
    /// the lease has expired (exit 5, as ``keepAlive(lease:)``).
    @discardableResult
    public func keepAliveAtEveryMember(lease: Int64, wait: Duration) throws -> EtcdLease {
        try cancellation.check()
        let client = self.client, cancellation = self.cancellation
        let body = try JSONDecoding.encode(WireLeaseID(ID: WireInt64(lease)))
        let answers = MemberAnswers()
        var members: [EtcdCancellation] = []
        defer {
            for member in members {
                member.cancel()
                cancellation.disown(member)
            }
        }
        for endpoint in client.configuration.endpoints {
            let member = EtcdCancellation()
            cancellation.adopt(member)
            members.append(member)
            do throws(CurlThread.StartError) {
                try CurlThread.detach {
                    let bytes = try? client.send(endpoint, "/v3/lease/keepalive", body, deadline: .final(wait),
                                                 cancellation: member)
                    let answer = bytes.flatMap { try? JSONDecoding.decode(WireKeepAliveResponse.self, from: $0) }
                    answers.deliver(answer.map { $0.result?.TTL?.value ?? 0 })
                }
            } catch {
                members.removeLast()
                cancellation.disown(member)
                throw EtcdFailure.transport(error.description)
                    .apnsError(at: endpoint, user: client.configuration.credentials?.user)
            }
        }
        var renewed: Int64?, expired = false
        for _ in members.indices {
            guard let ttl = answers.next() else { continue }
            if ttl > 0 {
                renewed = ttl
                break
            }
            expired = true
        }
        try cancellation.check()
        guard let renewed else {
            guard expired else {
                throw APNsError.unreachable("etcd: lease \(EtcdClient.hex(lease)) could not be renewed at any member",
                                            hint: "`etcdctl endpoint status` shows the members")
            }
            throw APNsError.keystore("etcd: lease \(EtcdClient.hex(lease)) has expired or was revoked",
                                     hint: "its keys are gone; grant a new lease and write them again")
        }
        return EtcdLease(id: lease, ttl: renewed)
    }
}

/// The members' answers to one renewal, in the order they came: a TTL (0: the lease is gone), or nil for a member
/// that did not renew it.
private final class MemberAnswers: Sendable {
    private let answers = Mutex<[Int64?]>([])
    private let arrived = DispatchSemaphore(value: 0)

    func deliver(_ ttl: Int64?) {
        answers.withLock { $0.append(ttl) }
        arrived.signal()
    }

    /// The next answer, waiting for it: every member's call ends by its deadline or its cancellation.
    func next() -> Int64? {
        arrived.wait()
        return answers.withLock { $0.removeFirst() }
    }
}
