import APNsCore
import APNsModel
import APNsPushRules
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Decides what APNs would answer to one request: pure logic, no sockets, so every reason is unit-testable.
///
/// Order of checks: method, path, duplicate headers, `apns-id`, authentication (token or client
/// certificate; for a token also its key's environment and the connection's key binding), push type, priority,
/// expiration, collapse id, topic (for a topic-specific key: covered by it), payload, and last the device token:
/// authentication comes before the device token, as on the real service.
public struct RequestValidator: Sendable {
    /// What the mock knows: environment, devices, trusted keys, limits.
    public var policy: ValidationPolicy

    public init(policy: ValidationPolicy) {
        self.policy = policy
    }

    /// The answer to `request` arriving at `now` on a connection in state `connection` (updated when a new
    /// token is accepted). `makeID` makes the `apns-id` when the request has none, and `apns-unique-id`.
    public func validate(_ request: MockRequest, connection: inout ConnectionAuthState, now: Date,
                         makeID: (() -> UUID)? = nil) -> MockResponse {
        let makeID = makeID ?? UUID.randomV4
        let sentID = request.header(lowercase: "apns-id")
        // A UUID is echoed as sent (Apple: "the apns-id value from the request"), so a client can match even the
        // BadMessageId answer an uppercase one gets; anything else gets a new id.
        let apnsID = sentID.flatMap { HeaderSyntax.isUUID($0) ? $0 : nil } ?? makeID().lowercasedString
        var authentication = MockAuthentication.none
        var inference: String?
        var warnings: [String] = []
        do throws(Rejection) {
            let deviceToken = try checkPath(request)
            if let name = request.duplicatedHeaderName {
                throw Rejection(.duplicateHeaders, "header \(name) appears more than once")
            }
            if let sentID, !HeaderSyntax.isCanonicalUUID(sentID) {
                throw Rejection(.badMessageId, "apns-id \(sentID) is not a canonical (lowercase 8-4-4-4-12) UUID")
            }
            authentication = try authenticate(request, connection: &connection, now: now, claimed: &authentication,
                                              warnings: &warnings)
            let pushType: APNsPushType
            (pushType, inference) = try checkPushType(request)
            try checkPriority(request, pushType: pushType)
            try checkExpirationAndCollapseID(request)
            let topic = try checkTopic(request, pushType: pushType, certificate: connection.clientCertificate,
                                       authentication: authentication, deviceToken: deviceToken)
            try checkKeyCoversTopic(topic, authentication: authentication, connection: &connection)
            try checkPayload(request, pushType: pushType, connection: &connection)
            try checkDevice(deviceToken, topic: topic)
            let uniqueID = policy.environment == .development ? makeID().lowercasedString : nil
            return MockResponse(status: 200, reason: nil, apnsID: apnsID, uniqueID: uniqueID,
                                detail: Self.detail("accepted for \(topic)", notes: [inference] + warnings),
                                authentication: authentication)
        } catch {
            var timestamp: Int64?
            if error.reason == .unregistered, let since = policy.unregistered[deviceToken(in: request.path)] {
                timestamp = Int64((since.timeIntervalSince1970 * 1000).rounded(.down))
            }
            return MockResponse(status: error.reason.status, reason: error.reason, apnsID: apnsID,
                                timestamp: timestamp, detail: Self.detail(error.detail, notes: [inference] + warnings),
                                authentication: authentication)
        }
    }

    /// The log's `detail`: the outcome, then what the mock let pass or assumed (`; ` between).
    static func detail(_ outcome: String, notes: [String?]) -> String {
        ([outcome] + notes.compactMap { $0 }).joined(separator: "; ")
    }

    // MARK: - The checks, in order

    private static let devicePathPrefix = Array("/3/device".utf8)

