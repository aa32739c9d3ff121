import Foundation
import Testing

/// Every error is two lines, as the README promises: `apnsctl: error: …` naming the file, then `apnsctl: hint: …`.
@Suite struct ErrorHintTests {
    static func keys(_ name: String) -> String { CLI.fixtures.appendingPathComponent("keys/\(name)").path }

    func expectTwoLines(_ arguments: [String], status: Int32, naming file: String) throws {
        let directory = CLI.temporaryDirectory("hints")
        defer { try? FileManager.default.removeItem(at: directory) }
        let keystore = directory.appendingPathComponent("ks").path
        #expect(try CLI.run(["keystore", "init", keystore]).status == 0)
        let result = try CLI.run(arguments + ["--keystore", keystore])
        let lines = result.stderr.split(separator: "\n")
        #expect(result.status == status, "\(arguments): \(result.stderr)")
        #expect(lines.count == 2, "\(arguments): \(result.stderr)")
        #expect(lines.first?.hasPrefix("apnsctl: error: \(file)") == true, "\(result.stderr)")
        #expect(lines.last?.hasPrefix("apnsctl: hint: ") == true, "\(result.stderr)")
    }

    /// A public key where a private key belongs.
    @Test func aPublicKeyGivenAsTheSigningKey() throws {
        let file = Self.keys("AuthKey_ABC123DEFG.pub.pem")
        try expectTwoLines(["key", "import", file, "--team", "DEF123GHIJ", "--key-id", "ABC123DEFG"], status: 3, naming: file)
    }

    /// A public key given where a certificate or .p12 belongs.
    @Test func aPublicKeyGivenAsACertificate() throws {
        let file = Self.keys("public-key.pem")
        let result = try CLI.run(["cert", "inspect", file])
        let lines = result.stderr.split(separator: "\n")
        #expect(result.status == 3)
        #expect(lines.count == 2, "\(result.stderr)")
        #expect(lines.first?.hasPrefix("apnsctl: error: \(file)") == true)
        #expect(lines.last?.contains("a public key alone cannot authenticate") == true, "\(result.stderr)")
    }
}
