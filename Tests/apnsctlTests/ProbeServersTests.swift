import Foundation
import Testing

/// A server on 127.0.0.1 for the probe's end-to-end tests: nghttpd (HTTP/2) or `openssl s_server -www`
/// (HTTP/1.x only), with a throwaway self-signed certificate made by the openssl binary.
final class ProbeLocalServer: @unchecked Sendable {
    let process: Process
    let port: Int
    let caFile: String

    private init(process: Process, port: Int, caFile: String) {
        self.process = process
        self.port = port
        self.caFile = caFile
    }

    deinit { stop() }

    func stop() {
        // nghttpd ignores SIGTERM: kill it outright.
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    /// nghttpd; `echoUpload` false answers a POST to a path it has no file for with 404 and no reason.
    static func nghttpd(echoUpload: Bool = true) throws -> ProbeLocalServer {
        let directory = try certificates()
        let port = try SilentListener.freePort()
        return try start("/usr/sbin/nghttpd", (echoUpload ? ["--echo-upload"] : []) + ["-a", "127.0.0.1", String(port),
                                                directory.appendingPathComponent("key.pem").path,
                                                directory.appendingPathComponent("cert.pem").path],
                         port: port, directory: directory)
    }

    /// `openssl s_server -www`: TLS without ALPN h2, answering HTTP/1.0.
    static func opensslWWW() throws -> ProbeLocalServer {
        let directory = try certificates()
        let port = try SilentListener.freePort()
        return try start("/usr/bin/openssl", ["s_server", "-quiet", "-www", "-accept", "127.0.0.1:\(port)",
                                               "-cert", directory.appendingPathComponent("cert.pem").path,
                                               "-key", directory.appendingPathComponent("key.pem").path],
                         port: port, directory: directory)
    }

    private static func start(_ tool: String, _ arguments: [String], port: Int, directory: URL) throws -> ProbeLocalServer {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardInput = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let server = ProbeLocalServer(process: process, port: port,
                                      caFile: directory.appendingPathComponent("cert.pem").path)
        // Wait for the condition the tests rely on (the port accepts), with a deadline, and say so if it never does.
        let deadline = Date().addingTimeInterval(10)
        while !SilentListener.accepts(port), Date() < deadline { usleep(25_000) }
        try #require(SilentListener.accepts(port), "\(tool) never listened on 127.0.0.1:\(port)")
        return server
    }

    /// A self-signed P-256 certificate for 127.0.0.1 (`cert.pem`, `key.pem`), which is also the CA to trust.
    static func certificates() throws -> URL {
        let directory = CLI.temporaryDirectory("probe-tls")
        let status = try CLI.tool("/usr/bin/openssl", ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256",
                                                   "-nodes", "-keyout", directory.appendingPathComponent("key.pem").path,
                                                   "-out", directory.appendingPathComponent("cert.pem").path,
                                                   "-days", "2", "-subj", "/CN=localhost",
                                                   "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost"]).status
        try #require(status == 0, "openssl req failed")
        return directory
    }

    /// Runs curl and returns its stdout.
    static func curl(_ arguments: [String]) throws -> String {
        try CLI.tool("/usr/bin/curl", arguments).output
    }
}

/// A TCP socket on 127.0.0.1 that listens and never accepts: the kernel completes the handshake, nothing answers.
final class SilentListener: @unchecked Sendable {
    let fd: Int32
    let port: Int

    init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.fd = fd
        var address = Self.loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ok = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && listen(fd, 8) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard ok else {
            close(fd)
            throw CocoaError(.fileWriteUnknown)
        }
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { close(fd) }

    /// How many connections wait in the backlog (accepts them without blocking to count them).
    func connectionsWaiting() -> Int {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        var count = 0
        while true {
            let client = accept(fd, nil, nil)
            if client < 0 { break }
            close(client)
            count += 1
        }
        return count
    }

    static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return address
    }

    static func freePort() throws -> Int {
        try SilentListener().port
    }

    static func accepts(_ port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = loopback(port: port)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }
}
