import APNsCore
import APNsOperations
import APNsPushRules
import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `apnsctl payload check`: the status and reason APNs would answer to a request, offline, with the rules the
/// mock answers with, and Apple's advice as warnings (docs/payload.md).
struct PayloadCheck: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Predict APNs's answer to a push request (headers and payload) and warn about Apple's advice.",
        discussion: """
        The answer is the one `apnsctl mock serve` gives (and APNs, as far as Apple documents it) to the same
        request sent with a valid token to a device of the topic's app. Warnings name the rule and Apple's page.
        Exit 0 when APNs would accept the request (with --strict: and no warning), 1 otherwise.

        --requests FILE.jsonl checks many: one JSON object a line, {"headers": {"apns-topic": …, \
        "apns-push-type": …}, "payload": {…}}; one JSON object out per line, with its line number.
        """)

    @Argument(help: ArgumentHelp("The payload: JSON text, @FILE, or - for stdin.", valueName: "JSON|@FILE|-"))
    var payload: String?

    @OptionGroup var topicOption: TopicOption
    var topic: String? { topicOption.topic }

    @Option(name: .customLong("push-type"), help: "apns-push-type (absent: APNs infers it from the topic).")
    var pushType: String?

    @Option(help: "apns-priority: 10, 5 or 1.")
    var priority: String?

    // Unconditional: `--expiration -1` is a value to judge (APNs refuses it: BadExpirationDate), not an option.
    @Option(parsing: .unconditional, help: ArgumentHelp("apns-expiration: unix seconds (0: deliver once).", valueName: "S"))
    var expiration: String?

    @Option(name: .customLong("collapse-id"), help: "apns-collapse-id (at most 64 bytes).")
    var collapseID: String?

    @Flag(help: "Fail (exit 1) on warnings too.")
    var strict = false

    @Option(help: ArgumentHelp("Check every request of a JSON Lines file (- for stdin).", valueName: "FILE.jsonl"),
            completion: .file())
    var requests: String?

    @OptionGroup var output: FormatOptions

    func validate() throws {
        let headerOptions = [topic, pushType, priority, expiration, collapseID].contains { $0 != nil }
        if requests != nil, payload != nil || headerOptions {
            throw ValidationError("--requests takes the headers and payloads from its file: give no payload or header options")
        }
        if requests == nil, payload == nil {
            throw ValidationError("give the payload (JSON text, @FILE or -) or --requests FILE.jsonl")
        }
    }

    func run() async throws {
        if let requests {
            try checkBatch(requests)
            return
        }
        var headers: [String: String] = [:]
        headers["apns-topic"] = topic
        headers["apns-push-type"] = pushType
        headers["apns-priority"] = priority
        headers["apns-expiration"] = expiration
        headers["apns-collapse-id"] = collapseID
        let result = PayloadChecking.check(PushRequest(headers: headers, payload: try PayloadChecking.payload(payload ?? "-")))
        if output.isJSON {
            try Console.printJSON(result)
        } else {
            StandardStream.output.write(Self.text(result).utf8)
        }
        if result.failed(strict: strict) { throw ExitCode(ExitStatus.checkFailed.rawValue) }
    }

    /// JSON Lines (or one text block a line); exit 3 when a line is not a request, else 1 when one fails.
    private func checkBatch(_ path: String) throws {
        let lines = try PayloadChecking.checkRequestsFile(path)
        var malformed = false, failed = false
        for line in lines {
            switch line.result {
            case .success(let result):
                failed = failed || result.failed(strict: strict)
                if output.isJSON {
                    Console.printJSONLine(LineJSON(line: line.line, result: result, error: nil))
                } else {
                    StandardStream.output.write("line \(line.line): \(Self.text(result))".utf8)
                }
            case .failure(let error):
                malformed = true
                if output.isJSON {
                    Console.printJSONLine(LineJSON(line: line.line, result: nil, error: error.message))
                } else {
                    StandardStream.output.write("line \(line.line): not a request: \(error.message)\n".utf8)
                }
                Console.printError(.badInput("\(path == "-" ? "standard input" : path):\(line.line): \(error.message)",
                                             hint: #"each line is {"headers": {"apns-topic": …}, "payload": {…}}"#))
            }
        }
        if malformed { throw ExitCode(ExitStatus.badInput.rawValue) }
        if failed { throw ExitCode(ExitStatus.checkFailed.rawValue) }
    }

    /// One output line: the result's fields with `line` and `error` (null unless the line is not a request).
    struct LineJSON: Encodable {
        var line: Int
        var result: PayloadCheckResult?
        var error: String?

        enum CodingKeys: String, CodingKey { case line, error }

        func encode(to encoder: any Encoder) throws {
            try result?.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(line, forKey: .line)
            try container.encode(error, forKey: .error)
        }
    }

    /// The verdict, then one line per warning.
    static func text(_ result: PayloadCheckResult) -> String {
        let verdict = result.accepted
            ? "APNs would accept it: 200 (\(result.pushType ?? "?") push, \(result.payloadBytes) bytes of \(result.limitBytes ?? 0))"
            : "APNs would refuse it: \(result.status) \(result.reason ?? "") (\(result.detail))"
        let warnings = result.warnings.map { "  warning: \($0.message) [\($0.rule); Apple: \($0.source)]\n" }
        return verdict + "\n" + warnings.joined()
    }
}
