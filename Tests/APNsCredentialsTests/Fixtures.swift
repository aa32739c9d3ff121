import APNsCredentials
import Foundation
import TestSupport

/// Paths to the committed fixtures and the shared real-world samples.
enum Fixtures {
    static let repositoryRoot = TestPaths.repositoryRoot
    static let certs = TestPaths.fixtures.appendingPathComponent("certs")
    static let samples = TestPaths.samples
    static var samplesPresent: Bool {
        FileManager.default.fileExists(atPath: samples.appendingPathComponent("apple-certs/expected.json").path)
    }

    static func path(_ name: String) -> String { certs.appendingPathComponent(name).path }

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: certs.appendingPathComponent(name)))
    }

    static func password(_ name: String) throws -> String {
        String(decoding: try bytes(name + ".password"), as: UTF8.self)
            .trimmingCharacters(in: .newlines)
    }

    /// The first certificate of a PEM fixture.
    static func certificate(_ name: String) throws -> APNsCertificate {
        let text = String(decoding: try bytes(name), as: UTF8.self)
        let body = text.components(separatedBy: "-----BEGIN CERTIFICATE-----")[1]
            .components(separatedBy: "-----END CERTIFICATE-----")[0]
            .replacingOccurrences(of: "\n", with: "")
        return try APNsCertificate(derEncoded: [UInt8](Data(base64Encoded: body) ?? Data()))
    }

    static func temporaryDirectory() -> URL { TestPaths.temporaryDirectory("cred") }
}
