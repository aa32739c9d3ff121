import Foundation
import Testing

/// `apnsctl payload check` as a user runs it: the payload as text, @FILE or stdin; the verdict and warnings in text
/// and JSON; exit 0 / 1 (and --strict); `--requests` JSON Lines with a malformed line; unreadable files (exit 3).
@Suite struct PayloadCheckCLITests {
    static func json(_ result: CLI.Result) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
    }

    @Test func anAcceptedAlert() throws {
        let result = try CLI.run(["payload", "check", #"{"aps":{"alert":"hi"}}"#, "--topic", "com.example.app",
                                  "--push-type", "alert", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try Self.json(result)
        #expect(object["status"] as? Int == 200 && object["reason"] is NSNull && object["accepted"] as? Bool == true)
        #expect(object["push_type"] as? String == "alert" && object["topic"] as? String == "com.example.app")
        #expect(object["payload_bytes"] as? Int == 22 && object["limit_bytes"] as? Int == 4096)
        #expect((object["warnings"] as? [Any])?.isEmpty == true)
        let text = try CLI.run(["payload", "check", #"{"aps":{"alert":"hi"}}"#, "--topic", "com.example.app",
                                "--push-type", "alert"])
        #expect(text.status == 0 && text.stdout.hasPrefix("APNs would accept it: 200"))
    }

    @Test func aRefusalExits1WithStatusAndReason() throws {
        let result = try CLI.run(["payload", "check", #"{"aps":{"content-available":1}}"#, "--topic", "com.example.app",
                                  "--push-type", "background", "--priority", "10", "--format", "json"])
        #expect(result.status == 1)
        let object = try Self.json(result)
        #expect(object["status"] as? Int == 400 && object["reason"] as? String == "BadPriority")
        #expect(object["rule"] as? String == "background_priority")
        let text = try CLI.run(["payload", "check", "{}", "--topic", "com.example.app.voip", "--push-type", "alert"])
        #expect(text.status == 1)
        #expect(text.stdout.contains("APNs would refuse it: 400 BadTopic (alert pushes go to the bare bundle id"))
        let large = try CLI.run(["payload", "check", "{\"k\":\"" + String(repeating: "x", count: 5200) + "\"}",
                                 "--topic", "com.example.app.voip", "--push-type", "voip", "--format", "json"])
        let largeStatus = try Self.json(large)["status"] as? Int
        #expect(largeStatus == 413 && large.status == 1)
    }

    @Test func warningsPassUnlessStrict() throws {
        let arguments = ["payload", "check", #"{"aps":{"content-available":1}}"#, "--topic", "com.example.app",
                         "--push-type", "alert"]
        let lenient = try CLI.run(arguments + ["--format", "json"])
        #expect(lenient.status == 0)
        let warnings = try #require(try Self.json(lenient)["warnings"] as? [[String: String]])
        #expect(warnings.map { $0["rule"] } == ["priority_10_content_available_only", "background_payload_as_alert"])
        #expect(warnings.allSatisfy { $0["source"]?.isEmpty == false && $0["message"]?.isEmpty == false })
        let strict = try CLI.run(arguments + ["--strict"])
        #expect(strict.status == 1)
        #expect(strict.stdout.contains("warning: apns-priority 10 with only content-available"))
        #expect(strict.stdout.contains("Apple: Pushing background updates to your App"))
    }

    @Test func thePayloadFromAFileOrStandardInput() throws {
        let directory = CLI.temporaryDirectory("payload-file")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("p.json")
        try Data(#"{"aps":{"alert":"from a file"}}"#.utf8).write(to: file)
        let fromFile = try CLI.run(["payload", "check", "@" + file.path, "--topic", "com.x", "--push-type", "alert",
                                    "--format", "json"])
        let bytes = try Self.json(fromFile)["payload_bytes"] as? Int
        #expect(fromFile.status == 0 && bytes == 31)
        let fromStdin = try CLI.run(["payload", "check", "-", "--topic", "com.x", "--push-type", "alert"],
                                    stdin: Data(#"{"aps":{"badge":1}}"#.utf8))
        #expect(fromStdin.status == 0, "\(fromStdin.stderr)")
        let missing = try CLI.run(["payload", "check", "@" + directory.appendingPathComponent("nope.json").path,
                                   "--topic", "com.x"])
        #expect(missing.status == 3)
        #expect(missing.stderr.contains("apnsctl: error: \(directory.path)/nope.json: no such file"))
        #expect(missing.stderr.contains("apnsctl: hint: "))
        #expect(missing.stdout.isEmpty)
    }

    @Test func aRequestsFileGivesJSONLinesAndReportsMalformedLines() throws {
        let directory = CLI.temporaryDirectory("payload-requests")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("r.jsonl")
        try Data("""
            {"headers":{"apns-topic":"com.x","apns-push-type":"alert"},"payload":{"aps":{"alert":"a"}}}

            {"headers":{"apns-topic":"com.x","apns-push-type":"voip"},"payload":{"aps":{}}}
            not json
            {"headers":{"apns-topic":"com.x","apns-push-type":"alert","apns-priority":5},"payload":"{\\"aps\\":{\\"alert\\":\\"b\\"}}"}

            """.utf8).write(to: file)
        let result = try CLI.run(["payload", "check", "--requests", file.path, "--format", "json"])
        #expect(result.status == 3, "a malformed line: exit 3 after every line is reported")
        let lines = result.stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(lines.map { $0["line"] as? Int } == [1, 3, 4, 5])
        #expect(lines[0]["status"] as? Int == 200 && lines[0]["error"] is NSNull)
        #expect(lines[1]["reason"] as? String == "BadTopic")
        #expect(lines[2]["error"] as? String == "not JSON" && lines[2]["status"] == nil)
        #expect(lines[3]["status"] as? Int == 200)
        #expect(result.stderr.contains("apnsctl: error: \(file.path):4: not JSON"))
        #expect(result.stderr.contains("apnsctl: hint: "))

        let good = directory.appendingPathComponent("good.jsonl")
        try Data(#"{"headers":{"apns-topic":"com.x","apns-push-type":"voip"},"payload":{}}"#.utf8).write(to: good)
        let refused = try CLI.run(["payload", "check", "--requests", good.path])
        #expect(refused.status == 1 && refused.stdout.hasPrefix("line 1: APNs would refuse it: 400 BadTopic"))
        let fromStdin = try CLI.run(["payload", "check", "--requests", "-", "--format", "json"],
                                    stdin: Data(#"{"headers":{"apns-topic":"com.x"},"payload":{"aps":{"alert":"a"}}}"#.utf8))
        #expect(fromStdin.status == 0, "\(fromStdin.stderr)")
        let missing = try CLI.run(["payload", "check", "--requests", directory.appendingPathComponent("none.jsonl").path])
        #expect(missing.status == 3 && missing.stderr.contains("none.jsonl: no such file"))
        try Data([0xff, 0xfe, 0x0a]).write(to: directory.appendingPathComponent("binary.jsonl"))
        let binary = try CLI.run(["payload", "check", "--requests", directory.appendingPathComponent("binary.jsonl").path])
        #expect(binary.status == 3 && binary.stderr.contains("binary.jsonl: not UTF-8 text"))
    }

    @Test func usageErrors() throws {
        #expect(try CLI.run(["payload", "check", "--topic", "com.x"]).status == 2)
        #expect(try CLI.run(["payload", "check", "{}", "--requests", "r.jsonl"]).status == 2)
    }

    /// `probe` refuses what the shared rules refuse, in its own words (the probe's flags), before sending.
    @Test func probeWordsTheSharedRefusalsWithItsFlags() throws {
        let directory = CLI.temporaryDirectory("payload-probe")
        defer { try? FileManager.default.removeItem(at: directory) }
        try CLI.keystoreWithToken(in: directory)
        let base = ["probe", "--keystore", directory.appendingPathComponent("ks").path, "--team", "TEAM123456",
                    "--host", "127.0.0.1", "--port", "9"]
        let priority = try CLI.run(base + ["--topic", "com.example.app", "--push-type", "alert", "--priority", "7"])
        #expect(priority.status == 2)
        #expect(priority.stderr.contains("apnsctl: error: --priority 7: APNs takes 10 (immediate), 5 (power-aware) or 1 (lowest)"),
                "\(priority.stderr)")
        let mixed = try CLI.run(base + ["--topic", "com.example.app.voip", "--push-type", "alert"])
        #expect(mixed.status == 2)
        #expect(mixed.stderr.contains("--topic com.example.app.voip is a voip topic, but the push type is alert"))
        #expect(mixed.stderr.contains("apnsctl: hint: use --push-type voip, or the bare bundle id without .voip"))
        let voip = try CLI.run(base + ["--topic", "com.example.app", "--push-type", "voip"])
        #expect(voip.stderr.contains("apnsctl: error: --push-type voip needs a topic ending in .voip, not com.example.app"))
    }
}
