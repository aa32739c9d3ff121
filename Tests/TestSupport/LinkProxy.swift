import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A TCP proxy on 127.0.0.1 for the fleet's fault tests: it forwards every connection to `targetPort` and can cut
/// links, as a network partition would (loopback only; no root, no iptables).
///
/// - ``cut()`` closes every link through it and refuses new ones until ``heal()``; ``freeze()`` keeps the open ones open
///   and copies nothing on them until ``thaw()``.
/// - With `sniffsPeers`, it reads the start of each connection's first HTTP request for etcd's `X-Server-From`
///   header (every Raft message between members carries it: streams and pipelined posts), so ``block(source:)``
///   cuts only the links a given member opened: put every member's peer URL behind one of these, and a member is
///   isolated by cutting its own proxy and blocking its ID at the others' (``EtcdCluster/isolate(_:)``).
///
/// Each link is copied by a thread of its own with `poll(2)`; a cut shuts the sockets down (the copying thread
/// closes them), so a process on either side sees its connection end at once.
public final class LinkProxy: @unchecked Sendable {
    /// The port it listens on.
    public let port: Int
    /// The port it forwards to.
    public let targetPort: Int
    private let sniffsPeers: Bool
    private let listener: Int32
    private let lock = NSLock()
    private var isCut = false
    private var frozen: Set<Int> = []
    private var blocked: Set<String> = []
    private var links: [Int: (client: Int32, server: Int32, source: String?)] = [:]
    private var nextLink = 0
    private var accepted = 0
    private var stopped = false

    /// Listens on a free port of 127.0.0.1, forwarding to `targetPort` there.
    public init(to targetPort: Int, sniffsPeers: Bool = false) throws {
        self.targetPort = targetPort
        self.sniffsPeers = sniffsPeers
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = Self.loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer -> Int32 in
                guard bind(fd, pointer, length) == 0, listen(fd, 128) == 0 else { return -1 }
                return getsockname(fd, pointer, &length)
            }
        }
        guard bound == 0 else {
            close(fd)
            throw ClusterError(message: "link proxy: cannot listen on 127.0.0.1")
        }
        listener = fd
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    /// Closes every link and refuses new ones until ``heal()``.
    public func cut() {
        let open = lock.withLock { () -> [(client: Int32, server: Int32, source: String?)] in
            isCut = true
            return Array(links.values)
        }
        for link in open { Self.shut(link) }
    }

    /// Closes the links member `source` (an etcd member ID in hex, as `X-Server-From` gives it) opened, and
    /// refuses its new ones until ``unblock(source:)`` or ``heal()``.
    public func block(source: String) {
        let open = lock.withLock { () -> [(client: Int32, server: Int32, source: String?)] in
            blocked.insert(source)
            return links.values.filter { $0.source == source }
        }
        for link in open { Self.shut(link) }
    }

    /// Lets `source` through again.
    public func unblock(source: String) { lock.withLock { _ = blocked.remove(source) } }

    /// Forwards every new connection again.
    public func heal() {
        lock.withLock {
            isCut = false
            blocked.removeAll()
        }
    }

    /// Stops copying bytes on the links open now, keeping them open (new links flow): a stalled path for the
    /// connections already made, such as a dropped NAT mapping.
    public func freeze() { lock.withLock { frozen = Set(links.keys) } }

    /// Copies bytes again on the links ``freeze()`` stopped.
    public func thaw() { lock.withLock { frozen = [] } }

    /// How many links are open now.
    public var openLinks: Int { lock.withLock { links.count } }
    /// How many connections it has accepted since it started.
    public var acceptedLinks: Int { lock.withLock { accepted } }

    /// Stops listening and closes every link.
    public func stop() {
        let open = lock.withLock { () -> [(client: Int32, server: Int32, source: String?)] in
            stopped = true
            return Array(links.values)
        }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        for link in open { Self.shut(link) }
    }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            if client < 0 {
                if lock.withLock({ stopped }) { return }
                if errno == EINTR || errno == ECONNABORTED { continue }
                return
            }
            lock.withLock { accepted += 1 }
            Thread.detachNewThread { [self] in serve(client) }
        }
    }

    private func serve(_ client: Int32) {
        var one: Int32 = 1
        setsockopt(client, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        let head = sniffsPeers ? Self.readHead(client) : []
        let source = sniffsPeers ? Self.serverFrom(head) : nil
        let refused = lock.withLock { isCut || stopped || source.map(blocked.contains) == true }
        guard !refused, let server = Self.connect(to: targetPort) else {
            close(client)
            return
        }
        setsockopt(server, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        let id = lock.withLock { () -> Int in
            nextLink += 1
            links[nextLink] = (client, server, source)
            return nextLink
        }
        // A cut that came while connecting: honour it.
        if lock.withLock({ isCut || source.map(blocked.contains) == true }) { Self.shut((client, server, source)) }
        if head.isEmpty || Self.writeAll(server, head) {
            pump(client, server, link: id)
        }
        lock.withLock { _ = links.removeValue(forKey: id) }
        close(client)
        close(server)
    }

    /// Copies both ways until either side ends or fails.
    private func pump(_ client: Int32, _ server: Int32, link: Int) {
        var buffer = [UInt8](repeating: 0, count: 65536)
        var fds = [pollfd(fd: client, events: Int16(POLLIN), revents: 0), pollfd(fd: server, events: Int16(POLLIN), revents: 0)]
        while true {
            if lock.withLock({ frozen.contains(link) && !isCut && !stopped }) {
                usleep(10_000)
                continue
            }
            fds[0].revents = 0
            fds[1].revents = 0
            let ready = poll(&fds, 2, 1000)
            if ready < 0 { if errno == EINTR { continue }; return }
            if ready == 0 { continue }
            for (index, entry) in fds.enumerated() where entry.revents != 0 {
                let from = index == 0 ? client : server, to = index == 0 ? server : client
                let count = buffer.withUnsafeMutableBytes { read(from, $0.baseAddress, $0.count) }
                if count <= 0 { return }
                if !Self.writeAll(to, Array(buffer[0..<count])) { return }
            }
        }
    }

    /// The start of the first request: up to the end of its headers, 8 KB, or 2 seconds.
    private static func readHead(_ fd: Int32) -> [UInt8] {
        var head: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let end = Date().addingTimeInterval(2)
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        while head.count < 8192, Date() < end {
            entry.revents = 0
            guard poll(&entry, 1, 200) > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            head += buffer[0..<count]
            if head.count >= 4, String(decoding: head, as: UTF8.self).contains("\r\n\r\n") { break }
        }
        return head
    }

    /// etcd's `X-Server-From` header in `head`, lowercased.
    private static func serverFrom(_ head: [UInt8]) -> String? {
        for line in String(decoding: head, as: UTF8.self).split(separator: "\r\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == "x-server-from" {
                return parts[1].trimmingCharacters(in: .whitespaces).lowercased()
            }
        }
        return nil
    }

    private static func shut(_ link: (client: Int32, server: Int32, source: String?)) {
        shutdown(link.client, Int32(SHUT_RDWR))
        shutdown(link.server, Int32(SHUT_RDWR))
    }

    private static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written <= 0 {
                if written < 0, errno == EINTR { continue }
                return false
            }
            offset += written
        }
        return true
    }

    private static func connect(to port: Int) -> Int32? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = loopback(port: port)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(fd)
            return nil
        }
        return fd
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return address
    }
}