    private func checkPath(_ request: MockRequest) throws(Rejection) -> String {
        guard request.method == "POST" else {
            throw Rejection(.methodNotAllowed, "method \(request.method) is not POST")
        }
        // Over the UTF-8 bytes: Character-wise searching and Foundation's `hasPrefix` were 40 % of a validation.
        let bytes = Array(request.path.utf8.prefix { $0 != UInt8(ascii: "?") })
        let prefix = Self.devicePathPrefix
        guard bytes.starts(with: prefix), bytes.count == prefix.count || bytes[prefix.count] == UInt8(ascii: "/") else {
            throw Rejection(.badPath, "path \(request.path) is not /3/device/<token>")
        }
        let token = bytes.dropFirst(prefix.count).drop { $0 == UInt8(ascii: "/") }
        if token.isEmpty {
            throw Rejection(.missingDeviceToken, "path has no device token")
        }
        if token.contains(UInt8(ascii: "/")) {
            throw Rejection(.badPath, "path \(request.path) has more than one segment after /3/device/")
        }
        return String(decoding: token, as: UTF8.self)
    }

    /// Who the request says it is (`claimed`, set even when the proof fails, for the log) and whether it holds.
    func authenticate(_ request: MockRequest, connection: inout ConnectionAuthState, now: Date,
                      claimed: inout MockAuthentication,
                      warnings: inout [String]) throws(Rejection) -> MockAuthentication {
        if let authorization = request.header(lowercase: "authorization") {
            return try TokenAuthenticator(policy: policy).authenticate(authorization, connection: &connection, now: now,
                                                                       claimed: &claimed, warnings: &warnings)
        }
        guard let certificate = connection.clientCertificate else {
            throw Rejection(.missingProviderToken, "no authorization header and no client certificate")
        }
        let subject = certificate.subjectTopic ?? certificate.allowedTopics.first ?? "?"
        claimed = .certificate(subject: subject)
        guard certificate.allows(policy.environment) else {
            throw Rejection(.badCertificateEnvironment,
                            "certificate for \(subject) is not valid for \(policy.environment.rawValue)")
        }
        return .certificate(subject: subject)
    }

    /// The push type sent, or the one APNs infers (``PushRules/pushType(header:topic:)``); `inferred` says so
    /// for the log.
    private func checkPushType(_ request: MockRequest) throws(Rejection) -> (type: APNsPushType, inferred: String?) {
        let value = request.header(lowercase: "apns-push-type")
        // The topic matters only without the header: no second header scan on the usual path.
        let topic = value == nil ? request.header(lowercase: "apns-topic") : nil
        let choice: PushTypeChoice
        do throws(PushRefusal) { choice = try PushRules.pushType(header: value, topic: topic) } catch { throw Rejection(error) }
        guard value == nil, let topic, Self.pushType(ofTopic: topic) != nil else { return (choice.pushType, nil) }
        let type = choice.pushType
        return (type, "no apns-push-type: \(type.rawValue) inferred from the topic suffix \(type.topicSuffix ?? "")")
    }

    /// The push type whose topic suffix `topic` ends with (longest suffix first), if any.
    static func pushType(ofTopic topic: String) -> APNsPushType? {
        PushRules.pushType(ofTopic: topic)
    }

    private func checkPriority(_ request: MockRequest, pushType: APNsPushType) throws(Rejection) {
        let value = request.header(lowercase: "apns-priority")
        do throws(PushRefusal) { try PushRules.checkPriority(value, pushType: pushType) } catch { throw Rejection(error) }
    }

    private func checkExpirationAndCollapseID(_ request: MockRequest) throws(Rejection) {
        let expiration = request.header(lowercase: "apns-expiration")
        let collapseID = request.header(lowercase: "apns-collapse-id")
        do throws(PushRefusal) {
            try PushRules.checkExpirationAndCollapseID(expiration: expiration, collapseID: collapseID)
        } catch {
            throw Rejection(error)
        }
    }

