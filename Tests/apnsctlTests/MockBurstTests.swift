import Foundation
import Testing

/// `apnsctl probe --count 1000` against `apnsctl mock serve`: libcurl resets each stream it has read, and 1000
/// resets used to trip the mock's HTTP/2 reset guard (GOAWAY ENHANCE_YOUR_CALM naming stream 0: "996× 200,
/// 4× protocol", exit 4). Every canary must be answered 200, each once.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl"), "needs openssl"))
struct MockBurstTests {
    static let device = String(repeating: "ab", count: 32)

    @Test func aThousandCanariesOnOneConnectionAreAllAnswered() throws {
        let directory = CLI.temporaryDirectory("mock-burst")
        defer { try? FileManager.default.removeItem(at: directory) }
        try CLI.keystoreWithToken(in: directory)
        let keystore = directory.appendingPathComponent("ks").path
        let ca = directory.appendingPathComponent("ca.pem").path
        let server = try MockServeProcess(["mock", "serve", "--port", "0", "--keystore", keystore, "--ca-out", ca,
                                           "--format", "json", "--device", "\(Self.device)=com.example.app"])
        defer { server.kill() }
        let listening = try #require(try JSONSerialization.jsonObject(with: Data((server.firstLine() ?? "").utf8))
                                         as? [String: Any])
        let port = try #require(listening["port"] as? Int)
        server.keepReading()
        let result = try CLI.run(["probe", "--host", "127.0.0.1", "--port", String(port), "--cacert", ca,
                                  "--format", "json", "--timeout", "60", "--token-file", "token.jwt",
                                  "--topic", "com.example.app", "--device-token", Self.device, "--count", "1000"],
                                 in: directory, timeout: 300)
        #expect(result.status == 0, "\(result.stdout.prefix(2000)) \(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
        #expect(json["requests"] as? Int == 1000)
        #expect((json["answers"] as? [String: Int]) == ["200": 1000], "\(json)")

        let stopped = server.terminate()
        #expect(stopped.status == 0)
        let logged = stopped.stdout.split(separator: "\n").dropFirst().dropLast()
            .compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(logged.filter { $0["status"] as? Int == 200 }.count == 1000)
        #expect(!logged.contains { $0["method"] as? String == "GOAWAY" })
        // Each canary's apns-id once: nothing was sent twice.
        let ids = logged.compactMap { $0["apns_id"] as? String }
        #expect(ids.count == 1000 && Set(ids).count == 1000)
    }
}
