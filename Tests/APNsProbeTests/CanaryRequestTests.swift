import APNsCore
import APNsModel
import APNsPushRules
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
            #expect(error?.description.contains("device token") == true, "\(String(describing: error))")
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

/// The prober's pre-send check is the shared push rules (APNsPushRules): it throws their refusal, which the CLI
/// words with the probe's flags (ProbeCommandTests, PayloadCheckCLITests hold the words).
@Suite struct CanaryCheckTests {
    private func refused(_ request: CanaryRequest, topicRequired: Bool = false) -> PushRefusal? {
        #expect(throws: PushRefusal.self) { try CanaryCheck.validate(request, topicRequired: topicRequired) }
    }

    private func payload(_ bytes: Int) -> [UInt8] {
        let prefix = #"{"aps":{"alert":""#, suffix = #""}}"#
        return Array((prefix + String(repeating: "x", count: bytes - prefix.count - suffix.count) + suffix).utf8)
    }

    @Test func payloadLimitIs4096AndVoip5120() throws {
        try CanaryCheck.validate(.canary(topic: "a.b", pushType: .alert, payload: payload(4096)), topicRequired: true)
        #expect(refused(.canary(topic: "a.b", pushType: .alert, payload: payload(4097)))?.kind
                == .payloadTooLarge(bytes: 4097, limit: 4096, pushType: .alert))
        try CanaryCheck.validate(.canary(topic: "a.b.voip", pushType: .voip, payload: payload(5120)), topicRequired: true)
        #expect(refused(.canary(topic: "a.b.voip", pushType: .voip, payload: payload(5121)))?.kind
                == .payloadTooLarge(bytes: 5121, limit: 5120, pushType: .voip))
    }

    @Test func backgroundNeedsPriority5() {
        let error = refused(.canary(topic: "a.b", pushType: .background, priority: 10))
        #expect(error?.kind == .backgroundPriority("10"))
        #expect(error?.reason == .badPriority)
    }

    @Test func priorityMustBeOneFiveOrTen() {
        #expect(refused(.canary(topic: "a.b", pushType: .alert, priority: 7))?.kind == .invalidPriority("7"))
    }

    @Test func payloadMustBeANonEmptyJSONObject() {
        #expect(refused(.canary(topic: "a.b", payload: []))?.kind == .payloadEmpty)
        #expect(refused(.canary(topic: "a.b", payload: Array("not json".utf8)))?.kind == .payloadNotAnObject)
        #expect(refused(.canary(topic: "a.b", payload: Array("[1,2]".utf8)))?.kind == .payloadNotAnObject)
    }

    @Test func topicMustCarryThePushTypesSuffix() throws {
        #expect(refused(.canary(topic: "com.x", pushType: .voip))?.kind == .topicLacksSuffix(topic: "com.x", pushType: .voip))
        #expect(refused(.canary(topic: "com.x", pushType: .liveactivity))?.detail
                .contains("ending in .push-type.liveactivity") == true)
        #expect(refused(.canary(topic: ".voip", pushType: .voip)) != nil)
        try CanaryCheck.validate(.canary(topic: "com.x.complication", pushType: .complication), topicRequired: true)
        try CanaryCheck.validate(.canary(topic: "com.x.push-type.liveactivity", pushType: .liveactivity), topicRequired: true)
        // A voip topic on an alert is a mix-up too.
        #expect(refused(.canary(topic: "com.x.voip", pushType: .alert))?.kind
                == .topicOfAnotherPushType(topic: "com.x.voip", pushType: .alert, other: .voip))
    }

    @Test func tokenAuthenticationNeedsATopic() throws {
        #expect(refused(.canary(topic: nil), topicRequired: true)?.kind == .missingTopic)
        try CanaryCheck.validate(.canary(topic: nil), topicRequired: false)
    }

    /// The canary's warnings are the shared advice: none for the default canary, one for an alert push whose
    /// payload is content-available only at priority 10.
    @Test func warningsComeFromTheSharedAdvice() throws {
        #expect(try CanaryCheck.validate(.canary(topic: "com.x"), topicRequired: true).isEmpty)
        let rules = try CanaryCheck.validate(.canary(topic: "com.x", pushType: .alert), topicRequired: true).map(\.rule)
        #expect(rules == ["priority_10_content_available_only", "background_payload_as_alert"])
    }
}
