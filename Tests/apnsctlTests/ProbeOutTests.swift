import Foundation
import Testing

/// `probe --out FILE`: the report replaces FILE atomically (for node_exporter's textfile collector).
@Suite struct ProbeOutTests {
    @Test func writesThePrometheusSnapshotToAFileAndNothingToStdout() throws {
        let directory = CLI.temporaryDirectory("probe-out")
        defer { try? FileManager.default.removeItem(at: directory) }
        let keystore = directory.appendingPathComponent("ks").path
        #expect(try CLI.run(["keystore", "init", keystore]).status == 0)
        #expect(try CLI.run(["key", "generate", "--keystore", keystore, "--team", "PROBEOUT01",
                             "--key-id", "PROBEKEY01"]).status == 0)
        let ca = directory.appendingPathComponent("ca.pem").path
        let server = try MockServeProcess(["mock", "serve", "--keystore", keystore, "--port", "0", "--ca-out", ca])
        defer { server.kill() }
        let port = try server.port()
        let out = directory.appendingPathComponent("apns.prom").path
        let arguments = ["probe", "--keystore", keystore, "--team", "PROBEOUT01", "--topic", "com.example.out",
                         "--host", "127.0.0.1", "--port", String(port), "--cacert", ca,
                         "--format", "prometheus", "--out", out]
        for _ in 0..<2 {  // the second run replaces the file
            let result = try CLI.run(arguments)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
        let text = try String(contentsOfFile: out, encoding: .utf8)
        #expect(text.contains("apnsctl_probe_success{host=\"127.0.0.1\",port=\"\(port)\",environment=\"custom\"} 1"))
        let mode = try FileManager.default.attributesOfItem(atPath: out)[.posixPermissions] as? Int
        #expect(mode == 0o644)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["apns.prom", "ca.pem", "ks"])
    }

    @Test func outDoesNotGoWithInterval() throws {
        let result = try CLI.run(["probe", "--env", "development", "--count", "2", "--interval", "1", "--out", "x.prom"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--out writes one snapshot"))
    }
}
