import APNsCore
import APNsModel
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The helpers `apnsctl mock serve` needs to turn its flags into a configuration, and its first output line.
public enum MockStartup {
    /// Splits `NAME=VALUE` as given to the option `flag`; a ``MockArgumentError`` names it.
    public static func assignment(_ text: String, flag: String, valueName: String) throws -> (String, String) {
        guard let equals = text.firstIndex(of: "="), equals != text.startIndex,
              text.index(after: equals) != text.endIndex else {
            throw MockArgumentError.notAnAssignment(text: text, flag: flag, valueName: valueName)
        }
        return (String(text[..<equals]), String(text[text.index(after: equals)...]))
    }

    /// Checks a device token given on the command line: even-length hex.
    public static func deviceToken(_ text: String, flag: String) throws -> String {
        guard HeaderSyntax.isDeviceToken(text) else {
            throw MockArgumentError.notADeviceToken(text: text, flag: flag)
        }
        return text.lowercased()
    }

    /// The first line `apnsctl mock serve` prints: where it listens, which CA to trust, and the keys it trusts.
    ///
    /// Text: `listening host=127.0.0.1 port=8443 environment=development keys=2 ca=/path/ca.pem` (`ca=` only
    /// when the identity was generated, and last; `channels_port=N` before it when the channel management API is
    /// served). JSON fields: `event` ("listening"), `host`, `port`, `url`, `environment`, `trusted_keys` (how many
    /// token keys it trusts), `keys` (each trusted key, sorted by id: `key_id`, `team_id`, `environments`,
    /// `restriction` ("team" or "topics"), `topics` (null when team-scoped), `related_key_id` (or null),
    /// `scope_source` ("declared", "discovered" or "legacy"), as in `key list`), `bad_environment_reason` (how a key
    /// of the other environment is answered), `ca_file` (or null), `channels_port` (or null).
    public static func listeningLine(host: String, port: Int, policy: ValidationPolicy, caFile: String?,
                                     channelsPort: Int? = nil, format: MockLogFormat) -> String {
        let environment = policy.environment
        switch format {
        case .text:
            var line = "listening host=\(host) port=\(port) environment=\(environment.rawValue) keys=\(policy.trustedKeys.count)"
            if let channelsPort { line += " channels_port=\(channelsPort)" }
            if let caFile { line += " ca=\(caFile)" }
            return line
        case .json:
            let keys: [JSONValue] = policy.trustedKeys.values.sorted { $0.keyID < $1.keyID }.map { key in
                let scope = policy.scope(ofKey: key.keyID)
                return .object([
                    "key_id": .string(key.keyID), "team_id": .string(key.teamID),
                    "environments": .array(scope.environments.map { .string($0.rawValue) }),
                    "restriction": .string(scope.isTeamScoped ? "team" : "topics"),
                    "topics": scope.topics.map { .array($0.map(JSONValue.string)) } ?? .null,
                    "related_key_id": scope.relatedKeyID.json, "scope_source": .string(scope.source.rawValue),
                ])
            }
            let fields: [String: JSONValue] = [
                "event": "listening", "host": .string(host), "port": .integer(Int64(port)),
                "url": .string("https://\(urlHost(host)):\(port)"), "environment": .string(environment.rawValue),
                "trusted_keys": .integer(Int64(policy.trustedKeys.count)), "keys": .array(keys),
                "bad_environment_reason": .string(policy.badEnvironmentReason.rawValue), "ca_file": caFile.json,
                "channels_port": channelsPort.map { .integer(Int64($0)) } ?? .null,
            ]
            return jsonLine(fields)
        }
    }

    /// The last line: `stopped reason=Shutdown requests=N`, or JSON `event` ("stopped"), `reason`, `requests`.
    public static func stoppedLine(reason: APNsReason, requests: Int, format: MockLogFormat) -> String {
        switch format {
        case .text: return "stopped reason=\(reason.rawValue) requests=\(requests)"
        case .json: return jsonLine(["event": "stopped", "reason": .string(reason.rawValue), "requests": .integer(Int64(requests))])
        }
    }

    private static func urlHost(_ host: String) -> String { host.contains(":") ? "[\(host)]" : host }

    private static func jsonLine(_ fields: [String: JSONValue]) -> String { JSONValue.object(fields).compactText }
}
