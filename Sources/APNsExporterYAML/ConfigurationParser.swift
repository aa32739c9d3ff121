import APNsModel
import APNsCore
import APNsExporterConfiguration
import Yams
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads the exporter's YAML configuration (docs/exporter.md). Every error names the file, the line and the key.
public struct ConfigurationParser: Sendable {
    /// The least interval between two canaries against Apple's hosts (APNs's guidance: do not hammer it).
    public static let appleMinimumInterval: Double = 60
    /// The interval when a target names none.
    public static let defaultInterval: Double = 300

    static let rootKeys: Set<String> = ["keystore", "token_dir", "targets", "credentials", "expiry_interval"]
    static let targetKeys: Set<String> = ["name", "environment", "host", "cacert", "team", "key_id", "cert",
                                          "password_file", "topic", "push_type", "interval", "timeout"]

    public let file: String

    public init(file: String) {
        self.file = file
    }

    /// Reads and parses `file`.
    public static func load(_ file: String) throws(ConfigurationError) -> ExporterConfiguration {
        let bytes: [UInt8]
        do {
            bytes = try SecureFile.read(file, limit: 1 << 20, offerStandardInput: false)
        } catch let error as APNsError {
            // The reader's words without its own path prefix and hint: the error names the file once.
            let prefix = file + ": "
            let reason = error.message.hasPrefix(prefix) ? String(error.message.dropFirst(prefix.count)) : error.message
            throw ConfigurationError(file: file, line: nil, key: nil, problem: reason)
        } catch {
            throw ConfigurationError(file: file, line: nil, key: nil, problem: "cannot read it (\(error))")
        }
        return try ConfigurationParser(file: file).parse(String(decoding: bytes, as: UTF8.self))
    }

