import APNsCore
import Dispatch
import NIOCore
import NIOPosix
import Synchronization

/// Runs the etcd client's async calls for the keystore's synchronous API: the call runs as a task on a NIO event
/// loop (not the shared cooperative pool), and the caller's thread waits for it. A caller that is itself a pool
/// thread therefore cannot starve the call it waits for.
enum BlockingCall {
    private static let executor = EventLoopJobExecutor(MultiThreadedEventLoopGroup.singleton.next())

    static func run<T: Sendable>(_ operation: @escaping @Sendable () async throws -> T) throws -> T {
        let outcome = Mutex<Result<T, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task(executorPreference: executor) {
            let result: Result<T, any Error>
            do { result = .success(try await operation()) } catch { result = .failure(error) }
            outcome.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        guard let result = outcome.withLock({ $0 }) else {
            throw APNsError(.internalError, "an etcd call ended without a result")
        }
        return try result.get()
    }
}

/// A task executor that runs jobs on one event loop.
private final class EventLoopJobExecutor: TaskExecutor, Sendable {
    private let eventLoop: any EventLoop

    init(_ eventLoop: any EventLoop) { self.eventLoop = eventLoop }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        eventLoop.execute { [self] in job.runSynchronously(on: asUnownedTaskExecutor()) }
    }
}
