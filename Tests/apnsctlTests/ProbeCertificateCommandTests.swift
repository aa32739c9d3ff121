import Foundation
import Testing

/// `apnsctl probe --cert` against `apnsctl mock serve --client-ca`: an APNs-style client certificate (UID bundle id,
/// sandbox OID) made by the openssl binary, as a legacy (RC2/3DES) .p12 and as PEM.
@Suite(.serialized) struct ProbeCertificateCommandTests {
    /// CA, client certificate and key, `client.p12` (legacy, password `pw`) and `client-with-key.pem`.
    static func credentials() throws -> URL {
        let directory = CLI.temporaryDirectory("probe-cert")
        let steps: [[String]] = [
            ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", "ca.key",
             "-out", "ca.pem", "-days", "2", "-subj", "/CN=apnsctl test client CA"],
            ["req", "-newkey", "rsa:2048", "-nodes", "-keyout", "client.key", "-out", "client.csr",
             "-subj", "/UID=com.example.app/CN=Apple Push Services: com.example.app/OU=TEAM123456"],
            ["x509", "-req", "-in", "client.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial",
             "-out", "client.pem", "-days", "2", "-extfile", "ext.cnf"],
            ["pkcs12", "-export", "-legacy", "-in", "client.pem", "-inkey", "client.key", "-passout", "pass:pw",
             "-out", "client.p12"],
        ]
        try Data("extendedKeyUsage=clientAuth\n1.2.840.113635.100.6.3.1=DER:0500\n".utf8)
            .write(to: directory.appendingPathComponent("ext.cnf"))
        for step in steps {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
            process.arguments = step
            process.currentDirectoryURL = directory
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            try #require(process.terminationStatus == 0, "openssl \(step[0]) failed")
        }
        let pem = try Data(contentsOf: directory.appendingPathComponent("client.pem"))
            + Data(contentsOf: directory.appendingPathComponent("client.key"))
        try pem.write(to: directory.appendingPathComponent("client-with-key.pem"))
        return directory
    }

    /// The client certificate of ``credentials()`` issued again expired (`-days -1`: notAfter a day before
    /// notBefore, expired since yesterday), with its key: `expired-with-key.pem`.
    static func expiredWithKey(in directory: URL) throws -> URL {
        let expired = directory.appendingPathComponent("expired.pem")
        let made = try CLI.tool("/usr/bin/openssl", ["x509", "-req", "-in", directory.appendingPathComponent("client.csr").path,
                                                     "-CA", directory.appendingPathComponent("ca.pem").path,
                                                     "-CAkey", directory.appendingPathComponent("ca.key").path,
                                                     "-days", "-1", "-extfile", directory.appendingPathComponent("ext.cnf").path,
                                                     "-out", expired.path])
        try #require(made.status == 0)
        let withKey = directory.appendingPathComponent("expired-with-key.pem")
        try (Data(contentsOf: expired) + Data(contentsOf: directory.appendingPathComponent("client.key"))).write(to: withKey)
        return withKey
    }

    static func probe(_ mock: MockServeProcess, _ directory: URL, _ extra: [String]) throws -> CLI.Result {
        try CLI.run(["probe", "--host", "127.0.0.1", "--port", String(try mock.port()),
                     "--cacert", directory.appendingPathComponent("server-ca.pem").path] + extra,
                    environment: ["PROBE_P12_PASSWORD": "pw"])
    }

    @Test func legacyP12AndPEMWithTheBundleIDAsTopic() throws {
        let directory = try Self.credentials()
        let mock = try MockServeProcess(["mock", "serve", "--port", "0", "--client-ca", directory.appendingPathComponent("ca.pem").path,
                                    "--ca-out", directory.appendingPathComponent("server-ca.pem").path])
        let p12 = try Self.probe(mock, directory, ["--cert", directory.appendingPathComponent("client.p12").path,
                                                   "--password-env", "PROBE_P12_PASSWORD", "--format", "json"])
        #expect(p12.status == 0, "stderr: \(p12.stderr)")
        let object = try #require(JSONSerialization.jsonObject(with: p12.stdoutData) as? [String: Any])
        #expect(object["credential"] as? String == "certificate")
        #expect(object["topic"] as? String == "com.example.app", "the topic defaults to the certificate's bundle id")
        #expect(object["reason"] as? String == "BadDeviceToken")

        let pem = try Self.probe(mock, directory, ["--cert", directory.appendingPathComponent("client-with-key.pem").path])
        #expect(pem.status == 0, "stderr: \(pem.stderr)")
        #expect(pem.stdout.contains("transport and credential accepted"))

        let wrong = try CLI.run(["probe", "--host", "127.0.0.1", "--port", String(try mock.port()),
                                 "--cert", directory.appendingPathComponent("client.p12").path,
                                 "--password-env", "WRONG"], environment: ["WRONG": "nope"])
        #expect(wrong.status == 3)
        #expect(wrong.stderr.contains("client.p12"))
    }

    @Test func aSandboxCertificateOnProductionGetsItsHint() throws {
        let directory = try Self.credentials()
        let mock = try MockServeProcess(["mock", "serve", "--port", "0", "--client-ca", directory.appendingPathComponent("ca.pem").path,
                                    "--environment", "production",
                                    "--ca-out", directory.appendingPathComponent("server-ca.pem").path])
        let result = try Self.probe(mock, directory, ["--env", "production",
                                                      "--cert", directory.appendingPathComponent("client.p12").path,
                                                      "--password-env", "PROBE_P12_PASSWORD"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("403 BadCertificateEnvironment"))
        // The certificate's own environment, read from it; against --host, never another --env (issue 40 §3).
        #expect(result.stdout.contains("this is a sandbox-only (development) certificate"), "\(result.stdout)")
        #expect(result.stdout.contains("point --target development=HOST:PORT"), "\(result.stdout)")
        #expect(!result.stdout.contains("--env"), "\(result.stdout)")
    }

    /// An expired certificate: refused by the certificate judge before connecting, in device check's words and
    /// exit code (3, "nothing sent"); before, probe warned, connected, and ended exit 4 on the server's TLS alert.
    @Test func anExpiredCertificateIsRefusedBeforeConnecting() throws {
        let directory = try Self.credentials()
        let withKey = try Self.expiredWithKey(in: directory)
        let mock = try MockServeProcess(["mock", "serve", "--port", "0", "--client-ca", directory.appendingPathComponent("ca.pem").path,
                                    "--ca-out", directory.appendingPathComponent("server-ca.pem").path])
        let result = try Self.probe(mock, directory, ["--cert", withKey.path])
        #expect(result.status == 3, "\(result.stdout)\n\(result.stderr)")
        #expect(result.stderr.contains("apnsctl: error: \(withKey.path): the certificate expired on "), "\(result.stderr)")
        #expect(result.stderr.contains("APNs will refuse it; nothing sent"), "\(result.stderr)")
        #expect(!result.stdout.contains("refused the connection"), "\(result.stdout)")
    }

    /// A channel call with an expired certificate is refused before connecting, in probe's words and exit code
    /// (issue 40: it warned, connected and sent). The port is a free one nobody serves: a call that connected
    /// would end exit 4 "not reachable".
    @Test func aChannelCallWithAnExpiredCertificateIsRefusedBeforeConnecting() throws {
        let withKey = try Self.expiredWithKey(in: try Self.credentials())
        let port = try SilentListener.freePort()
        for verb in [["list"], ["create"]] {
            let result = try CLI.run(["channel"] + verb + ["--topic", "com.example.app", "--cert", withKey.path,
                                                           "--host", "127.0.0.1", "--port", String(port)])
            #expect(result.status == 3, "channel \(verb): \(result.stdout)\n\(result.stderr)")
            #expect(result.stderr.contains("apnsctl: error: \(withKey.path): the certificate expired on "), "\(result.stderr)")
            #expect(result.stderr.contains("APNs will refuse it; nothing sent"), "\(result.stderr)")
            #expect(result.stderr.contains("apnsctl: hint: "), "\(result.stderr)")
            #expect(result.stdout.isEmpty, "\(result.stdout)")
        }
    }
}
