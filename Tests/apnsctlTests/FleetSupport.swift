import Foundation
import Testing
import TestSupport

/// What the fleet tests share: a real 3-member cluster with an etcd:// keystore on it, and apnsctl run against it
/// as a separate host would run it.
protocol FleetCLI {}

extension FleetCLI {
    /// A cluster, an etcd:// keystore on it and a key-encryption key file; stopped afterwards.
    func withFleet(auth: Bool = false, proxied: Bool = false,
                   _ body: (EtcdCluster, String, [String: String]) throws -> Void) throws {
        let cluster = try EtcdCluster.start(auth: auth, proxied: proxied)
        defer { cluster.stop() }
        let kek = cluster.directory.appendingPathComponent("kek").path
        _ = FileManager.default.createFile(atPath: kek, contents: Data((0..<32).map { _ in UInt8.random(in: 0...255) }),
                                       attributes: [.posixPermissions: 0o600])
        var environment = ["APNSCTL_KEK_FILE": kek]
        if let password = cluster.rootPassword {
            environment["APNSCTL_ETCD_USER"] = "root"
            environment["APNSCTL_ETCD_PASSWORD"] = password
        }
        let url = "etcd://" + cluster.members.map(\.endpoint).joined(separator: ",") + "/apnsctl"
        let created = try CLI.run(["keystore", "init", url], environment: environment)
        #expect(created.status == 0, "\(created.stderr)")
        try body(cluster, url, environment)
    }

    func run(_ arguments: [String], _ url: String, _ environment: [String: String]) throws -> CLI.Result {
        try CLI.run(arguments + ["--keystore", url], environment: environment)
    }

    func states(_ url: String, _ environment: [String: String]) throws -> [String: String] {
        let list = try run(["key", "list", "--format", "json"], url, environment)
        #expect(list.status == 0, "\(list.stderr)")
        return (try JSONSerialization.jsonObject(with: list.stdoutData) as? [[String: Any]] ?? [])
            .reduce(into: [:]) { $0[$1["key_id"] as? String ?? "?"] = $1["state"] as? String }
    }

}

/// The debug builds' injected clock for a fleet test: one file (APNSCTL_DEBUG_CLOCK_FILE) from which every host the
/// test starts reads "now", so the test moves time for all of them at once.
struct InjectedClock {
    let path: String
    /// Unix seconds at the clock's zero.
    let start: Int64

    /// A clock file in the cluster's directory, set to `start`.
    init(in cluster: EtcdCluster, start: Int64 = Int64(Date().timeIntervalSince1970)) throws {
        path = cluster.directory.appendingPathComponent("clock").path
        self.start = start
        try set(seconds: 0)
    }

    /// Sets "now" to `seconds` after the clock's zero.
    func set(seconds: Int64) throws {
        try "\(start + seconds)".write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// `environment` with this clock in it.
    func environment(_ environment: [String: String]) -> [String: String] {
        environment.merging(["APNSCTL_DEBUG_CLOCK_FILE": path]) { $1 }
    }
}

/// A long-running apnsctl (a token agent, a paused rotation) playing a host: stdout and stderr go to files, so a
/// chatty process never blocks; stopped with SIGTERM (or killed) by the test.
final class HostProcess: @unchecked Sendable {
    let process = Process()
    let stdoutFile: URL
    let stderrFile: URL

    init(_ arguments: [String], environment: [String: String], logs directory: URL, name: String) throws {
        stdoutFile = directory.appendingPathComponent("\(name).out")
        stderrFile = directory.appendingPathComponent("\(name).err")
        _ = FileManager.default.createFile(atPath: stdoutFile.path, contents: nil)
        _ = FileManager.default.createFile(atPath: stderrFile.path, contents: nil)
        process.executableURL = CLI.binary
        process.arguments = arguments
        var merged = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        merged["APNSCTL_KEYSTORE"] = nil
        merged["NO_COLOR"] = "1"
        process.environment = merged
        process.standardOutput = try FileHandle(forWritingTo: stdoutFile)
        process.standardError = try FileHandle(forWritingTo: stderrFile)
        try process.run()
    }

    var stdout: String { (try? String(contentsOf: stdoutFile, encoding: .utf8)) ?? "" }
    var stderr: String { (try? String(contentsOf: stderrFile, encoding: .utf8)) ?? "" }

    /// The JSON lines it printed (`--format json`).
    var events: [[String: Any]] {
        stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    /// Waits up to `seconds` for it to end; its exit status, or nil if still running.
    func exitStatus(within seconds: TimeInterval) -> Int32? {
        let end = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < end { Thread.sleep(forTimeInterval: 0.05) }
        return process.isRunning ? nil : process.terminationStatus
    }

    /// SIGTERM, then SIGKILL if it has not ended within 5 s; its exit status.
    @discardableResult
    func stop() -> Int32 {
        if process.isRunning { process.terminate() }
        if let status = exitStatus(within: 5) { return status }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        return process.terminationStatus
    }
}

/// Polls `condition` every 50 ms for up to `seconds`; the time it took, or nil if it never held.
func waitUntil(_ seconds: TimeInterval, _ condition: () -> Bool) -> TimeInterval? {
    let start = Date()
    while Date().timeIntervalSince(start) < seconds {
        if condition() { return Date().timeIntervalSince(start) }
        Thread.sleep(forTimeInterval: 0.05)
    }
    return condition() ? Date().timeIntervalSince(start) : nil
}

/// The text of a file, or nil when it does not exist.
func contents(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

/// A JWT's `kid` (its header's key id).
func keyID(ofJWT jwt: String) -> String? {
    guard let header = jwt.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ".").first else { return nil }
    var text = String(header).replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    while text.count % 4 != 0 { text += "=" }
    return Data(base64Encoded: text).flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }?["kid"] as? String
}

/// A JWT's `iat`.
func issuedAt(ofJWT jwt: String) -> Int64? {
    let parts = jwt.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ".")
    guard parts.count == 3 else { return nil }
    var payload = String(parts[1]).replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    while payload.count % 4 != 0 { payload += "=" }
    guard let data = Data(base64Encoded: payload),
          let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
    return (object["iat"] as? NSNumber)?.int64Value
}
