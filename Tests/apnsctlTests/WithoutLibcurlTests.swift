import Foundation
import Testing

/// libcurl is opened at run time by `probe` and `doctor` only (the .deb merely recommends libcurl4). On a machine
/// without it those two say so and name the package; every other verb works. APNSCTL_LIBCURL points the loader
/// at a library that does not exist, which is what a machine without libcurl4 looks like to apnsctl.
@Suite struct WithoutLibcurlTests {
    static let noCurl = ["APNSCTL_LIBCURL": "/nonexistent/libcurl.so.4"]

    @Test func probeSaysLibcurlIsMissingAndNamesThePackage() throws {
        let server = try ProbeLocalServer.nghttpd()
        defer { server.stop() }
        let result = try CLI.run(ProbeCommandTests.arguments(server),
                                 environment: Self.noCurl.merging(["PROBE_TEST_JWT": ProbeCommandTests.token]) { $1 })
        #expect(result.status == 4, "stdout: \(result.stdout) stderr: \(result.stderr)")
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.contains("apnsctl: error: libcurl (libcurl.so.4) is not installed: probe and doctor send HTTP/2 requests through it"),
                "stderr: \(result.stderr)")
        #expect(lines.last == "apnsctl: hint: install the libcurl4 package (sudo apt-get install libcurl4); every other verb works without it")
    }

    @Test func doctorFailsTheLibcurlCheckNamingThePackage() throws {
        let result = try CLI.run(["doctor", "--format", "json"], environment: Self.noCurl)
        #expect(result.status == 1)
        let object = try #require(JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any],
                                  "stdout: \(result.stdout) stderr: \(result.stderr)")
        let checks = try #require(object["checks"] as? [[String: Any]])
        let curl = try #require(checks.first { $0["name"] as? String == "libcurl" })
        #expect(curl["status"] as? String == "fail")
        #expect((curl["detail"] as? String)?.contains("libcurl (libcurl.so.4) is not installed") == true, "\(curl)")
        #expect((curl["hint"] as? String)?.contains("apt-get install libcurl4") == true, "\(curl)")
        // The machine checks that do not need libcurl still run.
        let openssl = checks.first { $0["name"] as? String == "openssl" }
        #expect((openssl?["detail"] as? String)?.hasPrefix("OpenSSL 3.") == true)
    }

    /// The fleet keystore talks to etcd through libcurl too: without it, an etcd:// keystore says so (exit 4) and
    /// names the package, before any connection is tried (nothing listens on port 1).
    @Test func anEtcdKeystoreSaysLibcurlIsMissingAndNamesThePackage() throws {
        let result = try CLI.run(["key", "list", "--keystore", "etcd://127.0.0.1:1/apnsctl"], environment: Self.noCurl)
        #expect(result.status == 4, "stdout: \(result.stdout) stderr: \(result.stderr)")
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.contains("apnsctl: error: libcurl (libcurl.so.4) is not installed: the etcd keystore talks to etcd through it"),
                "stderr: \(result.stderr)")
        #expect(lines.last == "apnsctl: hint: install the libcurl4 package (sudo apt-get install libcurl4)")
    }

    @Test func everyOtherVerbWorksWithoutLibcurl() throws {
        let directory = CLI.temporaryDirectory("nocurl")
        let keystore = directory.appendingPathComponent("ks").path
        let p12 = CLI.fixtures.appendingPathComponent("certs/dev-legacy.p12").path
        let password = CLI.fixtures.appendingPathComponent("certs/dev-legacy.p12.password").path
        let inspect = try CLI.run(["cert", "inspect", p12, "--password-file", password], environment: Self.noCurl)
        #expect(inspect.status == 0, "stderr: \(inspect.stderr)")
        #expect(inspect.stdout.contains(p12))
        let initialised = try CLI.run(["keystore", "init", keystore], environment: Self.noCurl)
        #expect(initialised.status == 0, "stderr: \(initialised.stderr)")
        let generated = try CLI.run(["key", "generate", "--keystore", keystore, "--team", "TEAM123456",
                                     "--key-id", "ABCDE12345"], environment: Self.noCurl)
        #expect(generated.status == 0, "stderr: \(generated.stderr)")
        let token = try CLI.run(["token", "--keystore", keystore, "--team", "TEAM123456"], environment: Self.noCurl)
        #expect(token.status == 0, "stderr: \(token.stderr)")
        #expect(token.stdout.split(separator: ".").count == 3)
    }
}
