import Foundation
import Synchronization

/// Free TCP ports on 127.0.0.1 for the servers the tests start.
public enum TestPorts {
    /// A TCP port on 127.0.0.1 that nothing listens on now, for a server a test starts (or as a port that refuses).
    ///
    /// The server binds it later, so the port is taken below the kernel's ephemeral range
    /// (`net.ipv4.ip_local_port_range`): the local port of an outgoing connection, which the kernel picks from that
    /// range, can never take it meanwhile (an etcd member once failed with "bind: address already in use" so).
    /// No port is handed out twice in one process; each process scans from its own offset.
    public static func free() throws -> Int {
        let low = ephemeralRangeStart()
        let first = 10_000, span = low - first
        guard span >= 1_000 else { return try freeEphemeral() }
        let start = Int(getpid()) &* 7_919 % span
        for step in 0..<span {
            let port = first + (start + step) % span
            guard handedOut.withLock({ $0.insert(port).inserted }) else { continue }
            if let socket = try? bound(port: port) {
                close(socket.fd)
                return port
            }
        }
        throw ClusterError(message: "no free port on 127.0.0.1 between \(first) and \(low - 1)")
    }

    /// A TCP socket bound to a free port on 127.0.0.1 (listening when `backlog` is given), and its port; the
    /// caller closes it.
    public static func bound(listening backlog: Int32? = nil) throws -> (fd: Int32, port: Int) {
        try bound(port: 0, listening: backlog)
    }

    private static let handedOut = Mutex<Set<Int>>([])

    /// The first port of the kernel's ephemeral range (32768 when it cannot be read).
    private static func ephemeralRangeStart() -> Int {
        let text = (try? String(contentsOfFile: "/proc/sys/net/ipv4/ip_local_port_range", encoding: .utf8)) ?? ""
        return text.split(whereSeparator: \.isWhitespace).first.flatMap { Int($0) } ?? 32_768
    }

    /// A port from the ephemeral range, where the kernel puts a socket bound to port 0.
    private static func freeEphemeral() throws -> Int {
        let (fd, port) = try bound()
        close(fd)
        return port
    }

    private static func bound(port: Int, listening backlog: Int32? = nil) throws -> (fd: Int32, port: Int) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer -> Int32 in
                guard bind(fd, pointer, length) == 0 else { return -1 }
                if let backlog, listen(fd, backlog) != 0 { return -1 }
                return getsockname(fd, pointer, &length)
            }
        }
        guard bound == 0 else {
            close(fd)
            throw ClusterError(message: "cannot bind port \(port) on 127.0.0.1")
        }
        return (fd, Int(UInt16(bigEndian: address.sin_port)))
    }
}
