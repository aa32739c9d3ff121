import APNsCore
import APNsModel
import APNsPushRules
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What `payload check` predicts for one request: APNs's status and reason (the mock's answer to the same
/// request with a valid token and a device of the topic's app), and Apple's advice against it.
public struct PayloadCheckResult: Sendable, Equatable, Encodable {
    /// Whether APNs would accept the request.
    public var accepted: Bool
    /// 200, or the refusal's status (400, 413).
    public var status: Int
    /// The refusal's reason, nil for 200.
    public var reason: String?
    /// The refusal's rule (snake_case), nil for 200.
    public var rule: String?
    /// One line for people: what the mock's log would say.
    public var detail: String
    /// The push type the rules applied (nil when `apns-push-type` is not one).
    public var pushType: String?
    /// True when `apns-push-type` was absent and APNs takes the type from the topic (or alert).
    public var pushTypeInferred: Bool
    public var topic: String?
    public var payloadBytes: Int
    /// The payload limit of the push type (nil when the push type is unknown).
    public var limitBytes: Int?
    public var warnings: [PushWarning]

    enum CodingKeys: String, CodingKey {
        case accepted, status, reason, rule, detail, topic, warnings
        case pushType = "push_type", pushTypeInferred = "push_type_inferred", payloadBytes = "payload_bytes"
        case limitBytes = "limit_bytes"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(accepted, forKey: .accepted)
        try container.encode(status, forKey: .status)
        try container.encode(reason, forKey: .reason)
        try container.encode(rule, forKey: .rule)
        try container.encode(detail, forKey: .detail)
        try container.encode(pushType, forKey: .pushType)
        try container.encode(pushTypeInferred, forKey: .pushTypeInferred)
        try container.encode(topic, forKey: .topic)
        try container.encode(payloadBytes, forKey: .payloadBytes)
        try container.encode(limitBytes, forKey: .limitBytes)
        try container.encode(warnings, forKey: .warnings)
    }

    /// Whether the check fails: refused, or (with `strict`) accepted with warnings.
    public func failed(strict: Bool) -> Bool { !accepted || (strict && !warnings.isEmpty) }
}

/// One line of a `--requests` file: its number and its result, or why the line is not a request.
public struct PayloadCheckLine: Sendable, Equatable {
    public var line: Int
    public var result: Result<PayloadCheckResult, PayloadLineError>
}

/// Why a line of a requests file is not a request.
public struct PayloadLineError: Error, Sendable, Equatable {
    public var message: String
}

/// Why `payload check` could not read its input (besides ``SecureFile``'s errors: missing, unreadable, too large).
public enum PayloadCheckError: Error, Equatable {
    /// The requests file (or standard input, `-`) is not UTF-8 text.
    case notText(path: String)
}

/// The `payload check` use case: the shared push rules (``PushVerdict``) over one request or a file of them.
public enum PayloadChecking {
    /// The verdict on `request`.
    public static func check(_ request: PushRequest) -> PayloadCheckResult {
        let verdict = PushVerdict.of(request)
        let choice = verdict.pushType
        let topic = request.header("apns-topic")
        let detail = verdict.refusal?.detail ?? "accepted for \(topic ?? "")"
        return PayloadCheckResult(
            accepted: verdict.refusal == nil, status: verdict.status, reason: verdict.reason?.rawValue,
            rule: verdict.refusal?.rule, detail: detail, pushType: choice?.pushType.rawValue,
            pushTypeInferred: choice?.inferred ?? false, topic: topic, payloadBytes: request.payload.count,
            limitBytes: choice?.pushType.maximumPayloadBytes, warnings: verdict.warnings)
    }

    /// Each line of a requests file (JSON Lines), checked; blank lines are skipped, a line that is not a request
    /// is reported with its number (docs/payload.md gives the shape).
    public static func checkLines(_ text: String) -> [PayloadCheckLine] {
        var lines: [PayloadCheckLine] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.drop { $0 == " " || $0 == "\t" || $0 == "\r" }
            guard !trimmed.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) else { continue }
            let parsed = request(fromLine: trimmed)
            lines.append(PayloadCheckLine(line: index + 1, result: parsed.map(check)))
        }
        return lines
    }

    /// A request from one line: `{"headers": {NAME: VALUE, …}, "payload": …}`. A `payload` string is the payload's
    /// text as sent; any other JSON value is sent as its compact JSON; no `payload` is an empty payload.
    public static func request(fromLine line: some StringProtocol) -> Result<PushRequest, PayloadLineError> {
        guard let value = JSONValue(parsing: Array(line.utf8)) else {
            return .failure(PayloadLineError(message: "not JSON"))
        }
        guard let object = value.object else {
            return .failure(PayloadLineError(message: "not a JSON object"))
        }
        if let unknown = object.keys.sorted().first(where: { $0 != "headers" && $0 != "payload" }) {
            return .failure(PayloadLineError(message: "unknown member \"\(unknown)\" (a line has headers and payload)"))
        }
        var headers: [String: String] = [:]
        if let members = object["headers"] {
            guard let members = members.object else {
                return .failure(PayloadLineError(message: "headers is not an object"))
            }
            for (name, value) in members {
                switch value {
                case .string(let text): headers[name] = text
                case .integer(let number): headers[name] = String(number)
                default: return .failure(PayloadLineError(message: "header \(name) is not a string"))
                }
            }
        }
        let payload: [UInt8]
        switch object["payload"] {
        case nil: payload = []
        case .string(let text)?: payload = Array(text.utf8)
        case let other?: payload = Array(other.compactText.utf8)
        }
        return .success(PushRequest(headers: headers, payload: payload))
    }

    /// The largest requests file read: 64 MiB.
    public static let requestsFileLimit = 64 << 20
    /// The largest payload file read: 1 MiB (far over APNs's limits, which the check reports).
    public static let payloadFileLimit = 1 << 20

    /// Reads and checks the requests file at `path` (`-`: standard input).
    public static func checkRequestsFile(_ path: String) throws -> [PayloadCheckLine] {
        let bytes = try SecureFile.read(path, limit: requestsFileLimit, what: "a requests file")
        guard let text = String(validating: bytes, as: UTF8.self) else { throw PayloadCheckError.notText(path: path) }
        return checkLines(text)
    }

    /// The payload named by `argument`: `@FILE` (read whole), `-` (standard input) or the JSON text itself.
    public static func payload(_ argument: String) throws -> [UInt8] {
        if argument == "-" { return try SecureFile.read("-", limit: payloadFileLimit, what: "a payload") }
        if argument.hasPrefix("@") {
            return try SecureFile.read(String(argument.dropFirst()), limit: payloadFileLimit, what: "a payload")
        }
        return Array(argument.utf8)
    }
}
