import Foundation
import Testing
import TestSupport

/// Hints that name the flags the verbs have: each was wrong once (a flag renamed, a command that is refused).
@Suite struct RightHintTests {
    /// A retired key named for signing: the hint names `--key-id` (the flag `token` and `probe` take), not `--key`.
    @Test func aKeyThatMayNotSignNamesKeyID() throws {
        let ks = try KeystoreCLI.fresh()
        try KeystoreCLI.ok(["key", "import", KeystoreCLI.fixture("AuthKey_ABC123DEFG.p8"), "--team", "DEF123GHIJ"], ks)
        try KeystoreCLI.ok(["key", "generate", "--team", "DEF123GHIJ", "--key-id", "NEW0000001"], ks)
        try KeystoreCLI.ok(["key", "rotate", "--team", "DEF123GHIJ", "--to", "NEW0000001"], ks)
        let refused = try KeystoreCLI.run(["token", "--key-id", "ABC123DEFG"], ks)
        #expect(refused.status == 5)
        #expect(refused.stderr.contains("apnsctl: error: key ABC123DEFG is retired and never signs new tokens"),
                "\(refused.stderr)")
        #expect(refused.stderr.contains("apnsctl: hint: use the team's active key: leave --key-id out\n"),
                "\(refused.stderr)")
    }
}

/// issue 40 §3: the certificate-environment hint reads the certificate's own environments, and against
/// `--host`/`--target` never suggests another `--env`. Before, a production certificate refused by a mock playing
/// the sandbox, probed with `--target production=…`, was called "a sandbox-only (development) certificate used against
/// production", with "or --env development" to follow.
@Suite struct CertificateEnvironmentHintTests {
    @Test func aProductionCertificateRefusedByASandboxServerIsCalledProductionOnly() throws {
        let directory = try ProbeCertificateCommandTests.credentials()
        let run = { (arguments: [String]) throws in
            let process = try ExternalProcess.run("/usr/bin/openssl", arguments, in: directory)
            try #require(process.status == 0, "openssl \(arguments[0]): \(process.stderr)")
        }
        try Data("extendedKeyUsage=clientAuth\n1.2.840.113635.100.6.3.2=DER:0500\n".utf8)
            .write(to: directory.appendingPathComponent("production.cnf"))
        try run(["x509", "-req", "-in", "client.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial",
                 "-out", "production.pem", "-days", "2", "-extfile", "production.cnf"])
        let pem = try Data(contentsOf: directory.appendingPathComponent("production.pem"))
            + Data(contentsOf: directory.appendingPathComponent("client.key"))
        let certificate = directory.appendingPathComponent("production-with-key.pem")
        try pem.write(to: certificate)
        let serverCA = directory.appendingPathComponent("server-ca.pem").path
        let mock = try MockServeProcess(["mock", "serve", "--port", "0", "--env", "development", "--client-ca",
                                         directory.appendingPathComponent("ca.pem").path, "--ca-out", serverCA])
        defer { mock.kill() }
        let result = try CLI.run(["probe", "--target", "production=127.0.0.1:\(try mock.port())", "--cacert", serverCA,
                                  "--cert", certificate.path])
        #expect(result.status == 1, "\(result.stdout) \(result.stderr)")
        #expect(result.stdout.contains("403 BadCertificateEnvironment"), "\(result.stdout)")
        #expect(result.stdout.contains("this is a production-only certificate"), "\(result.stdout)")
        #expect(!result.stdout.contains("sandbox-only"), "\(result.stdout)")
        #expect(!result.stdout.contains("--env"), "\(result.stdout)")
        #expect(result.stdout.contains("point --target production=HOST:PORT"), "\(result.stdout)")
    }
}