    private func checkTopic(_ request: MockRequest, pushType: APNsPushType, certificate: ClientCertificateIdentity?,
                            authentication: MockAuthentication, deviceToken: String) throws(Rejection) -> String {
        let topic: String
        if let value = request.header(lowercase: "apns-topic") {
            topic = value
        } else if case .certificate = authentication, let fallback = certificate?.defaultTopic {
            topic = fallback
        } else {
            throw Rejection(.missingTopic, authentication.kind == "token"
                ? "apns-topic is required with token authentication"
                : "apns-topic is required: the certificate lists several topics")
        }
        do throws(PushRefusal) {
            try PushRules.checkTopic(topic, pushType: pushType)
        } catch {
            // APNs answers DeviceTokenNotForTopic when the bare bundle id is a registered device's topic
            // (pushok, laravel-notification-channels reports; see docs/mock.md), BadTopic otherwise.
            if case .topicLacksSuffix = error.kind, Self.bareTopicPushTypes.contains(pushType),
               policy.devices[deviceToken.lowercased()] == topic, let suffix = pushType.topicSuffix {
                throw Rejection(.deviceTokenNotForTopic, "\(pushType.rawValue) pushes go to \(topic)\(suffix) "
                                + "with the app's \(pushType.rawValue) token, not to the bare bundle id \(topic)")
            }
            throw Rejection(error)
        }
        if case .certificate = authentication, let certificate, !certificate.allowedTopics.contains(topic) {
            throw Rejection(.topicDisallowed, "the certificate does not allow topic \(topic) "
                            + "(it allows \(certificate.allowedTopics.joined(separator: ", ")))")
        }
        return topic
    }

    /// A topic-specific key must cover the topic (`400 TopicDisallowed`, the mock's choice: Apple names no reason).
    /// A key that passes binds the connection when it is not bound yet: the first accepted push's key.
    private func checkKeyCoversTopic(_ topic: String, authentication: MockAuthentication,
                                     connection: inout ConnectionAuthState) throws(Rejection) {
        guard case .token(let keyID, _) = authentication else { return }
        let scope = policy.scope(ofKey: keyID)
        if let rejection = KeyScopeRules.topicRejection(keyID: keyID, scope: scope, topic: topic) {
            throw rejection
        }
        connection.bindIfUnbound(ConnectionKeyBinding(keyID: keyID, scope: scope))
    }

    /// Push types whose topic is the bundle id plus a suffix, and that users reach by mistake with the bare id.
    private static let bareTopicPushTypes: Set<APNsPushType> = [.voip, .liveactivity, .complication]

    private func checkPayload(_ request: MockRequest, pushType: APNsPushType,
                              connection: inout ConnectionAuthState) throws(Rejection) {
        let length = request.bodyLength
        do throws(PushRefusal) { try PushRules.checkPayloadSize(length, pushType: pushType) } catch { throw Rejection(error) }
        if connection.lastObjectPayload == request.body { return }
        // Apple documents no reason for a malformed payload; PayloadEmpty (no usable payload) is the closest.
        let body = request.body
        do throws(PushRefusal) { try PushRules.checkPayloadObject(body) } catch { throw Rejection(error) }
        connection.lastObjectPayload = request.body
    }

    private func checkDevice(_ token: String, topic: String) throws(Rejection) {
        guard HeaderSyntax.isDeviceToken(token) else {
            throw Rejection(.badDeviceToken, "device token \(token) is not hex")
        }
        let key = token.utf8.contains(where: { (65...90).contains($0) }) ? token.lowercased() : token
        if let registered = policy.devices[key] {
            let wanted = APNsPushType.bundleID(ofTopic: topic)
            guard APNsPushType.bundleID(ofTopic: registered) == wanted else {
                throw Rejection(.deviceTokenNotForTopic, "device token belongs to \(registered), not \(topic)")
            }
            return
        }
        if policy.unregistered[key] != nil {
            throw Rejection(.unregistered, "device token was unregistered")
        }
        throw Rejection(.badDeviceToken, "device token is not registered with this \(policy.environment.rawValue) server")
    }

    private func deviceToken(in path: String) -> String {
        String(path.split(separator: "/").last ?? "").lowercased()
    }
}
