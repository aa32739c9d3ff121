import Foundation
import TestSupport
import Testing

/// Runs the built `apnsctl` binary as a user would, capturing stdout, stderr and the exit code.
struct CLI {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        var stdoutData: Data
    }

    /// The repository root, found from this file's path.
    static let repositoryRoot: URL = TestPaths.repositoryRoot

    /// `Tests/Fixtures` in the repository.
    static let fixtures: URL = TestPaths.fixtures

    /// `../shared/samples`, present in CI and development checkouts, absent in a user's clone.
    static let samples: URL = TestPaths.samples

    /// The binary built next to the test bundle.
    static let binary: URL = {
        let bundle = Bundle.main.bundleURL
        for candidate in [bundle.appendingPathComponent("apnsctl"),
                          bundle.deletingLastPathComponent().appendingPathComponent("apnsctl")]
        where FileManager.default.isExecutableFile(atPath: candidate.path) {
            return candidate
        }
        return repositoryRoot.appendingPathComponent(".build/debug/apnsctl")
    }()

    /// Runs apnsctl with `arguments` in `directory` with extra environment, feeding `stdin`.
    static func run(_ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:],
                    stdin: Data? = nil, timeout: TimeInterval = 120) throws -> Result {
        var env: [String: String?] = ["NO_COLOR": "1", "APNSCTL_KEYSTORE": nil]
        for (key, value) in environment { env[key] = value }
        let result = try ExternalProcess.run(binary.path, arguments, in: directory, environment: env, stdin: stdin,
                                             timeout: timeout)
        return Result(status: result.status, stdout: result.stdout, stderr: result.stderr,
                      stdoutData: result.stdoutData)
    }

    /// Runs another program (openssl, curl, python3): its exit status and stdout; stderr is discarded.
    static func tool(_ path: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let result = try ExternalProcess.run(path, arguments)
        return (result.status, result.stdout)
    }

    /// A fresh empty directory under the system's temporary directory.
    static func temporaryDirectory(_ label: String = "e2e") -> URL { TestPaths.temporaryDirectory(label) }

    /// A keystore at `directory/ks` with one generated key (KEY1234567 of TEAM123456) and its provider token in
    /// `directory/token.jwt`: what a probe of `mock serve --keystore` needs. Returns the token.
    @discardableResult
    static func keystoreWithToken(in directory: URL) throws -> String {
        let keystore = directory.appendingPathComponent("ks").path
        #expect(try run(["keystore", "init", keystore]).status == 0)
        #expect(try run(["key", "generate", "--keystore", keystore, "--team", "TEAM123456",
                         "--key-id", "KEY1234567"]).status == 0)
        let token = try run(["token", "--keystore", keystore, "--team", "TEAM123456"]).stdout.trimmingCharacters(
            in: .whitespacesAndNewlines)
        try Data((token + "\n").utf8).write(to: directory.appendingPathComponent("token.jwt"))
        return token
    }
}
