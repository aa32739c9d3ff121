import APNsCredentials
import Foundation
@testable import APNsProvisioning

/// Paths of the provisioning fixtures (scripts/make-provisioning-fixtures.sh) and the shared real samples,
/// and the system `openssl` binary as an independent judge.
enum ProfileFixtures {
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let directory = repositoryRoot.appendingPathComponent("Tests/Fixtures/provisioning")
    static let certificates = repositoryRoot.appendingPathComponent("Tests/Fixtures/certs")
    /// `../shared/samples/provisioning`: present in development checkouts and CI, absent in a user's clone.
    static let samples = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/samples/provisioning")
    static var samplesPresent: Bool { FileManager.default.fileExists(atPath: samples.appendingPathComponent("expected.json").path) }

    static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
    static func certificate(_ name: String) -> String { certificates.appendingPathComponent(name).path }

    /// A reader that also trusts the fixtures' test root CA.
    static func testReader() throws -> ProfileReader {
        let root = try CredentialReader().read(path: path("test-root-ca.pem"))
        return ProfileReader(extraAnchors: root.certificates)
    }

    static let openssl = ["/usr/bin/openssl", "/usr/local/bin/openssl", "/bin/openssl"]
        .first { FileManager.default.isExecutableFile(atPath: $0) } ?? "/usr/bin/openssl"
    static var opensslPresent: Bool { FileManager.default.isExecutableFile(atPath: openssl) }

    /// Runs the system `openssl` (a tool this project did not write): exit status and stdout bytes.
    static func runOpenSSL(_ arguments: [String]) throws -> (status: Int32, stdout: [UInt8]) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: openssl)
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, [UInt8](data))
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
