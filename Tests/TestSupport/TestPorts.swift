import Foundation

/// Free TCP ports on 127.0.0.1 for the servers the tests start.
public enum TestPorts {
    /// A TCP port on 127.0.0.1 that nothing listens on now.
    public static func free() throws -> Int {
        let (fd, port) = try bound()
        close(fd)
        return port
    }

    /// A TCP socket bound to a free port on 127.0.0.1 (listening when `backlog` is given), and its port; the
    /// caller closes it.
    public static func bound(listening backlog: Int32? = nil) throws -> (fd: Int32, port: Int) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
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
            throw ClusterError(message: "cannot bind a port on 127.0.0.1")
        }
        return (fd, Int(UInt16(bigEndian: address.sin_port)))
    }
}
