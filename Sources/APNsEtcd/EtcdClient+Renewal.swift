import APNsCurl

/// A lease kept alive while a piece of blocking work runs.
extension EtcdBlockingClient {
    /// Runs `body` while a thread of its own renews `lease` every `period`; the renewals stop when `body` returns
    /// or throws. A renewal that fails is not retried early: the next one comes a period later, and a lease that
    /// lapsed shows in the keys and locks it carried.
    public func renewing<T>(lease: Int64, every period: Duration, _ body: () throws -> T) throws -> T {
        let stop = EtcdCancellation()
        let renewals = client.blocking(cancellation: stop)
        do throws(CurlThread.StartError) {
            try CurlThread.detach {
                while (try? stop.pause(for: period)) != nil {
                    _ = try? renewals.keepAlive(lease: lease)
                }
            }
        } catch {
            throw EtcdFailure.transport(error.description)
                .apnsError(at: client.currentEndpoint, user: client.configuration.credentials?.user)
        }
        defer { stop.cancel() }
        return try body()
    }
}
