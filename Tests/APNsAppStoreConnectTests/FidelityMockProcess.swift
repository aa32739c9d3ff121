import Foundation
import TestSupport

/// A running `apnsctl mock asc` (the built binary) for the fidelity tests: started with a log, read up to its
/// `listening … port=N …` line, stopped with SIGTERM.
final class FidelityMockProcess: @unchecked Sendable {
    private let process = Process()
    private let output = Pipe(), errors = Pipe()
    let port: Int
    let ca: String
    let log: String

    /// `apnsctl mock asc --port 0 --ca-out DIR/ca.pem --log DIR/asc.jsonl` plus `arguments` (e.g.
    /// `--trust-asc-key KEYID=PUBLIC.pem,issuer=ISSUER`).
    init(in directory: URL, _ arguments: [String]) throws {
        ca = directory.appendingPathComponent("ca.pem").path
        log = directory.appendingPathComponent("asc.jsonl").path
        process.executableURL = URL(fileURLWithPath: TestPaths.builtProgram("apnsctl"))
        process.arguments = ["mock", "asc", "--port", "0", "--ca-out", ca, "--log", log] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["NO_COLOR": "1"]) { $1 }
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line += chunk
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let port = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).first(where: { $0.hasPrefix("port=") })
            .flatMap({ Int($0.dropFirst(5)) }) else {
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
            let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "mock asc printed \(text)\(stderr)"])
        }
        self.port = port
        // The rest of stdout and stderr, read in the background: a mock printing a line per request would
        // otherwise fill the pipes and stall.
        drained.enter()
        DispatchQueue.global().async { [output, errors, box, drained] in
            _ = output.fileHandleForReading.readDataToEndOfFile()
            box.append(errors.fileHandleForReading.readDataToEndOfFile())
            drained.leave()
        }
    }

    private let drained = DispatchGroup()
    private let box = Box()

    private final class Box: @unchecked Sendable {
        private let lock = NSLock()
        private var data = Data()
        func append(_ more: Data) { lock.withLock { data += more } }
        var value: Data { lock.withLock { data } }
    }

    var base: String { "https://127.0.0.1:\(port)" }

    /// Sends SIGTERM and waits: the exit status and stderr.
    @discardableResult
    func stop() -> (status: Int32, stderr: String) {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        drained.wait()
        return (process.terminationStatus, String(decoding: box.value, as: UTF8.self))
    }

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }
}
