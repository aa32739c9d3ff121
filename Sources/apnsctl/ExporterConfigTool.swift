import APNsCore
import APNsExporter
import APNsExporterConfiguration
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
/// ``ConfigurationError`` as JSON (exit 3). Found beside the running apnsctl (a build, the tarball), then in
/// PREFIX/lib/apnsctl/ for PREFIX/bin/apnsctl (`make install`), then in /usr/lib/apnsctl/ (the package);
/// `APNSCTL_EXPORTER_CONFIG_TOOL` names another path.
struct ExporterConfigTool {
    static let name = "apnsctl-exporter-config"
    static let installedDirectory = "/usr/lib/apnsctl"
    static let overrideVariable = "APNSCTL_EXPORTER_CONFIG_TOOL"

    /// The program run.
    var path: String

    /// The tool named by the environment, else the one beside this binary, else the installed one; when none
    /// exists, an error naming where it looked.
    static func locate() throws -> ExporterConfigTool {
        if let path = ProcessInfo.processInfo.environment[overrideVariable], !path.isEmpty {
            guard access(path, X_OK) == 0 else { throw missing([path]) }
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
        guard let found = candidates.first(where: { access($0, X_OK) == 0 }) else { throw missing(candidates) }
        return ExporterConfigTool(path: found)
    }

    /// Runs the tool on `file`: the configuration, or the ``ConfigurationError`` it reports.
    func load(_ file: String) throws -> ExporterConfiguration {
        let child = ChildProcess(executable: path, arguments: [file],
                                 environment: ["PATH": "/usr/bin:/bin", "LC_ALL": "C.UTF-8"],
                                 directory: Self.currentDirectory())
        let result: ChildProcess.Result
        do {
            result = try child.run(stdin: [])
        } catch {
            throw APNsError.badInput("cannot read \(file): \(error.description)", hint: Self.hint)
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
        throw APNsError.badInput("cannot read \(file): \(path) ended with status \(result.status) and no "
                                 + "configuration\(said)", hint: Self.hint)
    }

    private static let hint = "the apnsctl package installs \(installedDirectory)/\(name) (make install: "
        + "PREFIX/lib/apnsctl/; the tarball: beside apnsctl); \(overrideVariable)=PATH names another"

    private static func missing(_ paths: [String]) -> APNsError {
        APNsError.badInput("cannot read the exporter's configuration: \(name) is not at "
                           + paths.joined(separator: " nor "), hint: hint)
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
