import APNsCore
import APNsModel
import Foundation
@testable import APNsProbe
import Testing

@Suite struct CanaryRequestTests {
    @Test func theDefaultCanaryIsASilentBackgroundPush() throws {
        let request = CanaryRequest.canary(topic: "com.example.app")
        #expect(request.path == "/3/device/" + DeviceToken.dummy.hex)
        #expect(request.method == "POST")
        #expect(String(decoding: request.payload, as: UTF8.self) == #"{"aps":{"content-available":1}}"#)
        #expect(request.headerLines.contains("apns-topic: com.example.app"))
        #expect(request.headerLines.contains("apns-push-type: background"))
        #expect(request.headerLines.contains("apns-priority: 5"))
        #expect(request.headerLines.contains("apns-expiration: 0"))
        try CanaryCheck.validate(request, topicRequired: true)
    }

    @Test func apnsIDsAreFreshCanonicalLowercaseUUIDs() {
        let a = CanaryRequest.canary(topic: "t").apnsID, b = CanaryRequest.canary(topic: "t").apnsID
        #expect(a != b)
        let pattern = #/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/#
        #expect(a.wholeMatch(of: pattern) != nil)
        #expect(UUID(uuidString: a) != nil)
    }

    @Test func theDummyTokenIsWellFormedAndMarked() throws {
        let dummy = DeviceToken.dummy
        #expect(dummy.isDummy)
        #expect(dummy.hex.count == 64)
        #expect(try DeviceToken(parsing: dummy.hex).hex == dummy.hex)
        #expect(try DeviceToken(parsing: dummy.hex).isDummy == false)
    }

    @Test func deviceTokensAreParsedLeniently() throws {
        #expect(try DeviceToken(parsing: "<ABCD0123 ABCD0123 ABCD0123 ABCD0123>").hex == "abcd0123abcd0123abcd0123abcd0123")
        for bad in ["", "xyz0123456789abcdef", "abc", "0123456789abcde"] {
            let error = #expect(throws: ModelError.self) { try DeviceToken(parsing: bad) }
            #expect(error.map(APNsError.init)?.status == .usage)
        }
    }

    @Test func alertsDefaultToPriority10() {
        #expect(CanaryRequest.canary(topic: "t", pushType: .alert).priority == 10)
    }

    @Test func topicSuffixesPerPushType() {
        #expect(APNsPushType.voip.topicSuffix == ".voip")
        #expect(APNsPushType.complication.topicSuffix == ".complication")
        #expect(APNsPushType.liveactivity.topicSuffix == ".push-type.liveactivity")
        #expect(APNsPushType.alert.topicSuffix == nil)
        #expect(APNsPushType.voip.maximumPayloadBytes == 5120)
        #expect(APNsPushType.alert.maximumPayloadBytes == 4096)
    }
}

@Suite struct CanaryCheckTests {
    private func refused(_ request: CanaryRequest, topicRequired: Bool = false) -> APNsError? {
        #expect(throws: APNsError.self) { try CanaryCheck.validate(request, topicRequired: topicRequired) }
    }

    private func payload(_ bytes: Int) -> [UInt8] {
        let prefix = #"{"aps":{"alert":""#, suffix = #""}}"#
        return Array((prefix + String(repeating: "x", count: bytes - prefix.count - suffix.count) + suffix).utf8)
    }

    @Test func payloadLimitIs4096AndVoip5120() throws {
        try CanaryCheck.validate(.canary(topic: "a.b", pushType: .alert, payload: payload(4096)), topicRequired: true)
        #expect(refused(.canary(topic: "a.b", pushType: .alert, payload: payload(4097)))?.message.contains("4096") == true)
        try CanaryCheck.validate(.canary(topic: "a.b.voip", pushType: .voip, payload: payload(5120)), topicRequired: true)
        #expect(refused(.canary(topic: "a.b.voip", pushType: .voip, payload: payload(5121)))?.message.contains("5120") == true)
    }

    @Test func backgroundNeedsPriority5() {
        let error = refused(.canary(topic: "a.b", pushType: .background, priority: 10))
        #expect(error?.message.contains("priority 5") == true)
        #expect(error?.status == .usage)
    }

    @Test func priorityMustBeOneFiveOrTen() {
        #expect(refused(.canary(topic: "a.b", pushType: .alert, priority: 7))?.message.contains("--priority 7") == true)
    }

    @Test func payloadMustBeANonEmptyJSONObject() {
        #expect(refused(.canary(topic: "a.b", payload: []))?.message.contains("empty") == true)
        #expect(refused(.canary(topic: "a.b", payload: Array("not json".utf8)))?.message.contains("JSON") == true)
        #expect(refused(.canary(topic: "a.b", payload: Array("[1,2]".utf8)))?.message.contains("JSON object") == true)
    }

    @Test func topicMustCarryThePushTypesSuffix() throws {
        #expect(refused(.canary(topic: "com.x", pushType: .voip))?.message.contains(".voip") == true)
        #expect(refused(.canary(topic: "com.x", pushType: .liveactivity))?.message.contains("ending in .push-type.liveactivity") == true)
        #expect(refused(.canary(topic: ".voip", pushType: .voip)) != nil)
        try CanaryCheck.validate(.canary(topic: "com.x.complication", pushType: .complication), topicRequired: true)
        try CanaryCheck.validate(.canary(topic: "com.x.push-type.liveactivity", pushType: .liveactivity), topicRequired: true)
        // A voip topic on an alert is a mix-up too.
        #expect(refused(.canary(topic: "com.x.voip", pushType: .alert))?.hint.contains("--push-type voip") == true)
    }

    @Test func tokenAuthenticationNeedsATopic() throws {
        #expect(refused(.canary(topic: nil), topicRequired: true)?.message.contains("--topic") == true)
        try CanaryCheck.validate(.canary(topic: nil), topicRequired: false)
    }
}
