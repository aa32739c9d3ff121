import APNsModel
import APNsPushRules
import Testing

/// Each refusal rule, in the mock's order, with the status, reason and words the mock answers.
@Suite struct PushRulesTests {
    static func request(_ headers: [String: String], _ payload: String = #"{"aps":{"alert":"hi"}}"#) -> PushRequest {
        PushRequest(headers: headers, payload: Array(payload.utf8))
    }

    static let alert = ["apns-topic": "com.example.app", "apns-push-type": "alert"]

    static func refusal(_ headers: [String: String], _ payload: String = #"{"aps":{"alert":"hi"}}"#) -> PushRefusal? {
        PushVerdict.of(request(headers, payload)).refusal
    }

    static func with(_ extra: [String: String], base: [String: String] = alert) -> [String: String] {
        base.merging(extra) { $1 }
    }

    @Test func aPlainAlertIsAccepted() {
        let verdict = PushVerdict.of(Self.request(Self.alert))
        #expect(verdict.status == 200 && verdict.refusal == nil && verdict.reason == nil)
        #expect(verdict.pushType == PushTypeChoice(pushType: .alert, inferred: false))
        #expect(verdict.warnings.isEmpty)
    }

    @Test func headerNamesAreLowercased() {
        let request = PushRequest(headers: ["APNs-Topic": "com.x"], payload: [])
        #expect(request.header("apns-topic") == "com.x")
    }

    @Test func pushTypeMustBeKnown() {
        let refusal = Self.refusal(Self.with(["apns-push-type": "banner"]))
        #expect(refusal?.kind == .invalidPushType("banner"))
        #expect(refusal?.status == 400 && refusal?.reason == .invalidPushType && refusal?.rule == "invalid_push_type")
        #expect(refusal?.detail == "apns-push-type banner is not a push type")
    }

    @Test func pushTypeIsInferredFromTheTopicSuffix() throws {
        #expect(try PushRules.pushType(header: nil, topic: "com.x.voip") == PushTypeChoice(pushType: .voip, inferred: true))
        #expect(try PushRules.pushType(header: nil, topic: "com.x.push-type.liveactivity").pushType == .liveactivity)
        #expect(try PushRules.pushType(header: nil, topic: "com.x.voip-ptt").pushType == .pushtotalk)
        #expect(try PushRules.pushType(header: nil, topic: "com.x") == PushTypeChoice(pushType: .alert, inferred: true))
        #expect(try PushRules.pushType(header: nil, topic: nil).pushType == .alert)
    }

