import Foundation
import Testing

/// Which OpenSSL provider modules a probe opens (docs/benchmarks.md): a token probe uses OpenSSL's implicit default
/// provider, as `curl` does, and never opens the legacy provider module; a probe with a legacy (RC2/3DES) .p12 client
/// certificate still gets it. Seen through the dynamic loader's own log: `LD_DEBUG=files` names every object opened.
@Suite(.serialized, .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl"), "needs openssl"))
struct ProbeProviderLoadingTests {
    static let legacyModule = "ossl-modules/legacy.so"

    @Test func aTokenProbeDoesNotOpenTheLegacyProvider() throws {
        let directory = CLI.temporaryDirectory("probe-providers")
        defer { try? FileManager.default.removeItem(at: directory) }
        try CLI.keystoreWithToken(in: directory)
        let ca = directory.appendingPathComponent("ca.pem").path
        let server = try MockServeProcess(["mock", "serve", "--port", "0", "--keystore",
                                           directory.appendingPathComponent("ks").path, "--ca-out", ca])
        defer { server.kill() }
        let result = try CLI.run(["probe", "--host", "127.0.0.1", "--port", String(try server.port()), "--cacert", ca,
                                  "--token-file", "token.jwt", "--topic", "com.example.app"],
                                 in: directory, environment: ["LD_DEBUG": "files"])
        #expect(result.status == 0, "stderr: \(result.stderr.suffix(2000))")
        #expect(result.stdout.contains("transport and credential accepted"))
        #expect(result.stderr.contains("libcurl.so"), "LD_DEBUG=files logs every object the probe opens")
        #expect(!result.stderr.contains(Self.legacyModule), "a token probe needs no legacy cipher")
    }

    @Test func aLegacyP12ProbeStillOpensTheLegacyProvider() throws {
        let directory = try ProbeCertificateCommandTests.credentials()
        defer { try? FileManager.default.removeItem(at: directory) }
        let mock = try MockServeProcess(["mock", "serve", "--port", "0",
                                         "--client-ca", directory.appendingPathComponent("ca.pem").path,
                                         "--ca-out", directory.appendingPathComponent("server-ca.pem").path])
        defer { mock.kill() }
        let result = try CLI.run(["probe", "--host", "127.0.0.1", "--port", String(try mock.port()),
                                  "--cacert", directory.appendingPathComponent("server-ca.pem").path,
                                  "--cert", directory.appendingPathComponent("client.p12").path,
                                  "--password-env", "PROBE_P12_PASSWORD"],
                                 environment: ["PROBE_P12_PASSWORD": "pw", "LD_DEBUG": "files"])
        #expect(result.status == 0, "stderr: \(result.stderr.suffix(2000))")
        #expect(result.stdout.contains("transport and credential accepted"))
        #expect(result.stderr.contains(Self.legacyModule), "RC2-40 and 3DES are in OpenSSL's legacy provider")
    }
}
