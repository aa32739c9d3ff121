import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// SIGHUP (reload) and SIGTERM/SIGINT (stop) for the exporter, delivered on a queue of their own.
/// `@unchecked`: the sources are set once in `init`; a dispatch source is safe to cancel from any thread.
public final class ExporterSignals: @unchecked Sendable {
    private let sources: [any DispatchSourceSignal]

    /// Starts watching: `reload` on each SIGHUP, `stop` on the first SIGTERM or SIGINT.
    public init(reload: @escaping @Sendable () -> Void, stop: @escaping @Sendable (Int32) -> Void) {
        let queue = DispatchQueue(label: "apnsctl.exporter.signals")
        var sources: [any DispatchSourceSignal] = []
        for number in [SIGHUP, SIGTERM, SIGINT] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { number == SIGHUP ? reload() : stop(number) }
            source.resume()
            sources.append(source)
        }
        self.sources = sources
    }

    /// Stops watching.
    public func cancel() {
        for source in sources { source.cancel() }
    }
}
