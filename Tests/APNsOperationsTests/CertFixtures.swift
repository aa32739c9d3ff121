import APNsCredentials
import Foundation
import TestSupport

/// The repository's fixtures, by name.
enum CertFixture {
    static func cert(_ name: String) -> String { TestPaths.fixtures.appendingPathComponent("certs/\(name)").path }
    static func profile(_ name: String) -> String {
        TestPaths.fixtures.appendingPathComponent("provisioning/\(name)").path
    }
    static func key(_ name: String) -> String { TestPaths.fixtures.appendingPathComponent("keys/\(name)").path }
    /// The password kept next to a fixture (`NAME.password`), as a reader's password source.
    static func reader(passwordOf name: String) -> CredentialReader {
        let password = (try? String(contentsOfFile: cert(name) + ".password", encoding: .utf8))?
            .trimmingCharacters(in: .newlines) ?? ""
        return CredentialReader(password: { password }, passwordAtHand: true)
    }
    static func read(_ name: String) throws -> CredentialBundle { try CredentialReader().read(path: cert(name)) }
}
