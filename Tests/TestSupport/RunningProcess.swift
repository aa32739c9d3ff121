import Foundation
import Synchronization

/// A long-running child (an exporter, a mock) whose stdout and stderr are collected as they arrive, so a test can
/// wait for a line, send a signal, and read everything it printed.
public final class RunningProcess: @unchecked Sendable {
    private let process = Process()
    private final class Buffer: Sendable {
        let data = Mutex(Data())
        /// The pipe reached end of file: everything the process wrote to it has been read.
        let closed = Atomic<Bool>(false)
    }
    private let output = Buffer()
    private let errors = Buffer()

    /// Starts `executable arguments…`.
    public init(_ executable: URL, _ arguments: [String]) throws {
        process.executableURL = executable
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        for (pipe, box) in [(out, output), (err, errors)] {
            pipe.fileHandleForReading.readabilityHandler = { handle in
                let chunk = handle.availableData
                if chunk.isEmpty {
                    handle.readabilityHandler = nil
                    box.closed.store(true, ordering: .sequentiallyConsistent)
                } else {
                    box.data.withLock { $0 += chunk }
                }
            }
        }
        try process.run()
    }

    public var pid: Int32 { process.processIdentifier }
    public var isRunning: Bool { process.isRunning }
    public var stdout: String { String(decoding: output.data.withLock { $0 }, as: UTF8.self) }
    public var stderr: String { String(decoding: errors.data.withLock { $0 }, as: UTF8.self) }

    /// Polls until `condition` holds for (stdout, stderr); false after `timeout` or once the process has ended
    /// without it.
    public func waitFor(timeout: TimeInterval = 30, _ condition: (String, String) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            if condition(stdout, stderr) { return true }
            if !process.isRunning { return condition(stdout, stderr) }
            Thread.sleep(forTimeInterval: 0.05)
        } while Date() < deadline
        return false
    }

    /// Sends `signal` (SIGHUP, SIGTERM, …).
    public func signal(_ number: Int32) {
        kill(process.processIdentifier, number)
    }

    /// SIGTERM, then waits for the exit (SIGKILL after `timeout`); returns the exit status.
    @discardableResult
    public func terminate(timeout: TimeInterval = 20) -> Int32 {
        guard process.isRunning else { return process.terminationStatus }
        signal(SIGTERM)
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        if process.isRunning { signal(SIGKILL) }
        process.waitUntilExit()
        // Until both pipes reach end of file: everything it printed has been read.
        let drained = Date().addingTimeInterval(5)
        while !(output.closed.load(ordering: .sequentiallyConsistent) && errors.closed.load(ordering: .sequentiallyConsistent)),
              Date() < drained { Thread.sleep(forTimeInterval: 0.01) }
        return process.terminationStatus
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }
}
