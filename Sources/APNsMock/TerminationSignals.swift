import Dispatch
import Foundation

/// SIGINT and SIGTERM as an awaitable event: how `apnsctl mock serve` knows to stop. The signals are ignored
/// while waited for, so the process can shut down cleanly instead of dying.
public enum TerminationSignals {
    /// Returns when the first SIGINT or SIGTERM arrives.
    public static func wait() async {
        let watcher = SignalWatcher([SIGINT, SIGTERM])
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            watcher.start { continuation.resume() }
        }
        watcher.cancel()
    }
}

/// Owns the dispatch sources for a set of signals; the handler runs once, for the first signal.
private final class SignalWatcher: @unchecked Sendable {
    private let queue = DispatchQueue(label: "apnsctl.signals")
    private let numbers: [Int32]
    private var sources: [any DispatchSourceSignal] = []
    private var fired = false

    init(_ numbers: [Int32]) {
        self.numbers = numbers
    }

    /// Installs the sources; `handler` runs on the first signal. Sources are touched only on `queue`.
    func start(_ handler: @escaping @Sendable () -> Void) {
        queue.sync {
            for number in numbers {
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
                source.setEventHandler { [self] in
                    guard !fired else { return }
                    fired = true
                    handler()
                }
                source.resume()
                sources.append(source)
            }
        }
    }

    func cancel() {
        queue.sync { sources.forEach { $0.cancel() } }
    }
}
