/// One etcd member's client address: a host name or IP literal and a port.
public struct EtcdEndpoint: Sendable, Hashable, CustomStringConvertible {
    /// A host name, an IPv4 literal, or an IPv6 literal without brackets (`::1`).
    public var host: String
    /// The client port (etcd's default is 2379).
    public var port: Int

    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// `HOST:PORT`, with an IPv6 literal in brackets: how errors name the member.
    public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }

    /// The member's base URL for the JSON gateway, `http://HOST:PORT` or `https://HOST:PORT`.
    public func baseURL(tls: Bool) -> String { "\(tls ? "https" : "http")://\(description)" }
}
