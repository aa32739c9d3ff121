import APNsCore
import APNsEtcd
import Foundation
import Synchronization
import TestSupport

/// Clients for the test cluster, and waiting helpers with generous deadlines (never timed assertions).
extension EtcdCluster {
    /// A client for members `indices` (default: all, in order), with short timeouts so failover is quick.
    func client(_ indices: [Int]? = nil, credentials: EtcdCredentials? = nil, tls: EtcdTLS? = nil,
                requestTimeout: Duration = .seconds(3)) throws -> EtcdClient {
        let endpoints = (indices ?? Array(members.indices)).map { EtcdEndpoint(host: "127.0.0.1", port: members[$0].clientPort) }
        let tls = tls ?? caFile.map { EtcdTLS(caFile: $0) }
        return try EtcdClient(configuration: EtcdConfiguration(
            endpoints: endpoints, tls: tls, credentials: credentials, requestTimeout: requestTimeout,
            rounds: 3, backoff: .milliseconds(300)))
    }

    var rootCredentials: EtcdCredentials? { rootPassword.map { EtcdCredentials(user: "root", password: $0) } }
}

/// Runs `body` with a client and a cluster, stopping both whatever happens.
func withCluster(tls: Bool = false, auth: Bool = false,
                 _ body: (EtcdCluster) async throws -> Void) async throws {
    let cluster = try EtcdCluster.start(tls: tls, auth: auth)
    defer { cluster.stop() }
    try await body(cluster)
}

/// Runs `body` with `client`, then shuts the client down.
func using<T>(_ client: EtcdClient, _ body: (EtcdClient) async throws -> T) async throws -> T {
    do {
        let result = try await body(client)
        try await client.shutdown()
        return result
    } catch {
        try? await client.shutdown()
        throw error
    }
}

/// The APNsError `body` throws (nil when it throws none, recorded by the caller's expectation).
func apnsError(_ body: () async throws -> Void) async -> APNsError? {
    do {
        try await body()
        return nil
    } catch let error as APNsError {
        return error
    } catch {
        return APNsError(.internalError, "not an APNsError: \(error)")
    }
}

/// Collects a watch's events in the background so a test can wait for them with a deadline.
final class EventCollector: Sendable {
    private final class Storage: Sendable {
        let mutex = Mutex<(events: [EtcdWatchEvent], error: String?)>(([], nil))
        func withLock<T: Sendable>(_ body: (inout (events: [EtcdWatchEvent], error: String?)) -> T) -> T { mutex.withLock { body(&$0) } }
    }
    private let state = Storage()
    private let task: Task<Void, Never>

    init(_ stream: AsyncThrowingStream<EtcdWatchEvent, any Error>) {
        let state = self.state
        task = Task {
            do {
                for try await event in stream { state.withLock { $0.events.append(event) } }
                state.withLock { $0.error = "the watch ended" }
            } catch {
                state.withLock { $0.error = "\(error)" }
            }
        }
    }

    var events: [EtcdWatchEvent] { state.withLock { $0.events } }
    var error: String? { state.withLock { $0.error } }

    /// Waits until `count` events arrived or the watch failed, for at most `seconds`.
    func wait(for count: Int, seconds: Double = 30) async throws -> [EtcdWatchEvent] {
        _ = await eventually(seconds: seconds, every: .milliseconds(50)) {
            state.withLock { $0.events.count >= count || $0.error != nil }
        }
        return events
    }

    func cancel() { task.cancel() }
}

/// A blocking call's outcome, set by the thread that made it.
final class Outcome<T: Sendable>: Sendable {
    private let value = Mutex<Result<T, any Error>?>(nil)
    func set(_ result: Result<T, any Error>) { value.withLock { $0 = result } }
    var result: Result<T, any Error>? { value.withLock { $0 } }
}

/// Runs `body` on a thread of its own (a blocking caller); the outcome gets its result.
func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) -> Outcome<T> {
    let outcome = Outcome<T>()
    let thread = Thread { outcome.set(Result { try body() }) }
    thread.start()
    return outcome
}
