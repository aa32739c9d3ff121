import Foundation
import Testing

/// The issue's bar for `payload check`: over a table of requests, its verdict (status and reason) equals what
/// `apnsctl mock serve` answers to `curl --http2` sending the same headers and payload, with a provider token
/// `apnsctl token` signed (the project's signer) and a device of the topic's app. One connection for every case
/// (curl `--next`); `payload check --requests` reads the same table as JSON Lines.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/curl"), "needs curl"))
struct PayloadCheckMockAgreementTests {
    struct Case {
        var name: String
        var headers: [(String, String)]
        var payload: String
        /// The answer both must give: 200, or "STATUS Reason".
        var expected: String
    }

    static let app = "com.example.app"
    /// A device per token kind: the app's, and the PushKit / ActivityKit / ClockKit tokens of the same app.
    static let devices = ["": String(repeating: "a1", count: 32), "voip": String(repeating: "b2", count: 32),
                          "liveactivity": String(repeating: "c3", count: 32),
                          "complication": String(repeating: "d4", count: 32)]

    static func alert(_ extra: [(String, String)] = [], topic: String = app) -> [(String, String)] {
        [("apns-topic", topic), ("apns-push-type", "alert")] + extra
    }

    static func payload(_ bytes: Int) -> String {
        let prefix = #"{"aps":{"alert":""#, suffix = #""}}"#
        return prefix + String(repeating: "x", count: bytes - prefix.count - suffix.count) + suffix
    }

    static let hi = #"{"aps":{"alert":"hi"}}"#, silent = #"{"aps":{"content-available":1}}"#

