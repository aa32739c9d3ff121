import Synchronization

/// Hands the outcome of work on another thread (a call, a liveness pulse) to the task waiting for it: the first
/// outcome wins (the work's, or the task's cancellation), later ones are dropped.
final class EtcdHandoff<Value: Sendable>: Sendable {
    private typealias Waiter = CheckedContinuation<Value, any Error>
    private let state = Mutex<(waiter: Waiter?, outcome: Result<Value, any Error>?, done: Bool)>((nil, nil, false))

    func wait(_ waiter: CheckedContinuation<Value, any Error>) {
        let ready: Result<Value, any Error>? = state.withLock { state in
            if let outcome = state.outcome { state.outcome = nil; return outcome }
            state.waiter = waiter
            return nil
        }
        if let ready { waiter.resume(with: ready) }
    }

    func deliver(_ outcome: Result<Value, any Error>) {
        let waiter: Waiter? = state.withLock { state in
            guard !state.done else { return nil }
            state.done = true
            guard let waiter = state.waiter else { state.outcome = outcome; return nil }
            state.waiter = nil
            return waiter
        }
        waiter?.resume(with: outcome)
    }
}
