import APNsCore
import APNsModel
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The checks the channel management API and broadcast pushes share: the request id, authentication (the push
/// path's own, ``RequestValidator/authenticate``), whether the credential may act for the app, whether the app has
/// the broadcast capability, and the `apns-channel-id` header. Pure: the store is only read.
struct BroadcastChecks {
    var validator: RequestValidator
    var store: ChannelStore
    /// Bundle ids whose broadcast capability is off: every call for them is `400 FeatureNotEnabled`.
    var disabledBundleIDs: Set<String>

    var environment: APNsEnvironment { validator.policy.environment }

    /// The `apns-request-id` of the answer: the request's when it is a UUID (either case, as sent), else a new
    /// lowercase one. Apple: "If you don't specify an apns-request-id field in your request, APNs creates a new UUID".
    static func requestID(_ request: MockRequest, makeID: () -> UUID) -> String {
        request.header("apns-request-id").flatMap { HeaderSyntax.isUUID($0) ? $0 : nil } ?? makeID().lowercasedString
    }

    /// Duplicate headers, authentication, then the credential's right to act for `bundleID` (`403 TopicMismatch`
    /// for a certificate that does not name the app, or an `apns-topic` of another app) and the capability
    /// (`400 FeatureNotEnabled`). `claimed` says who the request claims to be, for the log, even when refused.
    /// Returns what the log should warn about an accepted token (a DER signature, a string `iat`), as for pushes.
    func admit(_ request: MockRequest, bundleID: String, connection: inout ConnectionAuthState, now: Date,
               claimed: inout MockAuthentication) throws(Rejection) -> [String] {
        if let name = request.duplicatedHeaderName {
            throw Rejection(.duplicateHeaders, "header \(name) appears more than once")
        }
        var warnings: [String] = []
        let authentication = try validator.authenticate(request, connection: &connection, now: now, claimed: &claimed,
                                                        warnings: &warnings)
        claimed = authentication
        if case .certificate = authentication, let certificate = connection.clientCertificate {
            let allowed = certificate.allowedTopics.map(APNsPushType.bundleID(ofTopic:))
            guard allowed.contains(bundleID) else {
                throw Rejection(.topicMismatch, "the certificate is for \(allowed.joined(separator: ", ")), not \(bundleID)")
            }
        }
        if let topic = request.header("apns-topic"), APNsPushType.bundleID(ofTopic: topic) != bundleID {
            throw Rejection(.topicMismatch, "apns-topic \(topic) is not the app of the path, \(bundleID)")
        }
        if disabledBundleIDs.contains(bundleID) {
            throw Rejection(.featureNotEnabled, "broadcast push is not enabled for \(bundleID)")
        }
        return warnings
    }

    /// The `apns-channel-id` header, present (`400 MissingChannelId`), well formed (`400 BadChannelId`) and a
    /// channel of the app in this environment (`400 ChannelNotRegistered`).
    func registeredChannel(_ request: MockRequest, bundleID: String) throws(Rejection) -> BroadcastChannel {
        guard let id = request.header("apns-channel-id") else {
            throw Rejection(.missingChannelId, "no apns-channel-id header")
        }
        guard ChannelID.isWellFormed(id) else {
            throw Rejection(.badChannelId, "apns-channel-id \(id) is not base64 of at most \(ChannelID.maximumLength) characters")
        }
        guard let channel = store.channel(id: id, bundleID: bundleID, environment: environment) else {
            throw Rejection(.channelNotRegistered, "no channel \(id) for \(bundleID) in \(environment.rawValue)")
        }
        return channel
    }

    /// The answer for a refusal: the reason's status, `apns-request-id`, `{"reason":…}`.
    static func refusal(_ rejection: Rejection, requestID: String, authentication: MockAuthentication) -> MockResponse {
        var response = MockResponse(status: rejection.reason.status, reason: rejection.reason, apnsID: requestID,
                                    detail: rejection.detail, authentication: authentication)
        response.idHeader = "apns-request-id"
        return response
    }
}
