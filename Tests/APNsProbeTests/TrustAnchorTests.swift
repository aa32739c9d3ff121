import Foundation
@testable import APNsProbe
import TestSupport
import Testing

/// `doctor`'s trust-anchor check, fed Debian's real root (ca-certificates, in /etc/ssl/certs), bundles without
/// it, and an impostor with the same subject made by openssl.
@Suite struct TrustAnchorTests {
    static let systemRoot = "/etc/ssl/certs/USERTrust_RSA_Certification_Authority.pem"
    static let systemBundle = "/etc/ssl/certs/ca-certificates.crt"

    static func directory() throws -> URL { TestPaths.temporaryDirectory("anchor") }

    /// The PEM blocks of `text`, each with its END line.
    static func blocks(_ text: String) -> [String] {
        text.components(separatedBy: "-----END CERTIFICATE-----").dropLast()
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) + "\n-----END CERTIFICATE-----\n" }
    }

    static func output(_ tool: String, _ arguments: [String]) throws -> String {
        try ExternalProcess.run(tool, arguments).stdout
    }

    @Test func theRootsFingerprintIsWhatOpenSSLComputes() throws {
        let run = try Self.output("/usr/bin/openssl", ["x509", "-in", Self.systemRoot, "-noout", "-fingerprint", "-sha256"])
        let hex = run.split(separator: "=").last.map { $0.replacingOccurrences(of: ":", with: "").lowercased() }
        #expect(hex?.trimmingCharacters(in: .whitespacesAndNewlines) == TrustAnchor.userTrustRSA.sha256)
        let parsed = BundleCertificate.all(inPEM: try String(contentsOfFile: Self.systemRoot, encoding: .utf8))
        #expect(parsed == [BundleCertificate(subject: TrustAnchor.userTrustRSA.subject, sha256: TrustAnchor.userTrustRSA.sha256)])
    }

    @Test func debiansBundleHoldsTheRoot() {
        let check = TrustAnchorCheck.check(path: Self.systemBundle, source: "libcurl's default")
        #expect(check.status == .pass, "\(check.detail)")
        #expect(check.detail.contains("holds USERTrust RSA Certification Authority"))
        #expect(check.detail.contains("AAA Certificate Services"))
    }

    @Test func aBundleWithoutTheRootFailsWithDebianAndRHELCommands() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let all = Self.blocks(try String(contentsOfFile: Self.systemBundle, encoding: .utf8))
        let others = all.filter { BundleCertificate.all(inPEM: $0).first?.sha256 != TrustAnchor.userTrustRSA.sha256 }
        #expect(others.count == all.count - 1 && others.count > 50)
        let without = directory.appendingPathComponent("without.pem")
        try others.joined().write(to: without, atomically: true, encoding: .utf8)
        let check = TrustAnchorCheck.check(path: without.path, source: "SSL_CERT_FILE")
        #expect(check.status == .fail)
        #expect(check.detail.contains("\(without.path) (SSL_CERT_FILE) lacks USERTrust RSA Certification Authority"))
        #expect(check.hint.contains("apt-get install ca-certificates && update-ca-certificates"))
        #expect(check.hint.contains("dnf install ca-certificates && update-ca-trust"))
        let empty = TrustAnchorCheck.check(path: "/nonexistent/bundle.pem", source: "--cacert")
        #expect(empty.status == .fail)
        #expect(empty.detail.contains("cannot read /nonexistent/bundle.pem"))
    }

    @Test func aCertificateWithTheRootsNameButAnotherKeyIsNotTheRoot() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let status = try TestServer.run("/usr/bin/openssl", [
            "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", "k.pem",
            "-out", "impostor.pem", "-days", "2",
            "-subj", "/C=US/ST=New Jersey/L=Jersey City/O=The USERTRUST Network/CN=USERTrust RSA Certification Authority",
        ], in: directory)
        #expect(status == 0)
        let check = TrustAnchorCheck.check(path: directory.appendingPathComponent("impostor.pem").path, source: "--cacert")
        #expect(check.status == .fail)
        #expect(check.detail.contains("holds a certificate named USERTrust RSA Certification Authority whose SHA-256 is"))
        #expect(check.hint.contains("not the real root"))
    }

    @Test func cacertAloneIsCheckedWhenGiven() {
        let given = TrustAnchorCheck.bundles(cacert: "/x/ca.pem", curlDefault: "/etc/ssl/certs/ca-certificates.crt",
                                             environment: ["SSL_CERT_FILE": "/y.pem"])
        #expect(given.map(\.path) == ["/x/ca.pem"])
        let system = TrustAnchorCheck.bundles(cacert: nil, curlDefault: "/etc/ssl/certs/ca-certificates.crt",
                                              environment: ["SSL_CERT_FILE": "/y.pem"])
        #expect(system.map(\.source) == ["libcurl's default", "SSL_CERT_FILE"])
    }

    @Test func clockCheckSaysPlainlyWhenItCannot() {
        let none = ClockCheck.judge([ClockCheck.Observation(host: "api.push.apple.com", offset: nil,
                                                            problem: "unreachable (could not resolve host)")])
        #expect(none.status == .warn)
        #expect(none.detail.hasPrefix("cannot check this machine's clock: api.push.apple.com: unreachable"))
        #expect(none.remedy == .compareClockElsewhere)
        let skewed = ClockCheck.judge([ClockCheck.Observation(host: "a", offset: nil, problem: "x"),
                                       ClockCheck.Observation(host: "b", offset: -400)])
        #expect(skewed.status == .fail)
        #expect(skewed.detail == "this clock is 6 min 40 s ahead of the server (b's Date header)")
        #expect(skewed.hint.contains("ExpiredProviderToken"))
        #expect(ClockCheck.judge([ClockCheck.Observation(host: "b", offset: 1)]).status == .pass)
    }

    /// Against a real HTTP/2 server (nghttpd sends a Date header): this machine agrees with itself.
    @Test func clockCheckReadsTheDateHeaderOfAServer() throws {
        let certificates = try TestServer.certificateDirectory()
        let server = try TestServer.nghttpd(certificates: certificates)
        defer { server.stop() }
        let target = ProbeTarget(host: "127.0.0.1", port: server.port, environment: nil)
        let observations = ClockCheck.observe([target], caFile: certificates.appendingPathComponent("cert.pem").path,
                                              timeout: 10)
        let check = ClockCheck.judge(observations)
        #expect(check.status == .pass, "\(check.detail)")
        #expect(check.detail.contains("in step"))
    }
}
