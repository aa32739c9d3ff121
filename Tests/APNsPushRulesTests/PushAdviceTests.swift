import APNsModel
import APNsPushRules
import Testing

/// Each warning: fired by the case Apple's page describes, silent for the right request, with its page's title.
@Suite struct PushAdviceTests {
    static func rules(_ headers: [String: String], _ payload: String) -> [String] {
        PushVerdict.of(PushRequest(headers: headers, payload: Array(payload.utf8))).warnings.map(\.rule)
    }

    static func warnings(_ headers: [String: String], _ payload: String) -> [PushWarning] {
        PushVerdict.of(PushRequest(headers: headers, payload: Array(payload.utf8))).warnings
    }

    static let alert = ["apns-topic": "com.x", "apns-push-type": "alert"]
    static let background = ["apns-topic": "com.x", "apns-push-type": "background", "apns-priority": "5"]
    static let live = ["apns-topic": "com.x.push-type.liveactivity", "apns-push-type": "liveactivity"]

    @Test func goodRequestsHaveNoWarnings() {
        #expect(Self.rules(Self.alert, #"{"aps":{"alert":{"title":"t","body":"b"},"sound":"default","badge":1}}"#).isEmpty)
        #expect(Self.rules(Self.background, #"{"aps":{"content-available":1},"k":"v"}"#).isEmpty)
        #expect(Self.rules(Self.live, #"{"aps":{"event":"update","timestamp":1,"content-state":{}}}"#).isEmpty)
        #expect(Self.rules(Self.live, #"{"aps":{"event":"end","timestamp":1}}"#).isEmpty)
        #expect(Self.rules(Self.alert, #"{"aps":{"alert":"a","mutable-content":1,"interruption-level":"time-sensitive","relevance-score":0.5}}"#).isEmpty)
    }

    @Test func pushTypeMissingOrInferred() {
        let missing = Self.warnings(["apns-topic": "com.x"], #"{"aps":{"alert":"a"}}"#)
        #expect(missing.map(\.rule) == ["push_type_missing"])
        #expect(missing.first?.source == "Sending notification requests to APNs")
        let voip = Self.warnings(["apns-topic": "com.x.voip"], #"{"k":1}"#)
        #expect(voip.map(\.rule) == ["push_type_inferred_from_topic"])
        #expect(voip.first?.message.contains("voip") == true)
    }

    @Test func alertWithoutAlertSoundOrBadge() {
        let found = Self.warnings(Self.alert, #"{"aps":{"category":"c"}}"#)
        #expect(found.map(\.rule) == ["alert_without_alert_sound_or_badge"])
        #expect(found.first?.source == "Sending notification requests to APNs")
        #expect(Self.rules(Self.alert, #"{"aps":{"sound":"default"}}"#).isEmpty)
        #expect(Self.rules(Self.alert, #"{"aps":{"badge":0}}"#).isEmpty)
    }

    @Test func contentAvailableOnlyAtPriority10AndAsAlert() {
        let found = Self.warnings(Self.alert, #"{"aps":{"content-available":1}}"#)
        #expect(found.map(\.rule) == ["priority_10_content_available_only", "background_payload_as_alert"])
        #expect(found.map(\.source) == ["Local and Push Notification Programming Guide", "Pushing background updates to your App"])
        #expect(Self.rules(Self.alert.merging(["apns-priority": "5"]) { $1 }, #"{"aps":{"content-available":1}}"#)
                == ["background_payload_as_alert"])
    }

    @Test func contentAvailableOtherThan1() {
        for value in ["0", "true", "\"1\"", "2"] {
            #expect(Self.rules(Self.background, #"{"aps":{"content-available":\#(value)}}"#) == ["content_available_not_1"],
                    "\(value)")
        }
        #expect(Self.warnings(Self.background, #"{"aps":{"content-available":0}}"#).first?.source
                == "Generating a remote notification")
    }

    @Test func backgroundWithoutContentAvailableOrWithAlert() {
        #expect(Self.rules(Self.background, #"{"k":1}"#) == ["background_without_content_available"])
        #expect(Self.rules(Self.background, #"{"aps":{"content-available":1,"alert":"a"}}"#)
                == ["background_with_alert_sound_or_badge"])
    }

