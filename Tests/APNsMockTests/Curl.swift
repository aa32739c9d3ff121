import Foundation
import TestSupport

/// The system `curl` binary: an HTTP/2 client the project did not write.
enum Curl {
    struct Response {
        var status: Int
        var httpVersion: String
        var headers: [String: String]
        var body: String
        var exitCode: Int32
        var stderr: String
        /// curl's `%{num_connects}`: new connections this request opened (0 when it reused one).
        var newConnections: Int = -1

        var json: [String: Any]? {
            (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any]
        }
    }

    static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/curl") }

    /// One or more requests on one connection (`--next` between them), each a list of curl arguments.
    static func requests(_ requests: [[String]], port: Int, caPEM: String, http2: Bool = true,
                         extra: [String] = []) throws -> [Response] {
        let directory = TestPaths.temporaryDirectory("mock-curl")
        defer { try? FileManager.default.removeItem(at: directory) }
        let ca = directory.appendingPathComponent("ca.pem")
        try Data(caPEM.utf8).write(to: ca)
        var arguments: [String] = []
        for (index, request) in requests.enumerated() {
            if index > 0 { arguments.append("--next") }
            arguments += ["-sS", "--max-time", "20", http2 ? "--http2" : "--http1.1", "--cacert", ca.path,
                          "-D", directory.appendingPathComponent("h\(index)").path,
                          "-o", directory.appendingPathComponent("b\(index)").path,
                          "-w", "%{http_code} %{http_version} %{num_connects}\\n"] + extra + request
        }
        let (code, out, err) = try run(arguments, port: port)
        let lines = out.split(separator: "\n").map(String.init)
        return requests.indices.map { index in
            let fields = index < lines.count ? lines[index].split(separator: " ").map(String.init) : []
            let headerText = (try? String(contentsOf: directory.appendingPathComponent("h\(index)"), encoding: .utf8)) ?? ""
            var headers: [String: String] = [:]
            for line in headerText.split(whereSeparator: \.isNewline) {
                guard let colon = line.firstIndex(of: ":") else { continue }
                headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
                    .trimmingCharacters(in: .whitespaces)
            }
            let body = (try? String(contentsOf: directory.appendingPathComponent("b\(index)"), encoding: .utf8)) ?? ""
            return Response(status: fields.first.flatMap { Int($0) } ?? 0,
                            httpVersion: fields.count > 1 ? fields[1] : "", headers: headers, body: body,
                            exitCode: code, stderr: err,
                            newConnections: fields.count > 2 ? Int(fields[2]) ?? -1 : -1)
        }
    }

    /// One request.
    static func request(_ arguments: [String], port: Int, caPEM: String, http2: Bool = true,
                        extra: [String] = []) throws -> Response {
        try requests([arguments], port: port, caPEM: caPEM, http2: http2, extra: extra)[0]
    }

    /// Arguments for a POST to `/3/device/<device>` with headers and a body.
    static func post(device: String, headers: [String: String], body: String = #"{"aps":{"content-available":1}}"#,
                     port: Int) -> [String] {
        var arguments = ["-X", "POST", "--data-binary", body]
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { arguments += ["-H", "\(name): \(value)"] }
        return arguments + ["https://127.0.0.1:\(port)/3/device/\(device)"]
    }

    /// Runs curl with exactly these arguments: exit code, stdout, stderr.
    static func run(_ arguments: [String], port: Int) throws -> (Int32, String, String) {
        let result = try ExternalProcess.run("/usr/bin/curl", arguments)
        return (result.status, result.stdout, result.stderr)
    }
}
