#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// The clock a command runs on: the machine's wall clock.
///
/// Debug builds also honour `APNSCTL_DEBUG_CLOCK_FILE`: a file holding a time as unix seconds, read again at
/// every ``now()``, so a test can move the "now" of several running processes (fleet agents over a simulated day,
/// the 55-minute rule with etcd down) by rewriting one file. Release builds compile that away.
public struct ProcessClock: APNsClock {
    /// The environment variable the tests set (debug builds only).
    public static let variable = "APNSCTL_DEBUG_CLOCK_FILE"

    private let file: String?

    public init() {
        #if DEBUG
        file = getenv(Self.variable).map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
        #else
        file = nil
        #endif
    }

    /// False when a clock file drives it (debug builds, tests): the file may be rewritten at any time.
    public var followsWallTime: Bool { file == nil }

    public func now() -> Date {
        #if DEBUG
        if let file, let text = try? String(contentsOfFile: file, encoding: .utf8),
           let seconds = Double(text.trimmingSpaces()) {
            return Date(timeIntervalSince1970: seconds)
        }
        #endif
        return Date()
    }
}
