#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where "now" comes from. Token caches and expiry checks take one so tests can move time by hand.
public protocol APNsClock: Sendable {
    func now() -> Date
    /// True when ``now()`` moves with the machine's wall clock, so a loop may sleep until a deadline; false (the
    /// default) for a clock that can jump (a test's), which a loop has to read again at a short interval.
    var followsWallTime: Bool { get }
}

extension APNsClock {
    public var followsWallTime: Bool { false }
}

/// The machine's wall clock.
public struct SystemClock: APNsClock {
    public init() {}
    public func now() -> Date { Date() }
    public var followsWallTime: Bool { true }
}