    @Test func priorityIsOneFiveOrTen() {
        for good in ["1", "5", "10"] { #expect(Self.refusal(Self.with(["apns-priority": good])) == nil) }
        let refusal = Self.refusal(Self.with(["apns-priority": "7"]))
        #expect(refusal?.kind == .invalidPriority("7") && refusal?.reason == .badPriority)
        #expect(refusal?.detail == "apns-priority 7 is not 1, 5 or 10")
    }

    @Test func backgroundNeedsPriority5() {
        let background = ["apns-topic": "com.x", "apns-push-type": "background"]
        let silent = #"{"aps":{"content-available":1}}"#
        #expect(Self.refusal(Self.with(["apns-priority": "5"], base: background), silent) == nil)
        #expect(Self.refusal(Self.with(["apns-priority": "10"], base: background), silent)?.kind == .backgroundPriority("10"))
        let absent = Self.refusal(background, silent)
        #expect(absent?.kind == .backgroundPriority(nil) && absent?.reason == .badPriority)
        #expect(absent?.detail == "background pushes need apns-priority 5, not the default 10")
    }

    @Test func expirationIsUnixSeconds() {
        #expect(Self.refusal(Self.with(["apns-expiration": "0"])) == nil)
        #expect(Self.refusal(Self.with(["apns-expiration": "1893456000"])) == nil)
        for bad in ["-1", "soon", "", "1.5", "99999999999999999999"] {
            let refusal = Self.refusal(Self.with(["apns-expiration": bad]))
            #expect(refusal?.kind == .invalidExpiration(bad) && refusal?.reason == .badExpirationDate, "\(bad)")
        }
    }

    @Test func collapseIDIsAtMost64Bytes() {
        #expect(Self.refusal(Self.with(["apns-collapse-id": String(repeating: "c", count: 64)])) == nil)
        let refusal = Self.refusal(Self.with(["apns-collapse-id": String(repeating: "c", count: 65)]))
        #expect(refusal?.kind == .collapseIDTooLong(65) && refusal?.reason == .badCollapseId)
        // Bytes, not characters: 22 three-byte characters are 66 bytes.
        #expect(Self.refusal(Self.with(["apns-collapse-id": String(repeating: "€", count: 22)]))?.kind == .collapseIDTooLong(66))
    }

    @Test func topicIsRequired() {
        let refusal = Self.refusal(["apns-push-type": "alert"])
        #expect(refusal?.kind == .missingTopic && refusal?.reason == .missingTopic && refusal?.status == 400)
    }

    @Test func topicSyntax() {
        for bad in ["com..x", ".com.x", "com.x.", "com x", "cöm.x"] {
            let refusal = Self.refusal(Self.with(["apns-topic": bad]))
            #expect(refusal?.kind == .invalidTopic(bad) && refusal?.reason == .badTopic, "\(bad)")
        }
    }

    @Test func topicSuffixMatchesThePushType() {
        let voip = Self.refusal(["apns-topic": "com.x", "apns-push-type": "voip"])
        #expect(voip?.kind == .topicLacksSuffix(topic: "com.x", pushType: .voip) && voip?.reason == .badTopic)
        #expect(voip?.detail == "voip pushes need a topic ending in .voip, not com.x")
        #expect(Self.refusal(["apns-topic": "com.x.voip", "apns-push-type": "voip"]) == nil)
        let other = Self.refusal(["apns-topic": "com.x.complication", "apns-push-type": "alert"])
        #expect(other?.kind == .topicOfAnotherPushType(topic: "com.x.complication", pushType: .alert, other: .complication))
        #expect(other?.detail == "alert pushes go to the bare bundle id, not com.x.complication")
        // mdm topics are free-form.
        #expect(Self.refusal(["apns-topic": "com.apple.mgmt.External.x.voip", "apns-push-type": "mdm"]) == nil)
    }

    @Test func payloadEmptyTooLargeOrNotAnObject() {
        let empty = Self.refusal(Self.alert, "")
        #expect(empty?.kind == .payloadEmpty && empty?.reason == .payloadEmpty && empty?.status == 400)
        let big = #"{"aps":{"alert":""# + String(repeating: "x", count: 4097) + #""}}"#
        let tooLarge = Self.refusal(Self.alert, big)
        #expect(tooLarge?.reason == .payloadTooLarge && tooLarge?.status == 413)
        #expect(tooLarge?.kind == .payloadTooLarge(bytes: big.utf8.count, limit: 4096, pushType: .alert))
        // The same payload fits voip's 5120.
        #expect(Self.refusal(["apns-topic": "com.x.voip", "apns-push-type": "voip"], big) == nil)
        for bad in ["[1]", "not json", "\"text\"", "{"] {
            let refusal = Self.refusal(Self.alert, bad)
            #expect(refusal?.kind == .payloadNotAnObject && refusal?.reason == .payloadEmpty, "\(bad)")
        }
    }

    @Test func theFirstRefusalInTheMocksOrderWins() {
        // Bad push type before bad priority, priority before topic, topic before payload.
        #expect(Self.refusal(["apns-push-type": "x", "apns-priority": "7"], "")?.reason == .invalidPushType)
        #expect(Self.refusal(["apns-push-type": "alert", "apns-priority": "7"], "")?.reason == .badPriority)
        #expect(Self.refusal(["apns-push-type": "alert", "apns-expiration": "x"], "")?.reason == .badExpirationDate)
        #expect(Self.refusal(["apns-push-type": "alert"], "")?.reason == .missingTopic)
        #expect(Self.refusal(["apns-topic": "a..b", "apns-push-type": "alert"], "")?.reason == .badTopic)
    }

    @Test func headerSyntax() {
        #expect(PushHeaderSyntax.isTopic("com.example.app-1_x"))
        #expect(!PushHeaderSyntax.isTopic(""))
        #expect(PushHeaderSyntax.isExpiration("0") && !PushHeaderSyntax.isExpiration("+1"))
    }
}
