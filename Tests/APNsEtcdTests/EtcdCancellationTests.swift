import APNsCore
@testable import APNsEtcd
import Foundation
import Synchronization
import Testing
import TestSupport

/// Cancelling an etcd call: in the failover's pause between rounds, and in a transfer that waits on a silent member.
/// No cluster: the members are closed ports (refused at once) or a socket that listens and never answers.
@Suite struct EtcdCancellationTests {
    /// A client of members on closed ports, with a pause between rounds far longer than any test waits.
    static func downClient(rounds: Int = 3) throws -> EtcdClient {
        let closed = [try EtcdCluster.freePort(), try EtcdCluster.freePort()]
        return try EtcdClient(configuration: EtcdConfiguration(
            endpoints: closed.map { EtcdEndpoint(host: "127.0.0.1", port: $0) }, requestTimeout: .seconds(600),
            rounds: rounds, backoff: .seconds(600)))
    }

    /// A blocking call's outcome, set by the thread that made it.
    final class Outcome<T: Sendable>: Sendable {
        private let value = Mutex<Result<T, any Error>?>(nil)
        func set(_ result: Result<T, any Error>) { value.withLock { $0 = result } }
        var result: Result<T, any Error>? { value.withLock { $0 } }
    }

    /// Runs `body` on a thread of its own (a blocking caller); the outcome gets its result.
    static func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) -> Outcome<T> {
        let outcome = Outcome<T>()
        let thread = Thread { outcome.set(Result { try body() }) }
        thread.start()
        return outcome
    }

    @Test func aCancelledAsyncCallInTheFailoversPauseReturnsCancellationAndItsThreadLeavesThePause() async throws {
        let client = try Self.downClient()
        let handle = EtcdCancellation()
        let call = Task { try await client.run(with: handle) { try $0.get("/t/k") } }
        #expect(try await eventually { handle.isPausing }, "the call never reached the pause after its first round")
        call.cancel()
        let outcome = try await within(seconds: 30) { await call.result }
        let result = try #require(outcome, "a cancelled call still waits after 30 s (its pause is 600 s)")
        #expect(throws: CancellationError.self) { try result.get() }
        // The thread that ran the call left its pause too (woken, not left to sleep out the 600 s).
        #expect(try await eventually { !handle.isPausing }, "the call's thread still sleeps in the pause")
    }

    @Test func aBlockingCallInThePauseEndsWithCancellationErrorWhenItsHandleIsCancelled() async throws {
        let client = try Self.downClient()
        let handle = EtcdCancellation()
        let calls = client.blocking(cancellation: handle)
        let box = Self.onThread { try calls.get("/t/k") }
        #expect(try await eventually { handle.isPausing }, "the call never reached the pause after its first round")
        handle.cancel()
        #expect(try await eventually { box.result != nil }, "the blocking call still waits after 30 s")
        let result = try #require(box.result)
        #expect(throws: CancellationError.self) { try result.get() }
    }

    @Test func aBlockingCallWaitingOnASilentMemberEndsWhenItsHandleIsCancelled() async throws {
        // Listens (the kernel completes the handshake) and never reads or answers: the request waits for its answer.
        let silent = try TestPorts.bound(listening: 8)
        defer { close(silent.fd) }
        let client = try EtcdClient(configuration: EtcdConfiguration(
            endpoints: [EtcdEndpoint(host: "127.0.0.1", port: silent.port)], requestTimeout: .seconds(600)))
        let handle = EtcdCancellation()
        let calls = client.blocking(cancellation: handle)
        let box = Self.onThread { try calls.put("/t/k", value: Array("v".utf8)) }
        #expect(try await eventually { handle.isTransferring }, "the request never started")
        handle.cancel()
        #expect(try await eventually { box.result != nil }, "the transfer still waits after 30 s (its timeout is 600 s)")
        let result = try #require(box.result)
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(!handle.isTransferring)
    }

    @Test func aHandleCancelledBeforeTheCallStopsItBeforeAnyRequest() throws {
        // A silent member: a request that went out would wait 600 s.
        let silent = try TestPorts.bound(listening: 8)
        defer { close(silent.fd) }
        let client = try EtcdClient(configuration: EtcdConfiguration(
            endpoints: [EtcdEndpoint(host: "127.0.0.1", port: silent.port)], requestTimeout: .seconds(600)))
        let handle = EtcdCancellation()
        handle.cancel()
        #expect(throws: CancellationError.self) { try client.blocking(cancellation: handle).get("/t/k") }
        #expect(handle.isCancelled)
    }

    @Test func anUncancelledBlockingCallGivesTheSameExit4AsTheAsyncOne() async throws {
        let closed = [try EtcdCluster.freePort(), try EtcdCluster.freePort()]
        let client = try EtcdClient(configuration: EtcdConfiguration(
            endpoints: closed.map { EtcdEndpoint(host: "127.0.0.1", port: $0) }, requestTimeout: .seconds(600),
            rounds: 2, backoff: .milliseconds(50)))
        let blocking: APNsError?
        do {
            _ = try client.blocking.get("/t/k")
            blocking = nil
        } catch let error as APNsError {
            blocking = error
        }
        let async = await apnsError { _ = try await client.get("/t/k") }
        let error = try #require(blocking)
        #expect(error.status == .unreachable)
        #expect(error.message.contains("none of the 2 members could serve it in 2 rounds"), "\(error)")
        #expect(error.message == async?.message)
        #expect(error.hint == async?.hint)
    }
}
