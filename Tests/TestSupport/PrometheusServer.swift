import Foundation

/// A real Prometheus server (Debian's `prometheus`) started by a test on 127.0.0.1, with its own data directory
/// and a 1 s scrape interval; read back through its HTTP API (`/api/v1/query`), polling until a condition holds.
public final class PrometheusServer: @unchecked Sendable {
    /// `/usr/bin/prometheus`, or nil when it is not installed.
    public static let binary = ExternalProcess.find("prometheus")

    public let port: Int
    public let directory: URL
    private let process = Process()
    private let log: FileHandle

    /// Starts Prometheus scraping `targets` (`HOST:PORT` of /metrics endpoints) every second, and waits until it
    /// answers `/-/ready`.
    public init(scraping targets: [String], in directory: URL, timeout: TimeInterval = 60) throws {
        guard let binary = Self.binary else { throw ClusterError(message: "prometheus is not installed") }
        self.directory = directory
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        port = try TestPorts.free()
        let list = targets.map { "\"\($0)\"" }.joined(separator: ", ")
        let config = """
            global:
              scrape_interval: 1s
              evaluation_interval: 1s
            scrape_configs:
              - job_name: apnsctl
                scrape_interval: 1s
                scrape_timeout: 900ms
                static_configs:
                  - targets: [\(list)]
            """
        let configFile = directory.appendingPathComponent("prometheus.yml")
        try Data(config.utf8).write(to: configFile)
        let logFile = directory.appendingPathComponent("prometheus.log")
        _ = FileManager.default.createFile(atPath: logFile.path, contents: nil)
        log = try FileHandle(forWritingTo: logFile)
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["--config.file=\(configFile.path)",
                             "--storage.tsdb.path=\(directory.appendingPathComponent("data").path)",
                             "--web.listen-address=127.0.0.1:\(port)", "--log.level=warn"]
        process.standardOutput = log
        process.standardError = log
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let ready = Date().addingTimeInterval(timeout)
        while Date() < ready {
            if let answer = try? ExternalProcess.run("/usr/bin/curl", ["-sf", "http://127.0.0.1:\(port)/-/ready"], timeout: 5),
               answer.status == 0 { return }
            guard process.isRunning else { break }
            Thread.sleep(forTimeInterval: 0.2)
        }
        stop()
        throw ClusterError(message: "prometheus did not become ready: \(logText)")
    }

    /// What Prometheus logged (for a failure message).
    public var logText: String {
        (try? String(contentsOf: directory.appendingPathComponent("prometheus.log"), encoding: .utf8)) ?? ""
    }

    /// One sample of an instant vector: its labels and value.
    public struct Sample: Sendable, CustomStringConvertible {
        public var labels: [String: String]
        public var value: Double
        public var description: String { "\(labels) \(value)" }
    }

    /// The instant vector `expression` evaluates to now; empty on any error.
    public func query(_ expression: String) -> [Sample] {
        guard let answer = try? ExternalProcess.run("/usr/bin/curl", [
            "-sf", "http://127.0.0.1:\(port)/api/v1/query", "--data-urlencode", "query=\(expression)"], timeout: 10),
              answer.status == 0,
              let json = try? JSONSerialization.jsonObject(with: answer.stdoutData) as? [String: Any],
              let data = json["data"] as? [String: Any], let result = data["result"] as? [[String: Any]] else { return [] }
        return result.compactMap { item in
            guard let metric = item["metric"] as? [String: String], let pair = item["value"] as? [Any], pair.count == 2,
                  let text = pair[1] as? String, let value = Double(text) else { return nil }
            return Sample(labels: metric, value: value)
        }
    }

    /// Polls `expression` until `condition` holds for its samples (returning them), or `timeout` passes (returning
    /// nil; the last samples are in `last`).
    public func waitFor(_ expression: String, timeout: TimeInterval = 60,
                        _ condition: ([Sample]) -> Bool) -> [Sample]? {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            let samples = query(expression)
            if condition(samples) { return samples }
            Thread.sleep(forTimeInterval: 0.25)
        } while Date() < deadline
        return nil
    }

    /// Stops Prometheus and waits for it.
    public func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? log.close()
    }

    deinit { stop() }
}
