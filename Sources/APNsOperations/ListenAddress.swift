/// Where a server of ours listens: `HOST:PORT`, an IPv6 host in brackets, an empty host for every address, port 0
/// for a free one.
public struct ListenAddress: Sendable, Equatable {
    /// The host or address to bind (brackets removed; `0.0.0.0` for an empty host).
    public var host: String
    /// The port (0: one the system picks).
    public var port: Int

    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// `text` read as `HOST:PORT`; ``ListenAddressError/malformed(_:)`` when it is not one.
    public init(parsing text: String) throws(ListenAddressError) {
        guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]),
              (0...65535).contains(port) else {
            throw .malformed(text)
        }
        var host = String(text[..<colon])
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        self.init(host: host.isEmpty ? "0.0.0.0" : host, port: port)
    }

    /// The `http://` URL of `path` here (an IPv6 host in brackets).
    public func url(_ path: String) -> String {
        "http://\(host.contains(":") ? "[\(host)]" : host):\(port)\(path)"
    }
}

/// Why a server cannot listen where it was asked to.
public enum ListenAddressError: Error, Sendable, Equatable {
    /// The text given is not `HOST:PORT` (a port from 0 to 65535).
    case malformed(String)
    /// `address` (`HOST:PORT`) could not be bound, and why.
    case cannotListen(address: String, port: Int, failure: ListenFailure)
}

/// Why a listen address could not be bound.
public enum ListenFailure: Sendable, Equatable {
    /// Another process listens there (EADDRINUSE).
    case addressInUse
    /// A port below 1024 needs privileges (EACCES).
    case permissionDenied
    /// No network interface of this machine has that address (EADDRNOTAVAIL).
    case addressNotAvailable
    /// The host name does not resolve to an address.
    case unresolvable
    /// Another cause, in the system's words.
    case other(String)

    /// The cause in words, as `mock serve` says them.
    public var words: String {
        switch self {
        case .addressInUse: return "the address is already in use"
        case .permissionDenied: return "permission denied"
        case .addressNotAvailable: return "no network interface of this machine has that address"
        case .unresolvable: return "the host name does not resolve to an address"
        case .other(let text): return text
        }
    }
}
