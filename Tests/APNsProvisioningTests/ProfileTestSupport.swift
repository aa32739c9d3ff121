import APNsCredentials
import Foundation
import TestSupport
@testable import APNsProvisioning

/// Paths of the provisioning fixtures (scripts/make-provisioning-fixtures.sh) and the shared real samples,
/// and the system `openssl` binary as an independent judge.
enum ProfileFixtures {
    static let directory = TestPaths.fixtures.appendingPathComponent("provisioning")
    static let certificates = TestPaths.fixtures.appendingPathComponent("certs")
    /// `../shared/samples/provisioning`: present in development checkouts and CI, absent in a user's clone.
    static let samples = TestPaths.samples.appendingPathComponent("provisioning")
    static var samplesPresent: Bool { FileManager.default.fileExists(atPath: samples.appendingPathComponent("expected.json").path) }

    static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
    static func certificate(_ name: String) -> String { certificates.appendingPathComponent(name).path }

    /// A reader that also trusts the fixtures' test root CA.
    static func testReader() throws -> ProfileReader {
        let root = try CredentialReader().read(path: path("test-root-ca.pem"))
        return ProfileReader(extraAnchors: root.certificates)
    }

    static let openssl = ExternalProcess.find("openssl") ?? "/usr/bin/openssl"
    static var opensslPresent: Bool { FileManager.default.isExecutableFile(atPath: openssl) }

    /// Runs the system `openssl` (a tool this project did not write): exit status and stdout bytes.
    static func runOpenSSL(_ arguments: [String]) throws -> (status: Int32, stdout: [UInt8]) {
        let result = try ExternalProcess.run(openssl, arguments)
        return (result.status, [UInt8](result.stdoutData))
    }

    /// A profile report as the JSON object `profile inspect --format json` prints for it.
    static func json(_ document: ProfileDocument, now: Date = Date()) throws -> [String: Any] {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        let data = try encoder.encode(ProfileReport(document, now: now))
        return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    }

    /// Two values parsed by JSONSerialization are the same JSON (compared re-serialized, keys sorted).
    static func sameJSON(_ a: Any, _ b: Any) -> Bool {
        let data = { (value: Any) in try? JSONSerialization.data(withJSONObject: [value], options: [.sortedKeys]) }
        return data(a) != nil && data(a) == data(b)
    }
}
