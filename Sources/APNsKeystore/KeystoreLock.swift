import APNsCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// An exclusive flock on the keystore's `.lock` file, held while a change is made or the token cache is used.
///
/// flock locks belong to the open file, so they serialise processes and also separate opens in one process.
/// The lock is released when this value is released (or the process dies: the kernel drops it).
final class KeystoreLock: Sendable {
    private let fd: Int32

    /// Waits up to `timeout` seconds for the lock, then fails with a keystore error naming `path`.
    init(path: String, timeout: TimeInterval) throws {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw APNsError.keystore("\(path): cannot open the lock file: \(String(cString: strerror(errno)))",
                                     hint: "check that the keystore directory is yours and writable")
        }
        let deadline = Date().addingTimeInterval(max(0, timeout))
        var pause: useconds_t = 500
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            if code == EINTR { continue }
            guard code == EWOULDBLOCK else {
                close(fd)
                throw APNsError.keystore("\(path): cannot lock: \(String(cString: strerror(code)))")
            }
            if Date() >= deadline {
                close(fd)
                throw APNsError.keystore(
                    "\(path): the keystore is locked by another process (waited \(Int(timeout.rounded())) s)",
                    remedy: KeystoreRemedy.waitForLock)
            }
            usleep(pause)
            pause = min(pause * 2, 20_000)
        }
        self.fd = fd
    }

    deinit {
        flock(fd, LOCK_UN)
        close(fd)
    }
}