    static let cases: [Case] = [
        // Accepted.
        Case(name: "alert", headers: alert(), payload: hi, expected: "200"),
        Case(name: "alert priority 5", headers: alert([("apns-priority", "5")]), payload: hi, expected: "200"),
        Case(name: "alert priority 1", headers: alert([("apns-priority", "1")]), payload: hi, expected: "200"),
        Case(name: "alert priority 10", headers: alert([("apns-priority", "10")]), payload: hi, expected: "200"),
        Case(name: "expiration 0", headers: alert([("apns-expiration", "0")]), payload: hi, expected: "200"),
        Case(name: "expiration future", headers: alert([("apns-expiration", "1893456000")]), payload: hi, expected: "200"),
        Case(name: "collapse id 64 bytes", headers: alert([("apns-collapse-id", String(repeating: "c", count: 64))]),
             payload: hi, expected: "200"),
        Case(name: "background", headers: [("apns-topic", app), ("apns-push-type", "background"), ("apns-priority", "5")],
             payload: silent, expected: "200"),
        Case(name: "voip", headers: [("apns-topic", app + ".voip"), ("apns-push-type", "voip")], payload: #"{"aps":{}}"#,
             expected: "200"),
        Case(name: "voip 5120 bytes", headers: [("apns-topic", app + ".voip"), ("apns-push-type", "voip")],
             payload: payload(5120), expected: "200"),
        Case(name: "alert 4096 bytes", headers: alert(), payload: payload(4096), expected: "200"),
        Case(name: "no push type, bare topic", headers: [("apns-topic", app)], payload: hi, expected: "200"),
        Case(name: "no push type, voip topic", headers: [("apns-topic", app + ".voip")], payload: #"{"k":1}"#,
             expected: "200"),
        Case(name: "no push type, voip topic, 5000 bytes", headers: [("apns-topic", app + ".voip")],
             payload: payload(5000), expected: "200"),
        Case(name: "live activity", headers: [("apns-topic", app + ".push-type.liveactivity"),
                                              ("apns-push-type", "liveactivity")],
             payload: #"{"aps":{"event":"update","timestamp":1,"content-state":{}}}"#, expected: "200"),
        Case(name: "complication", headers: [("apns-topic", app + ".complication"), ("apns-push-type", "complication")],
             payload: #"{"aps":{}}"#, expected: "200"),
        Case(name: "pushtotalk", headers: [("apns-topic", app + ".voip-ptt"), ("apns-push-type", "pushtotalk")],
             payload: #"{"aps":{}}"#, expected: "200"),
        Case(name: "fileprovider", headers: [("apns-topic", app + ".pushkit.fileprovider"),
                                             ("apns-push-type", "fileprovider")], payload: #"{"aps":{}}"#, expected: "200"),
        Case(name: "widgets", headers: [("apns-topic", app + ".push-type.widgets"), ("apns-push-type", "widgets")],
             payload: #"{"aps":{"content-changed":true}}"#, expected: "200"),
        Case(name: "mdm", headers: [("apns-topic", app), ("apns-push-type", "mdm")], payload: #"{"mdm":"x"}"#,
             expected: "200"),
        Case(name: "content-available only at priority 10 (warned, accepted)", headers: alert(), payload: silent,
             expected: "200"),
        // Refused: push type.
        Case(name: "unknown push type", headers: [("apns-topic", app), ("apns-push-type", "banner")], payload: hi,
             expected: "400 InvalidPushType"),
        Case(name: "push type in capitals", headers: [("apns-topic", app), ("apns-push-type", "Alert")], payload: hi,
             expected: "400 InvalidPushType"),
        // Priority.
        Case(name: "priority 7", headers: alert([("apns-priority", "7")]), payload: hi, expected: "400 BadPriority"),
        Case(name: "priority high", headers: alert([("apns-priority", "high")]), payload: hi, expected: "400 BadPriority"),
        Case(name: "background without priority", headers: [("apns-topic", app), ("apns-push-type", "background")],
             payload: silent, expected: "400 BadPriority"),
        Case(name: "background priority 10", headers: [("apns-topic", app), ("apns-push-type", "background"),
                                                       ("apns-priority", "10")], payload: silent, expected: "400 BadPriority"),
        Case(name: "background priority 1", headers: [("apns-topic", app), ("apns-push-type", "background"),
                                                      ("apns-priority", "1")], payload: silent, expected: "400 BadPriority"),
        // Expiration and collapse id.
        Case(name: "expiration -1", headers: alert([("apns-expiration", "-1")]), payload: hi, expected: "400 BadExpirationDate"),
        Case(name: "expiration tomorrow", headers: alert([("apns-expiration", "tomorrow")]), payload: hi,
             expected: "400 BadExpirationDate"),
        Case(name: "expiration 1.5", headers: alert([("apns-expiration", "1.5")]), payload: hi, expected: "400 BadExpirationDate"),
        Case(name: "collapse id 65 bytes", headers: alert([("apns-collapse-id", String(repeating: "c", count: 65))]),
             payload: hi, expected: "400 BadCollapseId"),
        // Topic.
        Case(name: "no topic", headers: [("apns-push-type", "alert")], payload: hi, expected: "400 MissingTopic"),
        Case(name: "empty label", headers: alert(topic: "com..example"), payload: hi, expected: "400 BadTopic"),
        Case(name: "trailing dot", headers: alert(topic: app + "."), payload: hi, expected: "400 BadTopic"),
        Case(name: "voip to the bare bundle id", headers: [("apns-topic", app), ("apns-push-type", "voip")],
             payload: #"{"aps":{}}"#, expected: "400 BadTopic"),
        Case(name: "live activity to the bare bundle id", headers: [("apns-topic", app), ("apns-push-type", "liveactivity")],
             payload: #"{"aps":{"event":"update","timestamp":1,"content-state":{}}}"#, expected: "400 BadTopic"),
        Case(name: "alert to the voip topic", headers: alert(topic: app + ".voip"), payload: hi, expected: "400 BadTopic"),
        Case(name: "background to the complication topic", headers: [("apns-topic", app + ".complication"),
                                                                     ("apns-push-type", "background"), ("apns-priority", "5")],
             payload: silent, expected: "400 BadTopic"),
        Case(name: "complication to the voip topic", headers: [("apns-topic", app + ".voip"), ("apns-push-type", "complication")],
             payload: #"{"aps":{}}"#, expected: "400 BadTopic"),
        // Payload.
        Case(name: "empty payload", headers: alert(), payload: "", expected: "400 PayloadEmpty"),
        Case(name: "array payload", headers: alert(), payload: "[1,2]", expected: "400 PayloadEmpty"),
        Case(name: "not JSON", headers: alert(), payload: "not json", expected: "400 PayloadEmpty"),
        Case(name: "alert 4097 bytes", headers: alert(), payload: payload(4097), expected: "413 PayloadTooLarge"),
        Case(name: "voip 5121 bytes", headers: [("apns-topic", app + ".voip"), ("apns-push-type", "voip")],
             payload: payload(5121), expected: "413 PayloadTooLarge"),
        Case(name: "inferred voip 5121 bytes", headers: [("apns-topic", app + ".voip")], payload: payload(5121),
             expected: "413 PayloadTooLarge"),
        Case(name: "background 4097 bytes", headers: [("apns-topic", app), ("apns-push-type", "background"),
                                                      ("apns-priority", "5")], payload: payload(4097),
             expected: "413 PayloadTooLarge"),
        // Several faults: the first in the mock's order.
        Case(name: "priority before payload", headers: alert([("apns-priority", "7")]), payload: "", expected: "400 BadPriority"),
        Case(name: "push type before topic", headers: [("apns-push-type", "x")], payload: hi, expected: "400 InvalidPushType"),
        Case(name: "expiration before topic", headers: [("apns-push-type", "alert"), ("apns-expiration", "x")], payload: "",
             expected: "400 BadExpirationDate"),
        Case(name: "topic before payload", headers: alert(topic: "a b"), payload: payload(4097), expected: "400 BadTopic"),
    ]

    /// The device a case is sent to: the token of the kind its push type (sent or implied by the topic) uses.
    static func device(for headers: [(String, String)]) -> String {
        let pushType = headers.first { $0.0 == "apns-push-type" }?.1
        let topic = headers.first { $0.0 == "apns-topic" }?.1 ?? ""
        let implied = ["voip": ".voip", "liveactivity": ".push-type.liveactivity", "complication": ".complication"]
            .first { topic.hasSuffix($0.value) }?.key
        return devices[pushType ?? implied ?? ""] ?? devices[implied ?? ""] ?? devices[""]!
    }

    @Test func everyVerdictEqualsTheMocksAnswerToCurl() throws {
        #expect(Self.cases.count >= 40)
        let directory = CLI.temporaryDirectory("payload-agreement")
        defer { try? FileManager.default.removeItem(at: directory) }
        let token = try CLI.keystoreWithToken(in: directory)
        let keystore = directory.appendingPathComponent("ks").path, ca = directory.appendingPathComponent("ca.pem").path
        let registrations = [("", ""), ("voip", ".voip"), ("liveactivity", ".push-type.liveactivity"),
                             ("complication", ".complication")].flatMap { kind, suffix in
            ["--device", "\(Self.devices[kind]!)=\(Self.app)\(suffix)"]
        }
        let mock = try MockServeProcess(["mock", "serve", "--port", "0", "--keystore", keystore, "--ca-out", ca]
                                        + registrations)
        defer { mock.kill() }
        let port = try mock.port()

        // The mock's answers, over one HTTP/2 connection.
        var requests: [[String]] = [], lines: [String] = []
        for (index, item) in Self.cases.enumerated() {
            let body = directory.appendingPathComponent("payload\(index)")
            try Data(item.payload.utf8).write(to: body)
            requests.append(["-X", "POST", "--data-binary", "@\(body.path)", "-H", "authorization: bearer \(token)"]
                            + item.headers.flatMap { ["-H", "\($0.0): \($0.1)"] }
                            + ["https://127.0.0.1:\(port)/3/device/\(Self.device(for: item.headers))"])
            let headers = Dictionary(item.headers, uniquingKeysWith: { $1 })
            let line = try JSONSerialization.data(withJSONObject: ["headers": headers, "payload": item.payload],
                                                  options: [.sortedKeys])
            lines.append(String(decoding: line, as: UTF8.self))
        }
        let answers = try MockTool.curlOneConnection(requests, ca: ca)

        // payload check's verdicts on the same table.
        let file = directory.appendingPathComponent("requests.jsonl")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: file)
        let checked = try CLI.run(["payload", "check", "--requests", file.path, "--format", "json"])
        #expect(checked.status == 1, "some cases are refused: \(checked.stderr)")
        let verdicts = checked.stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(verdicts.count == Self.cases.count)

        var agreed = 0
        for (index, item) in Self.cases.enumerated() where index < answers.count && index < verdicts.count {
            let answer = answers[index], verdict = verdicts[index]
            let mockSaid = answer.status == 200 ? "200" : "\(answer.status) \(answer.reason ?? "?")"
            let status = verdict["status"] as? Int ?? 0
            let checkSaid = status == 200 ? "200" : "\(status) \(verdict["reason"] as? String ?? "?")"
            #expect(verdict["line"] as? Int == index + 1)
            #expect(mockSaid == item.expected, "\(item.name): the mock answered \(mockSaid)")
            #expect(checkSaid == mockSaid, "\(item.name): payload check says \(checkSaid), the mock \(mockSaid)")
            #expect((verdict["accepted"] as? Bool) == (status == 200), "\(item.name)")
            if checkSaid == mockSaid { agreed += 1 }
        }
        #expect(agreed == Self.cases.count, "\(agreed) of \(Self.cases.count) agree")
        #expect(answers.allSatisfy { $0.newConnections <= 1 } && answers.dropFirst().allSatisfy { $0.newConnections == 0 },
                "every case went over one connection")
        #expect(mock.terminate().status == 0)
    }

    /// The one answer that depends on the device: a voip push to the bare bundle id sent to the app's own (alert)
    /// token is DeviceTokenNotForTopic at the mock (as APNs is reported to answer), BadTopic offline.
    @Test func theDeviceDependentAnswerIsTheOnlyDifference() throws {
        let directory = CLI.temporaryDirectory("payload-device")
        defer { try? FileManager.default.removeItem(at: directory) }
        let token = try CLI.keystoreWithToken(in: directory)
        let keystore = directory.appendingPathComponent("ks").path, ca = directory.appendingPathComponent("ca.pem").path
        let mock = try MockServeProcess(["mock", "serve", "--port", "0", "--keystore", keystore, "--ca-out", ca,
                                         "--device", "\(Self.devices[""]!)=\(Self.app)"])
        defer { mock.kill() }
        let port = try mock.port()
        let answer = try MockTool.curl(["-X", "POST", "--data-binary", #"{"aps":{}}"#, "-H", "authorization: bearer \(token)",
                                        "-H", "apns-topic: \(Self.app)", "-H", "apns-push-type: voip",
                                        "https://127.0.0.1:\(port)/3/device/\(Self.devices[""]!)"], ca: ca)
        #expect(answer.status == 400 && answer.body == #"{"reason":"DeviceTokenNotForTopic"}"#)
        let checked = try CLI.run(["payload", "check", #"{"aps":{}}"#, "--topic", Self.app, "--push-type", "voip",
                                   "--format", "json"])
        let verdict = try #require(try JSONSerialization.jsonObject(with: checked.stdoutData) as? [String: Any])
        #expect(checked.status == 1 && verdict["reason"] as? String == "BadTopic")
    }
}
