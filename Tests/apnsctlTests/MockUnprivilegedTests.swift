import Foundation
import Testing

/// `mock serve` run by an ordinary user accepts TLS connections. It used to ask for TCP_NODELAY as a SOL_SOCKET
/// option, which at that level is SO_DEBUG: root may set it, anyone else gets EACCES, and NIO closed every
/// accepted connection before the handshake (make dist-check found it: it runs the mock as a newcomer).
@Suite struct MockUnprivilegedTests {
    static let nobody = 65534

    @Test(.enabled(if: getuid() == 0, "switching to an unprivileged user needs root"))
    func mockServeAnswersWhenRunByAnOrdinaryUser() throws {
        let directory = CLI.temporaryDirectory("mock-nobody")
        #expect(chmod(directory.path, 0o777) == 0)
        let ca = directory.appendingPathComponent("ca.pem").path
        let server = try MockServeProcess(["mock", "serve", "--port", "0", "--ca-out", ca],
                                          user: Self.nobody, environment: ["HOME": directory.path])
        defer { server.kill() }
        let port = try server.port()
        server.keepReading()
        // No key is trusted: the mock must still complete TLS and HTTP/2 and answer with an APNs status.
        let response = try MockTool.curl(["-X", "POST", "-H", "apns-topic: com.example.app", "--data", "{}",
                                          "https://127.0.0.1:\(port)/3/device/\(String(repeating: "ab", count: 32))"],
                                         ca: ca)
        #expect(response.version == "2")
        #expect(response.status == 403, "body: \(response.body)")
        let stopped = server.terminate()
        #expect(stopped.stdout.contains(" -> 403"), "\(stopped.stdout)")
    }
}
