import APNsCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// `apnsctl-exporter-config`, the program that reads the exporter's YAML (with Yams, which needs full Foundation
/// and so stays out of apnsctl): run with the file's path, it prints the configuration as JSON (exit 0) or a
/// ``ConfigurationError`` as JSON (exit 3). Found beside the running program (a build, the tarball), then in
/// PREFIX/lib/apnsctl/ for PREFIX/bin/apnsctl (`make install`), then in /usr/lib/apnsctl/ (the package);
/// `APNSCTL_EXPORTER_CONFIG_TOOL` names another path.
public struct ExporterConfigTool: Sendable {
    /// The tool's file name.
    public static let name = "apnsctl-exporter-config"
    /// Where the package installs it.
    public static let installedDirectory = "/usr/lib/apnsctl"
    /// The environment variable naming another path.
    public static let overrideVariable = "APNSCTL_EXPORTER_CONFIG_TOOL"

    /// The program run.
    public var path: String

    public init(path: String) {
        self.path = path
    }

    /// The tool named by `environment`, else the one beside this binary, else the installed one; when none
    /// exists, ``ExporterConfigToolError/missing(_:)`` naming where it looked.
    public static func locate(environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(ExporterConfigToolError) -> ExporterConfigTool {
        if let path = environment[overrideVariable], !path.isEmpty {
            guard access(path, X_OK) == 0 else { throw .missing([path]) }
            return ExporterConfigTool(path: path)
        }
        var candidates: [String] = []
        if let directory = executableDirectory() {
            candidates.append(directory + "/" + name)
            // PREFIX/bin/apnsctl → PREFIX/lib/apnsctl/ (make install; the package's /usr/bin → /usr/lib/apnsctl).
            if directory.hasSuffix("/bin") { candidates.append(directory.dropLast(4) + "/lib/apnsctl/" + name) }
        }
        candidates.append(installedDirectory + "/" + name)
        candidates = candidates.reduce(into: []) { unique, path in if !unique.contains(path) { unique.append(path) } }
        guard let found = candidates.first(where: { access($0, X_OK) == 0 }) else { throw .missing(candidates) }
        return ExporterConfigTool(path: found)
    }

    /// Runs the tool on `file`: the configuration; the ``ConfigurationError`` the tool reports; or
    /// ``ExporterConfigToolError/failed(file:tool:reason:)`` when it could not run or said nothing usable.
    public func load(_ file: String) throws -> ExporterConfiguration {
        let child = ChildProcess(executable: path, arguments: [file],
                                 environment: ["PATH": "/usr/bin:/bin", "LC_ALL": "C.UTF-8"],
                                 directory: Self.currentDirectory())
        let result: ChildProcess.Result
        do {
            result = try child.run(stdin: [])
        } catch {
            throw ExporterConfigToolError.failed(file: file, reason: error.description)
        }
        let decoder = JSONDecoder()
        switch result.status {
        case 0:
            if let configuration = try? decoder.decode(ExporterConfiguration.self, from: Data(result.stdout)) {
                return configuration
            }
        case 3:
            if let error = try? decoder.decode(ConfigurationError.self, from: Data(result.stdout)) { throw error }
        default:
            break
        }
        let said = String(decoding: result.stderr, as: UTF8.self).split(separator: "\n").last.map { ": \($0)" } ?? ""
        throw ExporterConfigToolError.failed(
            file: file, reason: "\(path) ended with status \(result.status) and no configuration\(said)")
    }

    /// The directory of the running binary (/proc/self/exe, links resolved).
    private static func executableDirectory() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        let path = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = path.lastIndex(of: "/") else { return nil }
        return String(path[..<slash])
    }

    private static func currentDirectory() -> String {
        let path = FileManager.default.currentDirectoryPath
        return path.isEmpty ? "/" : path
    }
}

/// Why the exporter's configuration could not be read through ``ExporterConfigTool`` (a file the tool read and
/// refused is a ``ConfigurationError``).
public enum ExporterConfigToolError: Error, Sendable, Equatable {
    /// No tool at any of these paths (in the order looked at).
    case missing([String])
    /// The tool could not be started on `file`, or ended without a configuration or an error: why, in words.
    case failed(file: String, reason: String)
}
