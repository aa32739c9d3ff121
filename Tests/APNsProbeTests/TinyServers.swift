import APNsCore
import Foundation
import TestSupport
import Testing

/// Throwaway servers on 127.0.0.1 for transport tests: nghttpd (a real HTTP/2 server), and tiny misbehaving
/// ones written here in Python (HTTP/1.1 only, a stall, GOAWAY, a stream reset). Each listens on a port it
/// picks itself and prints it; `stop()` ends it.
final class TestServer: @unchecked Sendable {
    let process: Process
    let port: Int
    let directory: URL

    private init(process: Process, port: Int, directory: URL) {
        self.process = process
        self.port = port
        self.directory = directory
    }

    deinit { stop() }

    func stop() {
        if process.isRunning {
            // Children inherit the test runner's signal mask, in which SIGTERM is blocked (nghttpd then never
            // sees `terminate()` and `waitUntilExit()` hangs): end them with SIGKILL. (Lead's fix, 05:40.)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    /// A fresh directory holding a self-signed P-256 certificate for 127.0.0.1/localhost (`cert.pem`, `key.pem`),
    /// made with the openssl binary. The certificate doubles as the CA to trust (`--cacert`).
    static func certificateDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("apnsctl-probe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let status = try run("/usr/bin/openssl", ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256",
                                                  "-nodes", "-keyout", "key.pem", "-out", "cert.pem", "-days", "2",
                                                  "-subj", "/CN=localhost",
                                                  "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost"], in: directory)
        #expect(status == 0, "openssl req failed")
        return directory
    }

    /// nghttpd serving HTTP/2 over TLS, echoing request bodies with 200.
    static func nghttpd(certificates: URL, maxStreams: Int = 100) throws -> TestServer {
        let port = try freePort()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/sbin/nghttpd")
        process.arguments = ["--echo-upload", "-m", String(maxStreams), "-a", "127.0.0.1", String(port),
                             certificates.appendingPathComponent("key.pem").path,
                             certificates.appendingPathComponent("cert.pem").path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        try waitUntilListening(port)
        return TestServer(process: process, port: port, directory: certificates)
    }

    /// One of the Python servers: `stall-tcp`, `stall-tls`, `http1`, `goaway`, `rst`, `plain` (no TLS at all).
    static func python(_ mode: String, certificates: URL) throws -> TestServer {
        let script = certificates.appendingPathComponent("tiny_server.py")
        try tinyServerScript.write(to: script, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, mode, certificates.path]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let port = Int(text) else {
            process.terminate()
            throw ServerError(message: "tiny server \(mode) did not print a port: \(text)")
        }
        return TestServer(process: process, port: port, directory: certificates)
    }

    static func freePort() throws -> Int { try TestPorts.free() }

    static func waitUntilListening(_ port: Int) throws {
        for _ in 0..<200 {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = UInt16(port).bigEndian
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            close(fd)
            if connected == 0 { return }
            usleep(25_000)
        }
        throw ServerError(message: "nothing listens on \(port)")
    }

    @discardableResult
    static func run(_ tool: String, _ arguments: [String], in directory: URL) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    struct ServerError: Error { var message: String }
}

/// Misbehaving servers, each a few lines of Python's socket and ssl modules, printing the port they listen on.
let tinyServerScript = #"""
import os, socket, ssl, struct, sys, threading, time

mode, certdir = sys.argv[1], sys.argv[2]
listener = socket.socket()
listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
listener.bind(("127.0.0.1", 0))
listener.listen(16)
print(listener.getsockname()[1], flush=True)

def tls(conn, alpn):
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.load_cert_chain(os.path.join(certdir, "cert.pem"), os.path.join(certdir, "key.pem"))
    ctx.set_alpn_protocols(alpn)
    return ctx.wrap_socket(conn, server_side=True)

def frame(kind, flags, stream, payload=b""):
    return struct.pack(">I", len(payload))[1:] + bytes([kind, flags]) + struct.pack(">I", stream) + payload

def read_preface(s):
    data = b""
    while len(data) < 24:
        chunk = s.recv(65536)
        if not chunk: return None
        data += chunk
    return data[24:]

def wait_for_headers(s, data, deadline=10):
    # Reads the client's frames until its first HEADERS (type 1) has arrived, or the deadline passes: the
    # condition the GOAWAY/RST modes need, instead of a fixed sleep before one read.
    s.settimeout(deadline)
    while True:
        while len(data) >= 9:
            length = int.from_bytes(data[0:3], "big")
            if len(data) < 9 + length: break
            if data[3] == 1: return True
            data = data[9 + length:]
        try: chunk = s.recv(65536)
        except Exception: return False
        if not chunk: return False
        data += chunk

def serve(conn):
    try:
        if mode == "stall-tcp":
            time.sleep(3600)
        if mode == "plain":  # a plain-text HTTP port: answers a TLS ClientHello in clear text
            conn.recv(65536)
            conn.sendall(b"HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\nconnection: close\r\n\r\n")
            time.sleep(1); conn.close(); return
        s = tls(conn, ["http/1.1"] if mode == "http1" else ["h2"])
        if mode == "http1":
            s.recv(65536)
            body = b"hello over HTTP/1.1\n"
            s.sendall(b"HTTP/1.1 200 OK\r\ncontent-length: %d\r\ncontent-type: text/plain\r\n\r\n" % len(body) + body)
            time.sleep(1); s.close(); return
        rest = read_preface(s)
        if rest is None: return
        s.sendall(frame(4, 0, 0))  # SETTINGS
        if mode == "stall-tls":
            time.sleep(3600)
        wait_for_headers(s, rest)
        s.settimeout(None)
        if mode == "goaway":
            s.sendall(frame(7, 0, 0, struct.pack(">II", 0, 0) + b'{"reason":"Shutdown"}'))
        elif mode == "rst":
            s.sendall(frame(4, 1, 0))
            s.sendall(frame(3, 0, 1, struct.pack(">I", 2)))  # RST_STREAM INTERNAL_ERROR on stream 1
        time.sleep(3600)
    except Exception:
        pass

while True:
    conn, _ = listener.accept()
    threading.Thread(target=serve, args=(conn,), daemon=True).start()
"""#
