#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where "now" comes from. Token caches and expiry checks take one so tests can move time by hand.
public protocol APNsClock: Sendable {
    func now() -> Date
}

/// The machine's wall clock.
public struct SystemClock: APNsClock {
    public init() {}
    public func now() -> Date { Date() }
}
