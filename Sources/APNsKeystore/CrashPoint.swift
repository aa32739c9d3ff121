#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Named points inside mutating keystore operations where the crash test kills the process.
///
/// Only debug builds look at `APNSCTL_DEBUG_CRASH_AT`; when it names the point reached, the process sends
/// itself SIGKILL, exactly as `kill -9` would. Release builds compile this to nothing.
public enum CrashPoint {
    /// The environment variable the crash test sets (debug builds only).
    public static let variable = "APNSCTL_DEBUG_CRASH_AT"

    public static func reach(_ name: String) {
        #if DEBUG
        if let wanted = getenv(variable), String(cString: wanted) == name {
            kill(getpid(), SIGKILL)
        }
        #endif
    }
}