    @Test func mutableContentWithoutAlert() {
        let found = Self.warnings(Self.alert, #"{"aps":{"mutable-content":1,"badge":1}}"#)
        #expect(found.map(\.rule) == ["mutable_content_without_alert"])
        #expect(found.first?.source == "Modifying content in newly delivered notifications")
    }

    @Test func liveActivityPayloads() {
        #expect(Self.rules(Self.live, #"{"aps":{"timestamp":1,"content-state":{}}}"#) == ["live_activity_missing_event"])
        #expect(Self.rules(Self.live, #"{"aps":{"event":"pause","timestamp":1,"content-state":{}}}"#)
                == ["live_activity_unknown_event"])
        #expect(Self.rules(Self.live, #"{"aps":{"event":"update","content-state":{}}}"#) == ["live_activity_missing_timestamp"])
        #expect(Self.rules(Self.live, #"{"aps":{"event":"update","timestamp":1}}"#) == ["live_activity_missing_content_state"])
        #expect(Self.rules(Self.live, #"{"aps":{"event":"start","timestamp":1,"content-state":{}}}"#)
                == ["live_activity_start_missing_attributes"])
        #expect(Self.rules(Self.live, #"{"aps":{"event":"start","timestamp":1,"content-state":{},"attributes-type":"A","attributes":{}}}"#)
                .isEmpty)
        let misplaced = Self.warnings(Self.alert, #"{"aps":{"alert":"a","event":"update","content-state":{}}}"#)
        #expect(misplaced.map(\.rule) == ["live_activity_payload_without_liveactivity_push_type"])
        #expect(misplaced.first?.source == "Starting and updating Live Activities with ActivityKit push notifications")
    }

    @Test func interruptionLevelRelevanceScoreAndBadgeValues() {
        #expect(Self.rules(Self.alert, #"{"aps":{"alert":"a","interruption-level":"urgent"}}"#) == ["interruption_level_unknown"])
        #expect(Self.rules(Self.alert, #"{"aps":{"alert":"a","interruption-level":"time-senstive"}}"#) == ["interruption_level_unknown"])
        for score in ["1.5", "-0.1", "\"high\""] {
            #expect(Self.rules(Self.alert, #"{"aps":{"alert":"a","relevance-score":\#(score)}}"#) == ["relevance_score_out_of_range"])
        }
        #expect(Self.rules(Self.alert, #"{"aps":{"alert":"a","relevance-score":1}}"#).isEmpty)
        #expect(Self.rules(Self.alert, #"{"aps":{"alert":"a","badge":"3"}}"#) == ["badge_not_a_number"])
        #expect(Self.warnings(Self.alert, #"{"aps":{"alert":"a","badge":"3"}}"#).first?.source == "Generating a remote notification")
    }

    @Test func aRefusedRequestStillGetsItsWarnings() {
        let verdict = PushVerdict.of(PushRequest(headers: ["apns-topic": "com.x", "apns-push-type": "background"],
                                                 payload: Array(#"{"aps":{"content-available":1}}"#.utf8)))
        #expect(verdict.status == 400 && verdict.reason == .badPriority)
        // Not a JSON object: only the header warnings.
        #expect(Self.rules(["apns-topic": "com.x"], "[1]") == ["push_type_missing"])
    }

    @Test func everyWarningNamesOneOfApplesPages() {
        let pages = [ApplePage.sendingRequests, ApplePage.generatingNotification, ApplePage.backgroundUpdates,
                     ApplePage.modifyingContent, ApplePage.liveActivities, ApplePage.voip, ApplePage.legacyGuide]
        let all = Self.warnings(["apns-topic": "com.x"], #"{"aps":{"content-available":2,"mutable-content":1,"interruption-level":"x","relevance-score":9,"badge":"b","event":"update","content-state":{}}}"#)
        #expect(all.count >= 6)
        for warning in all { #expect(pages.contains(warning.source), "\(warning.rule): \(warning.source)") }
    }
}
