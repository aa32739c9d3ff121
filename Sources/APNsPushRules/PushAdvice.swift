import APNsCore
import APNsModel

/// The warnings: what APNs accepts but Apple's documentation calls wrong or useless. Each rule cites its page
/// (``ApplePage``); none is invented beyond what the page states (docs/payload.md lists them).
public enum PushAdvice {
    /// The warnings for `request`, carrying push type `choice`, in a stable order. A payload that is not a JSON
    /// object gets only the header warnings.
    public static func warnings(_ request: PushRequest, choice: PushTypeChoice) -> [PushWarning] {
        var found: [PushWarning] = []
        let pushType = choice.pushType
        let topic = request.header("apns-topic")
        if choice.inferred {
            if let topic, let inferred = PushRules.pushType(ofTopic: topic) {
                found.append(PushWarning(
                    rule: "push_type_inferred_from_topic",
                    message: "no apns-push-type: APNs takes \(inferred.rawValue) from the topic suffix "
                        + "\(inferred.topicSuffix ?? ""); send apns-push-type: \(inferred.rawValue)",
                    source: ApplePage.sendingRequests))
            } else {
                found.append(PushWarning(
                    rule: "push_type_missing",
                    message: "no apns-push-type: required on watchOS 6 and later, recommended on every other platform",
                    source: ApplePage.sendingRequests))
            }
        }
        guard let payload = JSONValue(parsing: request.payload)?.object else { return found }
        let aps = payload["aps"]?.object ?? [:]
        let priority = request.header("apns-priority") ?? "10"
        let shows = ["alert", "sound", "badge"].contains { aps[$0] != nil }
        let contentAvailable = aps["content-available"]
        let contentAvailableOnly = contentAvailable != nil && !shows

        if let contentAvailable, contentAvailable != .integer(1) {
            found.append(PushWarning(
                rule: "content_available_not_1",
                message: "aps.content-available is \(contentAvailable.compactText): only 1 marks a background "
                    + "update; leave the key out otherwise",
                source: ApplePage.generatingNotification))
        }
        if priority == "10", contentAvailableOnly, pushType != .background {
            found.append(PushWarning(
                rule: "priority_10_content_available_only",
                message: "apns-priority 10 with only content-available: priority 10 pushes must show an alert, "
                    + "play a sound or badge; a content-available-only push takes priority 5",
                source: ApplePage.legacyGuide))
        }
        switch pushType {
        case .alert:
            if contentAvailableOnly {
                found.append(PushWarning(
                    rule: "background_payload_as_alert",
                    message: "a content-available-only payload sent as an alert push: background updates use "
                        + "apns-push-type background and apns-priority 5",
                    source: ApplePage.backgroundUpdates))
            } else if !shows {
                found.append(PushWarning(
                    rule: "alert_without_alert_sound_or_badge",
                    message: "an alert push whose aps has no alert, sound or badge: nothing is shown",
                    source: ApplePage.sendingRequests))
            }
        case .background:
            if contentAvailable == nil {
                found.append(PushWarning(
                    rule: "background_without_content_available",
                    message: "a background push without aps.content-available: 1 does not wake the app",
                    source: ApplePage.backgroundUpdates))
            }
            if shows {
                found.append(PushWarning(
                    rule: "background_with_alert_sound_or_badge",
                    message: "a background push with alert, sound or badge: a background notification's aps holds "
                        + "only content-available",
                    source: ApplePage.backgroundUpdates))
            }
        case .liveactivity:
            found += liveActivityWarnings(aps)
        default:
            break
        }
        if pushType != .liveactivity, aps["event"] != nil, aps["content-state"] != nil {
            found.append(PushWarning(
                rule: "live_activity_payload_without_liveactivity_push_type",
                message: "a Live Activity payload (aps.event, aps.content-state) sent as \(pushType.rawValue): "
                    + "Live Activity updates use apns-push-type liveactivity and the topic "
                    + "<bundle id>.push-type.liveactivity",
                source: ApplePage.liveActivities))
        }
        if let mutable = aps["mutable-content"], mutable == .integer(1), aps["alert"] == nil {
            found.append(PushWarning(
                rule: "mutable_content_without_alert",
                message: "aps.mutable-content 1 without an alert: the notification service extension runs only for "
                    + "notifications that show an alert",
                source: ApplePage.modifyingContent))
        }
        found += valueWarnings(aps)
        return found
    }

    /// The documented interruption levels.
    public static let interruptionLevels = ["passive", "active", "time-sensitive", "critical"]

    private static func valueWarnings(_ aps: [String: JSONValue]) -> [PushWarning] {
        var found: [PushWarning] = []
        if let level = aps["interruption-level"], !(level.string.map(interruptionLevels.contains) ?? false) {
            found.append(PushWarning(
                rule: "interruption_level_unknown",
                message: "aps.interruption-level is \(level.compactText), not one of "
                    + interruptionLevels.joined(separator: ", "),
                source: ApplePage.generatingNotification))
        }
        if let score = aps["relevance-score"], !(score.double.map { (0...1).contains($0) } ?? false) {
            found.append(PushWarning(
                rule: "relevance_score_out_of_range",
                message: "aps.relevance-score is \(score.compactText), not a number from 0 to 1",
                source: ApplePage.generatingNotification))
        }
        if let badge = aps["badge"], badge.int64 == nil {
            found.append(PushWarning(
                rule: "badge_not_a_number",
                message: "aps.badge is \(badge.compactText), not a number",
                source: ApplePage.generatingNotification))
        }
        return found
    }

    /// The Live Activity events Apple documents.
    public static let liveActivityEvents = ["start", "update", "end"]

    private static func liveActivityWarnings(_ aps: [String: JSONValue]) -> [PushWarning] {
        var found: [PushWarning] = []
        let event = aps["event"]?.string
        if aps["event"] == nil {
            found.append(PushWarning(rule: "live_activity_missing_event",
                                     message: "a Live Activity push without aps.event (start, update or end)",
                                     source: ApplePage.liveActivities))
        } else if !(event.map(liveActivityEvents.contains) ?? false) {
            found.append(PushWarning(rule: "live_activity_unknown_event",
                                     message: "aps.event is \(aps["event"]?.compactText ?? ""), not start, update or end",
                                     source: ApplePage.liveActivities))
        }
        if aps["timestamp"]?.int64 == nil {
            found.append(PushWarning(rule: "live_activity_missing_timestamp",
                                     message: "a Live Activity push without a numeric aps.timestamp (unix seconds): "
                                        + "the system uses it to ignore stale updates",
                                     source: ApplePage.liveActivities))
        }
        if event != "end", aps["content-state"]?.object == nil {
            found.append(PushWarning(rule: "live_activity_missing_content_state",
                                     message: "a Live Activity \(event ?? "push") without an aps.content-state object",
                                     source: ApplePage.liveActivities))
        }
        if event == "start", aps["attributes-type"] == nil || aps["attributes"] == nil {
            found.append(PushWarning(rule: "live_activity_start_missing_attributes",
                                     message: "a Live Activity start without aps.attributes-type and aps.attributes",
                                     source: ApplePage.liveActivities))
        }
        return found
    }
}
