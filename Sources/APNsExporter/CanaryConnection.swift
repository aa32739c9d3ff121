import APNsCore
import APNsExporterConfiguration
import APNsProbe
import Synchronization

/// One HTTP/2 connection to a server for one credential, kept open and shared by every canary that sends that
/// credential there: libcurl's multi handle (and its connection cache) lives as long as this object, so a round
/// reuses the connection the last one left open and reopens it only when the server closed it (GOAWAY, idle).
public final class CanaryConnection: Sendable {
    /// What identifies a connection: the server (with its trusted CAs) and the credential.
    public struct Key: Sendable, Hashable {
        public var server: CanaryServer
        public var credential: CanaryCredential
    }

    public let key: Key
    private let transport: Mutex<HTTP2Transport>

    init(key: Key, timeout: Double) {
        self.key = key
        let target = ProbeTarget(host: key.server.host, port: key.server.port, environment: key.server.environment)
        transport = Mutex(HTTP2Transport(target: target, credential: .none, caFile: key.server.caFile, timeout: timeout))
    }

    /// Sends `request` with `credential` on the kept-open connection (one round at a time per connection).
    func send(_ request: CanaryRequest, credential: ProbeCredential, timeout: Double) throws -> [Exchange] {
        try transport.withLock { transport in
            transport.credential = credential
            return try transport.send([request], within: timeout)
        }
    }
}
