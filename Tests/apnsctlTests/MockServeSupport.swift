import Foundation
import Synchronization

/// A running `apnsctl mock serve`: read its first line, then stop it with SIGTERM.
final class MockServeProcess: @unchecked Sendable {
    private let process = Process()
    private let output = Pipe()
    private let errors = Pipe()
    private var buffered = Data()
    /// Set by ``keepReading()``: the rest of stdout, read in the background so a chatty server never blocks.
    private var drained: (thread: DispatchGroup, data: DataBox)?

    final class DataBox: Sendable {
        private let data = Mutex(Data())
        func append(_ chunk: Data) { data.withLock { $0 += chunk } }
        var value: Data { data.withLock { $0 } }
    }

    /// Starts `apnsctl arguments…`; with `user`, as that uid and gid through setpriv (the test must run as root),
    /// with `environment` added.
    init(_ arguments: [String], user: Int? = nil, environment: [String: String] = [:]) throws {
        if let user {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = ["--reuid=\(user)", "--regid=\(user)", "--clear-groups", CLI.binary.path] + arguments
        } else {
            process.executableURL = CLI.binary
            process.arguments = arguments
        }
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    /// The first line of stdout; nil when the process ended without one.
    func firstLine() -> String? {
        while !buffered.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { return nil }
            buffered += chunk
        }
        let newline = buffered.firstIndex(of: UInt8(ascii: "\n")) ?? buffered.endIndex
        return String(decoding: buffered[..<newline], as: UTF8.self)
    }

    /// Reads the rest of stdout in the background (call after ``firstLine()``): a server logging thousands of
    /// requests would otherwise fill the pipe and stall. ``terminate()`` returns what was read.
    func keepReading() {
        let group = DispatchGroup(), box = DataBox(), handle = output.fileHandleForReading
        group.enter()
        DispatchQueue.global().async {
            box.append(handle.readDataToEndOfFile())
            group.leave()
        }
        drained = (group, box)
    }

    /// The port from the first line (`listening host=… port=N …`); throws when the server printed none.
    func port() throws -> Int {
        let line = firstLine() ?? ""
        guard let port = line.split(separator: " ").first(where: { $0.hasPrefix("port=") }).flatMap({ Int($0.dropFirst(5)) })
        else {
            kill()
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "mock serve printed \(line)"])
        }
        return port
    }

    deinit { kill() }

    /// Sends SIGTERM and waits: exit status, all of stdout (the first line included), stderr.
    func terminate() -> (status: Int32, stdout: String, stderr: String) {
        process.terminate()
        var rest: Data
        if let drained {
            drained.thread.wait()
            rest = drained.data.value
        } else {
            rest = output.fileHandleForReading.readDataToEndOfFile()
        }
        let stderr = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: buffered + rest, as: UTF8.self),
                String(decoding: stderr, as: UTF8.self))
    }

    /// Ends the process if a test left it running.
    func kill() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }
}

/// The independent tools the mock's end-to-end test uses: openssl, curl, PyJWT.
enum MockTool {
    struct Output {
        var status: Int
        var version: String
        var headers: [String: String]
        var body: String
    }

    @discardableResult
    static func run(_ executable: String, _ arguments: [String]) throws -> String {
        let result = try CLI.tool(executable, arguments)
        guard result.status == 0 else {
            throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "\(executable) \(arguments) failed"])
        }
        return result.output
    }

    /// One request with `curl --http2`, trusting `ca`.
    static func curl(_ arguments: [String], ca: String) throws -> Output {
        let text = try run("/usr/bin/curl", ["-sS", "--max-time", "20", "--http2", "--cacert", ca, "-D", "-",
                                             "-w", "\n%{http_code} %{http_version}"] + arguments)
        // "\r\n" is one Character in Swift: split on any newline character.
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
        let summary = (lines.popLast() ?? "").split(separator: " ").map(String.init)
        var headers: [String: String] = [:]
        var index = 0
        while index < lines.count, !lines[index].trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            if let colon = lines[index].firstIndex(of: ":") {
                headers[lines[index][..<colon].lowercased()] = lines[index][lines[index].index(after: colon)...]
                    .trimmingCharacters(in: .whitespacesAndNewlines)
            }
            index += 1
        }
        let body = lines.dropFirst(index + 1).joined(separator: "\n")
        return Output(status: summary.first.flatMap { Int($0) } ?? 0, version: summary.count > 1 ? summary[1] : "",
                      headers: headers, body: body)
    }

    /// One answer of ``curlOneConnection(_:ca:)``: status, body, and curl's `%{num_connects}` (0: a reused connection).
    struct Answer {
        var status: Int
        var body: String
        var newConnections: Int
        var reason: String? {
            ((try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any])?["reason"] as? String
        }
    }

    /// Several requests on one `curl --http2` command line (`--next` between them), so curl reuses one connection;
    /// each request's `newConnections` says whether it did.
    static func curlOneConnection(_ requests: [[String]], ca: String) throws -> [Answer] {
        let directory = CLI.temporaryDirectory("curl-next")
        defer { try? FileManager.default.removeItem(at: directory) }
        var arguments: [String] = []
        for (index, request) in requests.enumerated() {
            if index > 0 { arguments.append("--next") }
            arguments += ["-sS", "--max-time", "20", "--http2", "--cacert", ca,
                          "-o", directory.appendingPathComponent("b\(index)").path,
                          "-w", "%{http_code} %{num_connects}\\n"] + request
        }
        let lines = try run("/usr/bin/curl", arguments).split(separator: "\n")
        return requests.indices.map { index in
            let fields = index < lines.count ? lines[index].split(separator: " ").compactMap { Int($0) } : []
            let body = (try? String(contentsOf: directory.appendingPathComponent("b\(index)"), encoding: .utf8)) ?? ""
            return Answer(status: fields.first ?? 0, body: body, newConnections: fields.count > 1 ? fields[1] : -1)
        }
    }

    /// True when `/usr/bin/python3` can import PyJWT (`jwt`).
    static var hasPyJWT: Bool {
        ((try? CLI.tool("/usr/bin/python3", ["-c", "import jwt"]).status) ?? 1) == 0
    }

    /// A provider token signed by PyJWT (an independent ES256 implementation); nil when PyJWT is not installed.
    static func pyJWT(key: String, keyID: String, teamID: String) throws -> String? {
        let script = """
        import jwt, sys, time
        key = open(sys.argv[1]).read()
        print(jwt.encode({"iss": sys.argv[3], "iat": int(time.time())}, key, algorithm="ES256",
                         headers={"kid": sys.argv[2]}))
        """
        for python in ["/usr/bin/python3", "/usr/local/bin/python3"]
        where FileManager.default.isExecutableFile(atPath: python) {
            if let token = try? run(python, ["-c", script, key, keyID, teamID]) {
                return token.trimmingCharacters(in: .whitespacesAndNewlines)
            }
        }
        return nil
    }
}
