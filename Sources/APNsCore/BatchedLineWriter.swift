#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
private let systemWrite = Glibc.write
#elseif canImport(Musl)
import Musl
private let systemWrite = Musl.write
#else
import Darwin
private let systemWrite = Darwin.write
#endif
import Dispatch

/// Lines to a file descriptor in batches: a line waits at most `delay` (or until `limit` bytes are waiting), so a
/// busy writer makes one `write(2)` per batch instead of one per line. The mock's request log goes through one:
/// a `write(2)` per request was 9 % of its CPU under h2load (docs/benchmarks.md). ``flush()`` writes what waits,
/// before a line that must not be late (the stop line) and at exit.
public final class BatchedLineWriter: Sendable {
    private struct State {
        var pending: [UInt8] = []
        var flushScheduled = false
    }

    private let descriptor: Int32
    private let delay: Duration
    private let limit: Int
    private let state = Mutex(State())

    /// A writer to `descriptor` (default standard output) holding lines at most `delay`, or `limit` bytes.
    public init(descriptor: Int32 = STDOUT_FILENO, delay: Duration = .milliseconds(20), limit: Int = 64 * 1024) {
        self.descriptor = descriptor
        self.delay = delay
        self.limit = limit
    }

    /// Queues `line` and a newline; writes at once when `limit` bytes wait, else within `delay`.
    public func write(_ line: String) {
        let scheduleFlush: Bool = state.withLock { state in
            state.pending.append(contentsOf: line.utf8)
            state.pending.append(0x0A)
            if state.pending.count >= limit {
                Self.drain(&state.pending, to: descriptor)
                return false
            }
            guard !state.flushScheduled else { return false }
            state.flushScheduled = true
            return true
        }
        if scheduleFlush {
            let nanoseconds = delay.components.seconds * 1_000_000_000 + delay.components.attoseconds / 1_000_000_000
            DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(nanoseconds))) { [self] in flush() }
        }
    }

    /// Writes every waiting line now.
    public func flush() {
        state.withLock { state in
            Self.drain(&state.pending, to: descriptor)
            state.flushScheduled = false
        }
    }

    /// One `write(2)` loop for all of `bytes` (short writes and EINTR retried); a write error drops the batch, as
    /// a log to a closed pipe has nowhere to go.
    private static func drain(_ bytes: inout [UInt8], to descriptor: Int32) {
        guard !bytes.isEmpty else { return }
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(descriptor, base + offset, buffer.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0 && errno == EINTR {
                    continue
                } else {
                    break
                }
            }
        }
        bytes.removeAll(keepingCapacity: true)
    }
}
