#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A detached POSIX thread for one blocking libcurl transfer (`curl_easy_perform`), so that the transfer never
/// holds a thread of the Swift concurrency pool (two on a two-core machine) while it waits on the network.
package enum CurlThread {
    /// The thread could not be started (the process is out of threads or memory).
    package struct StartError: Error, CustomStringConvertible {
        package var code: Int32
        package var description: String { "cannot start a thread for the transfer (pthread_create: error \(code))" }
    }

    private final class Work {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }

    /// Runs `body` on a new detached thread and returns at once.
    package static func detach(_ body: @escaping @Sendable () -> Void) throws(StartError) {
        let work = Unmanaged.passRetained(Work(body)).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        var thread = pthread_t()
        let code = pthread_create(&thread, &attributes, { context in
            guard let context else { return nil }
            Unmanaged<Work>.fromOpaque(context).takeRetainedValue().body()
            return nil
        }, work)
        guard code == 0 else {
            Unmanaged<Work>.fromOpaque(work).release()
            throw StartError(code: code)
        }
    }
}
