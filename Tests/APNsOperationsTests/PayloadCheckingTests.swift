import APNsCore
import APNsModel
@testable import APNsOperations
import APNsPushRules
import Foundation
import Testing

/// The `payload check` use case in process: one request's result, the JSON it encodes to, the requests file's lines.
@Suite struct PayloadCheckingTests {
    static func request(_ headers: [String: String], _ payload: String) -> PushRequest {
        PushRequest(headers: headers, payload: Array(payload.utf8))
    }

    @Test func anAcceptedRequestsResult() throws {
        let result = PayloadChecking.check(Self.request(["apns-topic": "com.x.voip", "apns-push-type": "voip"], #"{"aps":{}}"#))
        #expect(result.accepted && result.status == 200 && result.reason == nil && result.rule == nil)
        #expect(result.pushType == "voip" && !result.pushTypeInferred && result.topic == "com.x.voip")
        #expect(result.detail == "accepted for com.x.voip")
        #expect(result.limitBytes == 5120 && result.payloadBytes == 10)
        #expect(!result.failed(strict: true))
    }

    @Test func aRefusedRequestsResult() {
        let refused = PayloadChecking.check(Self.request(["apns-topic": "com.x"], ""))
        #expect(!refused.accepted && refused.status == 400 && refused.reason == "PayloadEmpty")
        #expect(refused.rule == "payload_empty" && refused.detail == "the payload is empty")
        #expect(refused.pushType == "alert" && refused.pushTypeInferred)
        #expect(refused.failed(strict: false))
        let unknown = PayloadChecking.check(Self.request(["apns-topic": "com.x", "apns-push-type": "banner"], "{}"))
        #expect(unknown.reason == "InvalidPushType" && unknown.pushType == nil && unknown.limitBytes == nil)
    }

    @Test func warningsFailOnlyWhenStrict() {
        let result = PayloadChecking.check(Self.request(["apns-topic": "com.x", "apns-push-type": "alert"],
                                                        #"{"aps":{"mutable-content":1,"sound":"a"}}"#))
        #expect(result.accepted && result.warnings.map(\.rule) == ["mutable_content_without_alert"])
        #expect(!result.failed(strict: false) && result.failed(strict: true))
    }

    @Test func theResultEncodesEveryFieldWithNulls() throws {
        let result = PayloadChecking.check(Self.request(["apns-push-type": "banner"], "{}"))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let text = String(decoding: try encoder.encode(result), as: UTF8.self)
        #expect(text == #"{"accepted":false,"detail":"apns-push-type banner is not a push type","limit_bytes":null,"#
                + #""payload_bytes":2,"push_type":null,"push_type_inferred":false,"reason":"InvalidPushType","#
                + #""rule":"invalid_push_type","status":400,"topic":null,"warnings":[]}"#)
    }

    @Test func requestLines() throws {
        let lines = PayloadChecking.checkLines("""
            {"headers":{"APNs-Topic":"com.x","apns-priority":5},"payload":{"aps":{"alert":"a"}}}
              
            {"headers":{"apns-topic":"com.x"},"payload":""}
            {"headers":{"apns-topic":"com.x"}}
            [1]
            {"headers":"x"}
            {"headers":{"apns-topic":true}}
            {"headers":{},"payload":{},"extra":1}
            not json
            """)
        #expect(lines.map(\.line) == [1, 3, 4, 5, 6, 7, 8, 9])
        let first = try lines[0].result.get()
        #expect(first.accepted && first.topic == "com.x" && first.payloadBytes == 21)
        #expect(try lines[1].result.get().reason == "PayloadEmpty")
        #expect(try lines[2].result.get().reason == "PayloadEmpty", "no payload member: an empty payload")
        let errors = lines.dropFirst(3).map { line -> String? in
            if case .failure(let error) = line.result { return error.message }
            return nil
        }
        #expect(errors == ["not a JSON object", "headers is not an object", "header apns-topic is not a string",
                           #"unknown member "extra" (a line has headers and payload)"#, "not JSON"])
    }

    @Test func thePayloadArgument() throws {
        #expect(try PayloadChecking.payload("{}") == Array("{}".utf8))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("payload-arg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("p.json")
        try Data(#"{"a":1}"#.utf8).write(to: file)
        #expect(try PayloadChecking.payload("@" + file.path) == Array(#"{"a":1}"#.utf8))
        let missing = #expect(throws: APNsError.self) { try PayloadChecking.payload("@" + directory.path + "/none") }
        #expect(missing?.status == .badInput)
        let binary = directory.appendingPathComponent("b.jsonl")
        try Data([0xff, 0x0a]).write(to: binary)
        #expect(throws: PayloadCheckError.notText(path: binary.path)) { try PayloadChecking.checkRequestsFile(binary.path) }
    }
}
