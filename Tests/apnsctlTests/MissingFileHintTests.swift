import Foundation
import Testing
import TestSupport

/// A file that does not exist: the hint offers `-` (standard input) only for a flag or argument that takes it.
@Suite struct MissingFileHintTests {
    private func lines(_ path: String, hint: String) -> [String] {
        ["apnsctl: error: \(path): no such file", "apnsctl: hint: \(hint)"]
    }

    private func errorLines(_ stderr: String) -> [String] {
        stderr.split(separator: "\n").map(String.init).filter { $0.hasPrefix("apnsctl: error:") || $0.hasPrefix("apnsctl: hint:") }
    }

    /// `cert verify FILE` reads `-` as standard input: the hint says so.
    @Test func anArgumentThatTakesStandardInputOffersIt() throws {
        let directory = CLI.temporaryDirectory("hint-stdin")
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = directory.appendingPathComponent("absent.p12").path
        let result = try CLI.run(["cert", "verify", missing])
        #expect(result.status == 3)
        #expect(errorLines(result.stderr) == lines(missing, hint: "check the path; use - to read standard input"),
                "\(result.stderr)")
    }

    /// `mock serve --client-ca FILE`: a server's CA file, never standard input.
    @Test func theMockClientCAOnlyAsksToCheckThePath() throws {
        let directory = CLI.temporaryDirectory("hint-client-ca")
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = directory.appendingPathComponent("absent-ca.pem").path
        let result = try CLI.run(["mock", "serve", "--port", "0", "--client-ca", missing], timeout: 30)
        #expect(result.status == 3)
        #expect(errorLines(result.stderr) == lines(missing, hint: "check the path"), "\(result.stderr)")
    }

    /// `probe --cacert FILE`: the path is handed to libcurl, which cannot read standard input.
    @Test func theProbeCACertOnlyAsksToCheckThePath() throws {
        let directory = CLI.temporaryDirectory("hint-cacert")
        defer { try? FileManager.default.removeItem(at: directory) }
        try CLI.keystoreWithToken(in: directory)
        let missing = directory.appendingPathComponent("absent-ca.pem").path
        let result = try CLI.run(["probe", "--host", "127.0.0.1", "--port", String(try TestPorts.free()),
                                  "--token-file", directory.appendingPathComponent("token.jwt").path,
                                  "--topic", "com.example.app", "--cacert", missing], timeout: 30)
        #expect(result.status == 3)
        #expect(errorLines(result.stderr) == lines(missing, hint: "check the path"), "\(result.stderr)")
    }
}
