/// The `reason` strings APNs puts in a failed response's JSON body, each with the HTTP status it comes with.
///
/// Only reasons Apple documents. The one definition shared by the mock (answers) and the prober (verdicts).
public enum APNsReason: String, Sendable, CaseIterable, Codable {
    case badCollapseId = "BadCollapseId"
    case badDeviceToken = "BadDeviceToken"
    case badExpirationDate = "BadExpirationDate"
    case badMessageId = "BadMessageId"
    case badPriority = "BadPriority"
    case badTopic = "BadTopic"
    case deviceTokenNotForTopic = "DeviceTokenNotForTopic"
    case duplicateHeaders = "DuplicateHeaders"
    case idleTimeout = "IdleTimeout"
    case invalidPushType = "InvalidPushType"
    case missingDeviceToken = "MissingDeviceToken"
    case missingTopic = "MissingTopic"
    case payloadEmpty = "PayloadEmpty"
    case topicDisallowed = "TopicDisallowed"
    case badCertificate = "BadCertificate"
    case badCertificateEnvironment = "BadCertificateEnvironment"
    case expiredProviderToken = "ExpiredProviderToken"
    case forbidden = "Forbidden"
    case invalidProviderToken = "InvalidProviderToken"
    case missingProviderToken = "MissingProviderToken"
    /// The token's key was made for the other environment (Apple's 2025 key model).
    case badEnvironmentKeyIdInToken = "BadEnvironmentKeyIdInToken"
    /// The spelling APNs has been seen answering for ``badEnvironmentKeyIdInToken``; both must be understood.
    case badEnvironmentKeyInToken = "BadEnvironmentKeyInToken"
    /// The connection is bound to another key (its first push's), and this token's key is not related to it.
    case unrelatedKeyIdInToken = "UnrelatedKeyIdInToken"
    case badPath = "BadPath"
    case methodNotAllowed = "MethodNotAllowed"
    case unregistered = "Unregistered"
    /// Older documentation's name for a 410 answer.
    case expiredToken = "ExpiredToken"
    case payloadTooLarge = "PayloadTooLarge"
    case tooManyProviderTokenUpdates = "TooManyProviderTokenUpdates"
    case tooManyRequests = "TooManyRequests"
    case internalServerError = "InternalServerError"
    case serviceUnavailable = "ServiceUnavailable"
    case shutdown = "Shutdown"
    // Broadcast channels (iOS 18): the channel management API and broadcast pushes (docs/channels.md).
    case badChannelId = "BadChannelId"
    case badRequestParams = "BadRequestParams"
    case badRequestPayload = "BadRequestPayload"
    case cannotCreateChannelConfig = "CannotCreateChannelConfig"
    case channelNotRegistered = "ChannelNotRegistered"
    case featureNotEnabled = "FeatureNotEnabled"
    case missingChannelId = "MissingChannelId"
    case missingPushType = "MissingPushType"
    case topicMismatch = "TopicMismatch"

    /// The HTTP status APNs answers with for this reason.
    public var status: Int {
        switch self {
        case .badCollapseId, .badDeviceToken, .badExpirationDate, .badMessageId, .badPriority, .badTopic,
             .deviceTokenNotForTopic, .duplicateHeaders, .idleTimeout, .invalidPushType, .missingDeviceToken,
             .missingTopic, .payloadEmpty, .topicDisallowed:
            return 400
        // Apple's table leaves the broadcast reasons' statuses unstated; 400 is what clients handle (docs/channels.md).
        case .badChannelId, .badRequestParams, .badRequestPayload, .cannotCreateChannelConfig, .channelNotRegistered,
             .featureNotEnabled, .missingChannelId, .missingPushType:
            return 400
        case .topicMismatch: return 403
        case .badCertificate, .badCertificateEnvironment, .expiredProviderToken, .forbidden, .invalidProviderToken,
             .missingProviderToken, .badEnvironmentKeyIdInToken, .badEnvironmentKeyInToken, .unrelatedKeyIdInToken:
            return 403
        case .badPath: return 404
        case .methodNotAllowed: return 405
        case .unregistered, .expiredToken: return 410
        case .payloadTooLarge: return 413
        case .tooManyProviderTokenUpdates, .tooManyRequests: return 429
        case .internalServerError: return 500
        case .serviceUnavailable, .shutdown: return 503
        }
    }

    /// The documented reasons grouped by HTTP status.
    public static let byStatus: [Int: [APNsReason]] = Dictionary(grouping: allCases, by: \.status)
}
