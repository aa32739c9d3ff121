import APNsCore
import Foundation
@testable import APNsProbe
import Testing

@Suite struct MachineChecksTests {
    @Test func openSSLThreeWithLegacyPasses() {
        #expect(MachineChecks.openSSL(version: "OpenSSL 3.0.19 27 Jan 2026", legacyProvider: true).status == .pass)
        let noLegacy = MachineChecks.openSSL(version: "OpenSSL 3.0.19 27 Jan 2026", legacyProvider: false)
        #expect(noLegacy.status == .warn)
        #expect(noLegacy.hint.contains("legacy"))
        #expect(MachineChecks.openSSL(version: "OpenSSL 1.1.1w", legacyProvider: false).status == .fail)
    }

    @Test func libcurlNeedsTLSAndHTTP2() {
        let good = CurlRuntime.Info(version: "7.88.1", sslVersion: "OpenSSL/3.0.19", nghttp2Version: "1.52.0",
                                    http2: true, ssl: true)
        #expect(MachineChecks.curl(good).status == .pass)
        var noH2 = good
        noH2.http2 = false
        #expect(MachineChecks.curl(noH2).status == .fail)
        #expect(MachineChecks.curl(noH2).hint.contains("nghttp2"))
        var noTLS = good
        noTLS.ssl = false
        #expect(MachineChecks.curl(noTLS).status == .fail)
    }

    @Test func thisLibcurlSpeaksHTTP2() {
        CurlRuntime.bootstrap()
        let info = CurlRuntime.info
        #expect(info.http2)
        #expect(info.ssl)
        #expect(info.sslVersion?.hasPrefix("OpenSSL/3") == true)
    }

    @Test func caBundleIsTheFirstFileWithCertificates() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("apnsctl-doctor-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let empty = directory.appendingPathComponent("empty.pem")
        try Data().write(to: empty)
        let bundle = directory.appendingPathComponent("bundle.pem")
        let pem = "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n"
        try Data((pem + pem).utf8).write(to: bundle)
        let found = MachineChecks.caBundle(candidates: [directory.appendingPathComponent("missing").path, empty.path, bundle.path])
        #expect(found.status == .pass)
        #expect(found.detail == "\(bundle.path) (2 certificates)")
        let missing = MachineChecks.caBundle(candidates: [empty.path])
        #expect(missing.status == .fail)
        #expect(missing.hint.contains("ca-certificates"))
    }

    @Test func caBundleCandidatesStartWithSSLCertFile() {
        let candidates = MachineChecks.caBundleCandidates(environment: ["SSL_CERT_FILE": "/x/y.pem"])
        #expect(candidates.first == "/x/y.pem")
        #expect(candidates.contains("/etc/ssl/certs/ca-certificates.crt"))
        #expect(Set(candidates).count == candidates.count)
    }

    @Test func dnsFailureIsOnlyAWarning() {
        #expect(MachineChecks.dns(host: "api.push.apple.com", addresses: ["17.188.1.1"], error: nil).status == .pass)
        let offline = MachineChecks.dns(host: "api.push.apple.com", addresses: nil, error: "Temporary failure")
        #expect(offline.status == .warn)
        #expect(offline.detail.contains("Temporary failure"))
    }

    @Test func localhostResolves() {
        let result = MachineChecks.resolve("localhost")
        #expect(result.addresses?.isEmpty == false)
        #expect(MachineChecks.resolve("no-such-host.invalid").addresses == nil)
    }
}
