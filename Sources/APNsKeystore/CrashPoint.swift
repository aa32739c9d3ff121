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
/// itself SIGKILL, exactly as `kill -9` would. The failure drills also use `APNSCTL_DEBUG_PAUSE_AT`: at the point
/// it names, the process creates the file `APNSCTL_DEBUG_PAUSE_FILE` and waits until the test removes it (having
/// killed or frozen an etcd member meanwhile). Release builds compile this to nothing.
public enum CrashPoint {
    /// The environment variable the crash test sets (debug builds only).
    public static let variable = "APNSCTL_DEBUG_CRASH_AT"
    /// The point where a failure drill pauses (debug builds only).
    public static let pauseVariable = "APNSCTL_DEBUG_PAUSE_AT"
    /// The file that marks the pause while it lasts.
    public static let pauseFileVariable = "APNSCTL_DEBUG_PAUSE_FILE"

    public static func reach(_ name: String) {
        #if DEBUG
        if let wanted = getenv(variable), String(cString: wanted) == name {
            kill(getpid(), SIGKILL)
        }
        if let wanted = getenv(pauseVariable), String(cString: wanted) == name, let file = getenv(pauseFileVariable) {
            let path = String(cString: file)
            let fd = open(path, O_CREAT | O_WRONLY, 0o600)
            if fd >= 0 { close(fd) }
            // At most two minutes, so a drill that fails never leaves a process behind.
            for _ in 0..<1200 where access(path, F_OK) == 0 { usleep(100_000) }
        }
        #endif
    }
}
