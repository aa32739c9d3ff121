/// Something APNs accepts but Apple's documentation calls wrong or useless, with the page that says so.
public struct PushWarning: Sendable, Equatable, Codable {
    /// The rule's stable snake_case name.
    public var rule: String
    /// What is wrong with this request.
    public var message: String
    /// The title of Apple's page that states the rule.
    public var source: String

    public init(rule: String, message: String, source: String) {
        self.rule = rule
        self.message = message
        self.source = source
    }
}

/// The titles of Apple's pages the rules cite.
public enum ApplePage {
    public static let sendingRequests = "Sending notification requests to APNs"
    public static let generatingNotification = "Generating a remote notification"
    public static let backgroundUpdates = "Pushing background updates to your App"
    public static let modifyingContent = "Modifying content in newly delivered notifications"
    public static let liveActivities = "Starting and updating Live Activities with ActivityKit push notifications"
    public static let voip = "Responding to VoIP Notifications from PushKit"
    /// The archived guide whose "Communicating with APNs" chapter states the priority-10 rule.
    public static let legacyGuide = "Local and Push Notification Programming Guide"
}
