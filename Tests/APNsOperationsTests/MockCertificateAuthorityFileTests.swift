import APNsCore
import APNsOperations
import Foundation
import Testing
import TestSupport

/// The mock's generated CA written for clients to trust, on real files: the path asked for (0644, ending in a
/// newline, an existing file kept unless replacing is asked for), else a new temporary directory.
@Suite struct MockCertificateAuthorityFileTests {
    static let pem = "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----"

    @Test func theNamedFileIs0644EndsInANewlineAndIsReplacedOnlyWhenAsked() throws {
        let directory = TestPaths.temporaryDirectory("mock-ca-file")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("ca.pem").path
        #expect(try MockCertificateAuthorityFile.write(Self.pem, to: path, overwrite: false) == path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.pem + "\n")
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o644)

        let refused = try #require(throws: APNsError.self) {
            try MockCertificateAuthorityFile.write("other\n", to: path, overwrite: false)
        }
        #expect(refused.status == ExitStatus.output && refused.message.contains(path), "\(refused)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.pem + "\n")

        _ = try MockCertificateAuthorityFile.write("other\n", to: path, overwrite: true)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "other\n")
    }

    @Test func withoutAPathItGoesToANewTemporaryDirectory() throws {
        let first = try MockCertificateAuthorityFile.write(Self.pem, to: nil, overwrite: false)
        let second = try MockCertificateAuthorityFile.write(Self.pem, to: nil, overwrite: false)
        let directories = [first, second].map { URL(fileURLWithPath: $0).deletingLastPathComponent() }
        defer { for directory in directories { try? FileManager.default.removeItem(at: directory) } }
        #expect(first != second)
        for path in [first, second] {
            #expect(path.hasSuffix("/ca.pem"))
            #expect(path.hasPrefix(FileManager.default.temporaryDirectory.path))
            #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.pem + "\n")
        }
    }
}
