import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// SIGINT and SIGTERM as an awaitable event: how `apnsctl mock serve` knows to stop.
///
/// ``install()`` ignores both signals' default action and starts watching at once, so a signal that arrives
/// before ``wait()`` is called is not lost (and does not kill the process).
public final class TerminationSignals: @unchecked Sendable {
    // Everything below is touched only on `queue`.
    private let queue = DispatchQueue(label: "apnsctl.signals")
    private var sources: [any DispatchSourceSignal] = []
    private var received: Int32?
    private var waiter: CheckedContinuation<Int32, Never>?

    private init() {}

    /// Starts watching SIGINT and SIGTERM.
    public static func install() -> TerminationSignals {
        let watcher = TerminationSignals()
        watcher.queue.sync {
            for number in [SIGINT, SIGTERM] {
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: watcher.queue)
                source.setEventHandler { [watcher] in watcher.deliver(number) }
                source.resume()
                watcher.sources.append(source)
            }
        }
        return watcher
    }

    /// Returns the first signal received (at once if one already arrived) and stops watching.
    @discardableResult
    public func wait() async -> Int32 {
        let number = await withCheckedContinuation { (continuation: CheckedContinuation<Int32, Never>) in
            queue.async { [self] in
                if let received {
                    continuation.resume(returning: received)
                } else {
                    waiter = continuation
                }
            }
        }
        queue.sync { sources.forEach { $0.cancel() } }
        return number
    }

    private func deliver(_ number: Int32) {
        guard received == nil else { return }
        received = number
        waiter?.resume(returning: number)
        waiter = nil
    }
}