    /// Parses the YAML `text`.
    public func parse(_ text: String) throws(ConfigurationError) -> ExporterConfiguration {
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw syntax(error)
        } catch {
            throw ConfigurationError(file: file, line: nil, key: nil, problem: "not YAML (\(error))")
        }
        var configuration = ExporterConfiguration(file: file)
        guard let root else { return configuration }
        var lines: [String: Int] = [:]
        Self.collectLines(root, prefix: nil, into: &lines)
        configuration.lines = lines
        let fields = try mapping(root, key: nil, allowed: Self.rootKeys)
        if let node = fields["keystore"] { configuration.keystore = try string(node, key: "keystore") }
        if let node = fields["token_dir"] { configuration.tokenDirectory = try string(node, key: "token_dir") }
        if let node = fields["expiry_interval"] {
            configuration.expiryInterval = try duration(node, key: "expiry_interval", least: 1)
        }
        if let node = fields["credentials"] {
            if node.scalar != nil {
                configuration.credentials = [try string(node, key: "credentials")]
            } else if let items = node.sequence {
                configuration.credentials = try items.enumerated().map { index, item throws(ConfigurationError) in
                    try string(item, key: "credentials[\(index)]")
                }
            } else {
                throw error(node, "credentials", "must be a path or a list of paths")
            }
        }
        if let node = fields["targets"] {
            guard let items = node.sequence else { throw error(node, "targets", "must be a list of targets") }
            var names: Set<String> = []
            for (index, item) in items.enumerated() {
                let target = try self.target(item, key: "targets[\(index)]")
                guard names.insert(target.name).inserted else {
                    throw error(item, "targets[\(index)].name", "\"\(target.name)\" names another target too: each name must be unique")
                }
                configuration.targets.append(target)
            }
        }
        return configuration
    }

    private func target(_ node: Node, key prefix: String) throws(ConfigurationError) -> CanaryTarget {
        let fields = try mapping(node, key: prefix, allowed: Self.targetKeys)
        func field(_ name: String) throws(ConfigurationError) -> String? {
            guard let value = fields[name] else { return nil }
            return try string(value, key: "\(prefix).\(name)")
        }
        guard let name = try field("name"), !name.isEmpty else {
            throw error(node, "\(prefix).name", "is missing: every target needs a name (its `target` label)")
        }
        let environment: APNsEnvironment?
        if let text = try field("environment") {
            guard let value = APNsEnvironment(rawValue: text.lowercased()) else {
                throw error(fields["environment"] ?? node, "\(prefix).environment",
                            "\"\(text)\" is not an APNs environment: use development or production")
            }
            environment = value
        } else {
            environment = nil
        }
        let cacert = try field("cacert")
        let server: CanaryServer
        if let host = try field("host") {
            server = try self.server(host, environment: environment, caFile: cacert,
                                     node: fields["host"] ?? node, key: "\(prefix).host")
        } else if let environment {
            server = CanaryServer(host: environment.host, port: 443, environment: environment, caFile: cacert)
        } else {
            throw error(node, "\(prefix).environment", "is missing: name an environment (Apple's host) or a host: HOST:PORT")
        }
        let team = try field("team"), keyID = try field("key_id"), cert = try field("cert")
        let passwordFile = try field("password_file")
        for (key, value) in [("team", team), ("key_id", keyID)] {
            if let value, !AppleIdentifierText.isValid(value) {
                throw error(fields[key] ?? node, "\(prefix).\(key)", "\"\(value)\" is not a 10-character Apple identifier")
            }
        }
        let credential: CanaryCredential
        if let cert {
            if team != nil || keyID != nil {
                throw error(fields["cert"] ?? node, "\(prefix).cert", "a target uses a certificate or a team/key_id, not both")
            }
            credential = .certificate(path: cert, passwordFile: passwordFile)
        } else if team != nil || keyID != nil {
            if passwordFile != nil {
                throw error(fields["password_file"] ?? node, "\(prefix).password_file", "goes with cert: only")
            }
            credential = .token(team: team, keyID: keyID)
        } else {
            throw error(node, "\(prefix).team", "is missing: name a team:, a key_id: or a cert: to authenticate with")
        }
        let topic = try field("topic")
        if topic == nil, case .token = credential {
            throw error(node, "\(prefix).topic", "is missing: a token canary needs the app's bundle id")
        }
        var pushType: APNsPushType?
        if let text = try field("push_type") {
            guard let value = APNsPushType(rawValue: text) else {
                throw error(fields["push_type"] ?? node, "\(prefix).push_type",
                            "\"\(text)\" is not a push type (\(APNsPushType.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            pushType = value
        }
        var interval = Self.defaultInterval
        if let value = fields["interval"] {
            interval = try duration(value, key: "\(prefix).interval", least: 0.1)
            if server.isApple, interval < Self.appleMinimumInterval {
                throw error(value, "\(prefix).interval", "\(DurationText.describe(interval)) is too often for Apple's "
                            + "hosts: 1m at least (the default is 5m)")
            }
        }
        var timeout = 10.0
        if let value = fields["timeout"] { timeout = try duration(value, key: "\(prefix).timeout", least: 0.1) }
        return CanaryTarget(name: name, server: server, credential: credential, topic: topic, pushType: pushType,
                            interval: interval, timeout: timeout)
    }

    private func server(_ text: String, environment: APNsEnvironment?, caFile: String?, node: Node,
                        key: String) throws(ConfigurationError) -> CanaryServer {
        var host = text, port = 443
        if let colon = text.lastIndex(of: ":"), !text.hasSuffix("]") {
            guard let value = Int(text[text.index(after: colon)...]), (1...65535).contains(value) else {
                throw error(node, key, "\"\(text)\" has no valid port: write HOST:PORT")
            }
            port = value
            host = String(text[..<colon])
        }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty, !host.contains("/"), !host.contains(" ") else {
            throw error(node, key, "\"\(text)\" is not HOST:PORT")
        }
        return CanaryServer(host: host, port: port, environment: environment, caFile: caFile)
    }

    // MARK: - Nodes

    /// The line of every key under `node`, by its path (`targets[0].cacert`).
    static func collectLines(_ node: Node, prefix: String?, into lines: inout [String: Int]) {
        if let mapping = node.mapping {
            for (name, value) in mapping {
                let path = prefix.map { "\($0).\(name.string ?? "")" } ?? (name.string ?? "")
                if let line = name.mark?.line { lines[path] = line }
                collectLines(value, prefix: path, into: &lines)
            }
        } else if let items = node.sequence {
            for (index, item) in items.enumerated() {
                let path = "\(prefix ?? "")[\(index)]"
                if let line = item.mark?.line { lines[path] = line }
                collectLines(item, prefix: path, into: &lines)
            }
        }
    }

    private func mapping(_ node: Node, key: String?, allowed: Set<String>) throws(ConfigurationError) -> [String: Node] {
        guard let mapping = node.mapping else {
            throw error(node, key, "must be a mapping of keys to values")
        }
        var fields: [String: Node] = [:]
        for (name, value) in mapping {
            let text = name.string ?? ""
            let path = key.map { "\($0).\(text)" } ?? text
            guard allowed.contains(text) else {
                throw error(name, path, "is not a key the exporter knows (\(allowed.sorted().joined(separator: ", ")))")
            }
            guard fields[text] == nil else { throw error(name, path, "appears twice") }
            fields[text] = value
        }
        return fields
    }

    private func string(_ node: Node, key: String) throws(ConfigurationError) -> String {
        guard let scalar = node.scalar else { throw error(node, key, "must be a single value") }
        return scalar.string
    }

    private func duration(_ node: Node, key: String, least: Double) throws(ConfigurationError) -> Double {
        let text = try string(node, key: key)
        guard let seconds = DurationText.seconds(text) else {
            throw error(node, key, "\"\(text)\" is not a duration (e.g. 90s, 5m, 1h)")
        }
        guard seconds >= least else {
            throw error(node, key, "\"\(text)\" is too short: \(DurationText.describe(least)) at least")
        }
        return seconds
    }

    private func error(_ node: Node, _ key: String?, _ problem: String) -> ConfigurationError {
        ConfigurationError(file: file, line: node.mark?.line, key: key, problem: problem)
    }

    private func syntax(_ error: YamlError) -> ConfigurationError {
        switch error {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _),
             .composer(_, let problem, let mark, _):
            return ConfigurationError(file: file, line: mark.line, key: nil, problem: "not valid YAML: \(problem)")
        case .duplicatedKeysInMapping(let duplicates, let context):
            return ConfigurationError(file: file, line: context.mark.line, key: duplicates.first,
                                      problem: "appears twice")
        default:
            return ConfigurationError(file: file, line: nil, key: nil, problem: "not valid YAML: \(error)")
        }
    }
}

/// Team ids and key ids: 10 upper-case letters and digits.
enum AppleIdentifierText {
    static func isValid(_ text: String) -> Bool {
        text.utf8.count == 10 && text.utf8.allSatisfy { (48...57).contains($0) || (65...90).contains($0) }
    }
}

extension DurationText {
    /// `5m`, `90s`, `1.5s`: how the errors quote a duration.
    public static func describe(_ seconds: Double) -> String {
        if seconds >= 60, seconds.truncatingRemainder(dividingBy: 60) == 0 { return "\(Int(seconds / 60))m" }
        if seconds == seconds.rounded() { return "\(Int(seconds))s" }
        return "\(seconds)s"
    }
}
