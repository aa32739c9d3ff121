import Foundation

/// What a finished child process left behind.
public struct ProcessResult: Sendable {
    /// The exit status (or the signal number when it was killed).
    public var status: Int32
    public var stdout: String
    public var stderr: String
    /// Standard output as bytes, for binary output (DER, .p12).
    public var stdoutData: Data
}

/// Runs programs the tests start (apnsctl itself, openssl, curl, python3): the one place that spawns processes.
public enum ExternalProcess {
    /// The first executable called `name` on PATH (or in the usual system directories), nil when not installed.
    public static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let directories = path.split(separator: ":").map(String.init) + ["/usr/local/bin", "/usr/bin", "/bin", "/usr/sbin"]
        for directory in directories {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Runs `executable` with `arguments` and waits for it, draining stdout and stderr concurrently so a chatty
    /// child never blocks. `environment` is added to this process's environment (`nil` values remove a variable);
    /// after `timeout` seconds the child is terminated.
    public static func run(_ executable: String, _ arguments: [String], in directory: URL? = nil,
                           environment: [String: String?] = [:], stdin: Data? = nil,
                           timeout: TimeInterval = 120) throws -> ProcessResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
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
        return ProcessResult(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                             stderr: String(decoding: errData, as: UTF8.self), stdoutData: outData)
    }
}
