import APNsCore
import Foundation

/// A clock that only moves when told to: for tests of token caches and expiry, in apnsctl and in code that
/// embeds ``TokenProvider``. Safe to share between tasks.
public final class ManualClock: APNsClock, @unchecked Sendable {
    // @unchecked: `current` is only touched under `lock`.
    private let lock = NSLock()
    private var current: Date

    /// Starts at `start` (default: 2027-01-15T08:00:00Z, a whole second).
    public init(_ start: Date = Date(timeIntervalSince1970: 1_800_000_000)) { current = start }

    public func now() -> Date {
        lock.lock()
        defer { lock.unlock() }
        return current
    }

    /// Jumps to `date` (backwards too).
    public func set(_ date: Date) {
        lock.lock()
        current = date
        lock.unlock()
    }

    /// Moves by `seconds` (negative moves back).
    public func advance(_ seconds: TimeInterval) {
        lock.lock()
        current = current.addingTimeInterval(seconds)
        lock.unlock()
    }
}
