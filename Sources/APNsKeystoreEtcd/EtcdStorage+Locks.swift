import APNsCore
import APNsEtcd
import APNsKeystore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Locks on leases: etcd's lock service for short waits (signing a token), a create-once holder record for long
/// operations (a rotation with its canary). A holder that dies stops renewing its lease; etcd then deletes the
/// lock within the lease's TTL and the next host goes on.
extension EtcdStorage {
    /// The lease of the token lock: renewed every third of it while held.
    static let lockTTL: Int64 = 10

    /// The lease of an operation lock (a rotation), renewed every second at every member at once. etcd extends
    /// every lease by its TTL plus an election timeout when a new leader takes over, so a dead holder's lock
    /// lapses within TTL after its last renewal, or within TTL + election timeout after a leader election that
    /// happens meanwhile: 4 + 4 + 1 s keeps the promised 10 s across one election (on a cluster with etcd's
    /// default 1-second election timeout; etcd raises a TTL below 1.5 election timeouts to that).
    static let defaultOperationLockTTL: Int64 = 4

    /// Runs `body` holding etcd's lock `PREFIX/locks/NAME`, waiting at most ``lockTimeout`` for it.
    func withWaitingLock<T>(_ name: String, _ body: () throws -> T) throws -> T {
        let calls = client.blocking
        return try withLease { lease in
            let held = try calls.lock(name: key("locks/" + name), lease: lease, wait: .seconds(max(1, lockTimeout)))
            defer { try? calls.unlock(key: held) }
            return try body()
        }
    }

    /// Grants a lease, renews it every third of its TTL (on a thread of its own) while `body` runs, and revokes
    /// it afterwards.
    func withLease<T>(_ body: (Int64) throws -> T) throws -> T {
        let calls = client.blocking, ttl = Self.lockTTL
        let lease = try calls.grantLease(ttl: ttl)
        defer { try? calls.revokeLease(lease.id) }
        return try calls.renewing(lease: lease.id, every: .milliseconds(ttl * 1000 / 3)) {
            try body(lease.id)
        }
    }

    /// Holds `PREFIX/locks/NAME` (created only when absent, on a lease renewed meanwhile) while `body` runs; when
    /// another host holds it, a keystore error naming that host (exit 5).
    public func withOperationLock<T: Sendable>(_ name: String, _ body: () async throws -> T) async throws -> T {
        let client = self.client, lockKey = key("locks/" + name), ttl = operationLockTTL
        let holder = OperationHolder.current(name)
        // A lease can lapse between its grant and the transaction that puts the lock on it (a process stalled for
        // the TTL on a loaded host): etcd then answers "lease not found", and a new lease is taken, twice at most.
        var attempts = 0
        while true {
            attempts += 1
            let lease = try await client.grantLease(ttl: ttl)
            // Renewed on a thread of its own, so a pool kept busy by the work under the lock never lets it lapse.
            let renewal: EtcdCancellation
            do {
                renewal = try client.blocking.renewingAtEveryMember(lease: lease.id, every: .seconds(1),
                                                                    wait: .seconds(ttl - 1))
            } catch {
                try? await client.revokeLease(lease.id)
                throw error
            }
            // Revoking the lease deletes the lock with it: done (and awaited) on every way out, so a rotation that
            // failed never leaves its lock to lapse for the next one.
            func release() async {
                renewal.cancel()
                try? await client.revokeLease(lease.id)
            }
            let taken: EtcdTxnResult
            do {
                taken = try await client.txn(compare: [.absent(lockKey)],
                                             success: [.put(key: lockKey, value: try holder.encoded(), lease: lease.id)],
                                             failure: [.range(key: lockKey)])
            } catch let error as APNsError where attempts < 3 && error.message.contains("lease not found") {
                await release()
                continue
            } catch {
                await release()
                throw error
            }
            let result: T
            do {
                guard taken.succeeded else {
                    let other = taken.responses.first?.range?.first.flatMap { try? OperationHolder.decoded($0.value) }
                    throw APNsError.keystore(
                        "\(location): another \(name) is in progress"
                            + (other.map { " (on \($0.host), pid \($0.pid), since \(ISO8601Text.string(from: $0.since)))" } ?? ""),
                        remedy: FleetRemedy.waitForOperation)
                }
                result = try await body()
            } catch {
                await release()
                throw error
            }
            await release()
            return result
        }
    }
}

/// Who holds an operation lock: written as the lock's value, named to the host that is refused.
struct OperationHolder: Codable {
    var operation: String
    var host: String
    var pid: Int32
    var since: Date

    static func current(_ operation: String) -> OperationHolder {
        var name = [CChar](repeating: 0, count: 256)
        let host = gethostname(&name, name.count) == 0
            ? String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : "unknown host"
        return OperationHolder(operation: operation, host: host, pid: getpid(), since: Date())
    }

    func encoded() throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        return Array(try encoder.encode(self))
    }

    static func decoded(_ bytes: [UInt8]) throws -> OperationHolder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return try decoder.decode(OperationHolder.self, from: Data(bytes))
    }
}
