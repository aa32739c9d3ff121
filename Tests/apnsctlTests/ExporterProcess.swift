import Foundation
import Testing
import TestSupport

extension RunningProcess {
    /// The port an `apnsctl exporter --listen 127.0.0.1:0` child listens on, read from its `port=N` line once it
    /// prints it (waiting for it).
    func exporterPort() throws -> Int {
        try #require(waitFor { out, _ in out.contains("port=") }, "exporter did not start: \(stderr)")
        return try #require(stdout.split(separator: " ").first { $0.hasPrefix("port=") }
                                .flatMap { Int($0.dropFirst(5)) })
    }
}

/// The exporter's `/metrics` text as the real curl fetches it ("" while it does not answer).
func exporterMetrics(port: Int) -> String {
    (try? CLI.tool("/usr/bin/curl", ["-sf", "http://127.0.0.1:\(port)/metrics"]).output) ?? ""
}
