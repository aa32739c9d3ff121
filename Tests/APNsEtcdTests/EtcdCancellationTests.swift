import APNsCore
@testable import APNsEtcd
import Foundation
import Synchronization
import Testing
import TestSupport

/// Cancelling an etcd call: in the failover's pause between rounds, and in a transfer that waits on a silent member.
/// No cluster: the members are closed ports (refused at once) or a socket that listens and never answers.
@Suite struct EtcdCancellationTests {
    /// Two ports bound and not listening: a connection to them is refused, and no server started by a test running
    /// meanwhile can take them until `body` returns.
    static func withRefusingPorts<T>(_ body: ([Int]) async throws -> T) async throws -> T {
        let sockets = [try TestPorts.bound(), try TestPorts.bound()]
        defer { sockets.forEach { close($0.fd) } }
        return try await body(sockets.map(\.port))
    }

    /// A client of members at `ports`, with a pause between rounds far longer than any test waits.
    static func downClient(_ ports: [Int], backoff: Duration = .seconds(3600), rounds: Int = 3) throws -> EtcdClient {
        try EtcdClient(configuration: EtcdConfiguration(
            endpoints: ports.map { EtcdEndpoint(host: "127.0.0.1", port: $0) }, requestTimeout: .seconds(3600),
            rounds: rounds, backoff: backoff))
    }

    @Test func aCancelledAsyncCallInTheFailoversPauseReturnsCancellationAndItsThreadLeavesThePause() async throws {
        try await Self.withRefusingPorts { ports in
            let client = try Self.downClient(ports)
            let handle = EtcdCancellation()
            let call = Task { try await client.run(with: handle) { try $0.get("/t/k") } }
            // Bounds counted in polls (the pause is 3600 s): the suites beside this one can hold the pool for minutes.
            #expect(await eventually(seconds: 120) { handle.isPausing },
                    "the call never reached the pause after its first round")
            call.cancel()
            let outcome = try await within(seconds: 120) { await call.result }
            let result = try #require(outcome, "a cancelled call still waits after 120 s (its pause is 3600 s)")
            #expect(throws: CancellationError.self) { try result.get() }
            // The thread that ran the call left its pause too (woken, not left to sleep out the 3600 s).
            #expect(await eventually(seconds: 120) { !handle.isPausing }, "the call's thread still sleeps in the pause")
        }
    }

    @Test func aBlockingCallInThePauseEndsWithCancellationErrorWhenItsHandleIsCancelled() async throws {
        try await Self.withRefusingPorts { ports in
            let client = try Self.downClient(ports)
            let handle = EtcdCancellation()
            let calls = client.blocking(cancellation: handle)
            let box = onThread { try calls.get("/t/k") }
            #expect(await eventually { handle.isPausing }, "the call never reached the pause after its first round")
            handle.cancel()
            #expect(await eventually { box.result != nil }, "the blocking call still waits after 30 s")
            let result = try #require(box.result)
            #expect(throws: CancellationError.self) { try result.get() }
        }
    }

    @Test func aBlockingCallWaitingOnASilentMemberEndsWhenItsHandleIsCancelled() async throws {
        // Listens (the kernel completes the handshake) and never reads or answers: the request waits for its answer.
        let silent = try TestPorts.bound(listening: 8)
        defer { close(silent.fd) }
        let client = try EtcdClient(configuration: EtcdConfiguration(
            endpoints: [EtcdEndpoint(host: "127.0.0.1", port: silent.port)], requestTimeout: .seconds(3600)))
        let handle = EtcdCancellation()
        let calls = client.blocking(cancellation: handle)
        let box = onThread { try calls.put("/t/k", value: Array("v".utf8)) }
        #expect(await eventually { handle.isTransferring }, "the request never started")
        handle.cancel()
        #expect(await eventually { box.result != nil }, "the transfer still waits after 30 s (its timeout is 3600 s)")
        let result = try #require(box.result)
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(!handle.isTransferring)
    }

    @Test func aHandleCancelledBeforeTheCallStopsItBeforeAnyRequest() throws {
        // A silent member: a request that went out would wait 3600 s.
        let silent = try TestPorts.bound(listening: 8)
        defer { close(silent.fd) }
        let client = try EtcdClient(configuration: EtcdConfiguration(
            endpoints: [EtcdEndpoint(host: "127.0.0.1", port: silent.port)], requestTimeout: .seconds(3600)))
        let handle = EtcdCancellation()
        handle.cancel()
        #expect(throws: CancellationError.self) { try client.blocking(cancellation: handle).get("/t/k") }
        #expect(handle.isCancelled)
    }

    @Test func anUncancelledBlockingCallGivesTheSameExit4AsTheAsyncOne() async throws {
        try await Self.withRefusingPorts { ports in
            let client = try Self.downClient(ports, backoff: .milliseconds(50), rounds: 2)
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

    @Test func aRenewalAtEveryMemberWaitingOnSilentMembersEndsWhenItsHandleIsCancelled() async throws {
        // Two members that accept and never answer: each member's call waits out its 3600 s.
        let silent = [try TestPorts.bound(listening: 8), try TestPorts.bound(listening: 8)]
        defer { silent.forEach { close($0.fd) } }
        let client = try EtcdClient(configuration: EtcdConfiguration(
            endpoints: silent.map { EtcdEndpoint(host: "127.0.0.1", port: $0.port) }, requestTimeout: .seconds(3600)))
        let handle = EtcdCancellation()
        let calls = client.blocking(cancellation: handle)
        let box = onThread { try calls.keepAliveAtEveryMember(lease: 1, wait: .seconds(3600)) }
        // Both members' connections are made (and held, unread) before the cancel. The watcher that cancels runs on
        // a thread of its own, not on the test's task: in a full run the pool's two threads can be held by
        // synchronous suites for longer than the members' wait (a fresh clone's run beside a release build saw a
        // 600 s wait end by its timeout, 669 s in, before this test's task had its next turn to cancel it). The
        // file's waits are 3600 s for the same reason.
        let silentFDs = silent.map(\.fd)
        let watcher = onThread { () -> [Int32] in
            var held: [Int32?] = [nil, nil]
            for _ in 0..<3000 where held.contains(nil) {  // polls, 10 ms apart: 30 s on a quiet machine
                for index in held.indices where held[index] == nil { held[index] = Self.acceptNow(silentFDs[index]) }
                if held.contains(nil) { usleep(10_000) }
            }
            if !held.contains(nil) { handle.cancel() }
            return held.compactMap { $0 }
        }
        #expect(await eventually(seconds: 900) { watcher.result != nil }, "the watcher never finished")
        let held = (try? watcher.result?.get()) ?? []
        defer { held.forEach { close($0) } }
        #expect(held.count == 2, "no request reached both members")
        handle.cancel()
        #expect(await eventually { box.result != nil }, "the renewal still waits after 30 s (its members' wait is 3600 s)")
        let result = try #require(box.result)
        #expect(throws: CancellationError.self) { try result.get() }
    }

    /// A connection the kernel completed on listening socket `fd`, accepted; nil when none is waiting.
    static func acceptNow(_ fd: Int32) -> Int32? {
        var readable = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&readable, 1, 0) == 1 else { return nil }
        let accepted = accept(fd, nil, nil)
        return accepted >= 0 ? accepted : nil
    }
}
