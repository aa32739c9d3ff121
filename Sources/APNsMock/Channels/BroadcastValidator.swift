import APNsCore
import APNsModel
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Answers broadcast pushes, `POST /4/broadcasts/apps/<bundle id>` on the push listener.
///
/// Order of checks: method (`405 MethodNotAllowed`), path (`404 BadPath`), duplicate headers, authentication, the
/// credential's app (`403 TopicMismatch`), the capability (`400 FeatureNotEnabled`), the channel (Apple: "If
/// authentication succeeds, APNs then validates the channel ID": `MissingChannelId`, `BadChannelId`,
/// `ChannelNotRegistered`), `apns-push-type` (`MissingPushType`, `InvalidPushType` unless `liveactivity`),
/// `apns-priority` (`BadPriority`), `apns-expiration` (`BadExpirationDate`), and the payload (`PayloadEmpty`,
/// `413 PayloadTooLarge`, `BadRequestPayload` when it is not a JSON object). 200 with `apns-request-id`, and
/// `apns-unique-id` in the development environment.
struct BroadcastValidator {
    var checks: BroadcastChecks

    func validate(_ request: MockRequest, connection: inout ConnectionAuthState, now: Date,
                  makeID: () -> UUID = UUID.randomV4) -> MockResponse {
        let requestID = BroadcastChecks.requestID(request, makeID: makeID)
        var authentication = MockAuthentication.none
        do throws(Rejection) {
            guard request.method == "POST" else {
                throw Rejection(.methodNotAllowed, "method \(request.method) is not POST")
            }
            guard let bundleID = ChannelPath.broadcastBundleID(request.path) else {
                throw Rejection(.badPath, "path \(request.path) is not /4/broadcasts/apps/<bundle id>")
            }
            let warnings = try checks.admit(request, bundleID: bundleID, connection: &connection, now: now,
                                            claimed: &authentication)
            let channel = try checks.registeredChannel(request, bundleID: bundleID)
            guard let pushType = request.header("apns-push-type") else {
                throw Rejection(.missingPushType, "no apns-push-type header (broadcasts need liveactivity)")
            }
            guard pushType == APNsPushType.liveactivity.rawValue else {
                throw Rejection(.invalidPushType, "apns-push-type \(pushType): broadcasts are liveactivity only")
            }
            if let value = request.header("apns-priority"), !["1", "5", "10"].contains(value) {
                throw Rejection(.badPriority, "apns-priority \(value) is not 1, 5 or 10")
            }
            let expiration = request.header("apns-expiration")
            if let expiration, !HeaderSyntax.isExpiration(expiration) {
                throw Rejection(.badExpirationDate, "apns-expiration \(expiration) is not unix seconds")
            }
            try checkPayload(request)
            var detail = "broadcast on channel \(channel.id) of \(bundleID)"
            if channel.storagePolicy == 0, let expiration, expiration != "0" {
                // Reported by one client as required; not in Apple's pages, so noted rather than refused.
                detail += " (apns-expiration \(expiration) on a no-storage channel: APNs may expect 0)"
            }
            var response = MockResponse(status: 200, reason: nil, apnsID: requestID,
                                        uniqueID: checks.environment == .development ? makeID().lowercasedString : nil,
                                        detail: RequestValidator.detail(detail, notes: warnings),
                                        authentication: authentication)
            response.idHeader = "apns-request-id"
            return response
        } catch {
            return BroadcastChecks.refusal(error, requestID: requestID, authentication: authentication)
        }
    }

    private func checkPayload(_ request: MockRequest) throws(Rejection) {
        if request.bodyLength == 0 {
            throw Rejection(.payloadEmpty, "the payload is empty")
        }
        let limit = APNsPushType.liveactivity.maximumPayloadBytes
        if request.bodyLength > limit {
            throw Rejection(.payloadTooLarge, "payload is \(request.bodyLength) bytes (limit \(limit))")
        }
        guard JSONValue(parsing: request.body)?.object != nil else {
            throw Rejection(.badRequestPayload, "the payload is not a JSON object")
        }
    }
}
