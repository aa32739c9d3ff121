import NIOCore

/// Runs a Swift task's jobs on a NIO event loop instead of the shared cooperative pool, so work the TLS handshake
/// waits for (client certificate verification, async in swift-certificates) cannot be starved by callers that block
/// pool threads while they wait for the handshake (a test driving curl synchronously, for one).
final class EventLoopTaskExecutor: TaskExecutor, Sendable {
    private let eventLoop: any EventLoop

    init(_ eventLoop: any EventLoop) {
        self.eventLoop = eventLoop
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        eventLoop.execute { [self] in
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
