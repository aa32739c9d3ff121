import APNsCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

/// A clock that only moves when told to: for tests of token caches and expiry, in apnsctl and in code that
/// embeds ``TokenProvider``. Safe to share between tasks.
public final class ManualClock: APNsClock, Sendable {
    private let current: Mutex<Date>

    /// Starts at `start` (default: 2027-01-15T08:00:00Z, a whole second).
    public init(_ start: Date = Date(timeIntervalSince1970: 1_800_000_000)) { current = Mutex(start) }

    public func now() -> Date { current.withLock { $0 } }

    /// Jumps to `date` (backwards too).
    public func set(_ date: Date) { current.withLock { $0 = date } }

    /// Moves by `seconds` (negative moves back).
    public func advance(_ seconds: TimeInterval) { current.withLock { $0 = $0.addingTimeInterval(seconds) } }
}
