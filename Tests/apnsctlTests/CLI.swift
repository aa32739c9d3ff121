import Foundation

/// Runs the built `apnsctl` binary as a user would, capturing stdout, stderr and the exit code.
struct CLI {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        var stdoutData: Data
    }

    /// The repository root, found from this file's path.
    static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `Tests/Fixtures` in the repository.
    static let fixtures: URL = repositoryRoot.appendingPathComponent("Tests/Fixtures")

    /// `../shared/samples`, present in CI and development checkouts, absent in a user's clone.
    static let samples: URL = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/samples")

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
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        env.removeValue(forKey: "APNSCTL_KEYSTORE")
        for (key, value) in environment { env[key] = value }
        process.environment = env
        if let directory { process.currentDirectoryURL = directory }
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(stdin) }
        try? input.fileHandleForWriting.close()
        // Drain both pipes concurrently so a chatty child never blocks.
        let group = DispatchGroup()
        nonisolated(unsafe) var outData = Data(), errData = Data()
        group.enter()
        DispatchQueue.global().async { outData = out.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        group.enter()
        DispatchQueue.global().async { errData = err.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        if group.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            group.wait()
        }
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self), stdoutData: outData)
    }

    /// Runs another program (openssl, curl, python3): its exit status and stdout; stderr is discarded.
    static func tool(_ path: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// A fresh empty directory under the system's temporary directory.
    static func temporaryDirectory(_ label: String = "e2e") -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("apnsctl-\(label)-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
