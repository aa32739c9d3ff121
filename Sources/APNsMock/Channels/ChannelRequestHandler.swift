import APNsCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Answers the broadcast channel management API (the channels listener): create, read, delete, list.
///
/// Order of checks: path (`404 BadPath`), method (`405 MethodNotAllowed`), duplicate headers, authentication,
/// the credential's app (`403 TopicMismatch`), the capability (`400 FeatureNotEnabled`), then the operation's own.
struct ChannelRequestHandler {
    var checks: BroadcastChecks

    func handle(_ request: MockRequest, connection: inout ConnectionAuthState, now: Date,
                makeID: () -> UUID = UUID.randomV4) -> MockResponse {
        let requestID = BroadcastChecks.requestID(request, makeID: makeID)
        var authentication = MockAuthentication.none
        do throws(Rejection) {
            guard let route = ChannelPath(request.path) else {
                throw Rejection(.badPath, "path \(request.path) is not /1/apps/<bundle id>/channels or …/all-channels")
            }
            guard route.methods.contains(request.method) else {
                throw Rejection(.methodNotAllowed, "\(request.path) takes \(route.methods.joined(separator: ", ")), "
                                + "not \(request.method)")
            }
            let warnings = try checks.admit(request, bundleID: route.bundleID, connection: &connection, now: now,
                                            claimed: &authentication)
            var response: MockResponse
            switch (route, request.method) {
            case (.channels(let bundleID), "POST"):
                response = try create(request, bundleID: bundleID, now: now)
            case (.channels(let bundleID), "GET"):
                let channel = try checks.registeredChannel(request, bundleID: bundleID)
                response = MockResponse(status: 200, reason: nil, apnsID: requestID,
                                        detail: "read channel \(channel.id)")
                response.content = Self.json(["message-storage-policy": .integer(Int64(channel.storagePolicy)),
                                              "push-type": "LiveActivity"])
            case (.channels(let bundleID), _):
                let channel = try checks.registeredChannel(request, bundleID: bundleID)
                _ = checks.store.delete(id: channel.id, bundleID: bundleID, environment: checks.environment)
                response = MockResponse(status: 204, reason: nil, apnsID: requestID,
                                        detail: "deleted channel \(channel.id)")
            case (.allChannels(let bundleID), _):
                let ids = checks.store.list(bundleID: bundleID, environment: checks.environment).map(\.id)
                response = MockResponse(status: 200, reason: nil, apnsID: requestID,
                                        detail: "\(ids.count) channel\(ids.count == 1 ? "" : "s") of \(bundleID)")
                response.content = Self.json(["channels": .array(ids.map(JSONValue.string))])
            }
            response.apnsID = requestID
            response.idHeader = "apns-request-id"
            response.authentication = authentication
            response.detail = RequestValidator.detail(response.detail, notes: warnings)
            return response
        } catch {
            return BroadcastChecks.refusal(error, requestID: requestID, authentication: authentication)
        }
    }

    /// `POST`: the body is a JSON object (`400 BadRequestPayload`) with `push-type` `LiveActivity`
    /// (`400 MissingPushType` / `400 InvalidPushType`) and `message-storage-policy` 0 or 1
    /// (`400 BadRequestParams`); then the limit (`400 CannotCreateChannelConfig`). 201 with `apns-channel-id`.
    private func create(_ request: MockRequest, bundleID: String, now: Date) throws(Rejection) -> MockResponse {
        guard request.bodyLength > 0, request.bodyLength == request.body.count,
              let object = JSONValue(parsing: request.body)?.object else {
            throw Rejection(.badRequestPayload, request.bodyLength == 0 ? "the body is empty"
                            : "the body is not a JSON object")
        }
        guard let pushType = object["push-type"] else {
            throw Rejection(.missingPushType, "the body has no \"push-type\"")
        }
        guard pushType.string == "LiveActivity" else {
            throw Rejection(.invalidPushType, "\"push-type\" is \(pushType.compactText), not \"LiveActivity\"")
        }
        guard let policy = object["message-storage-policy"] else {
            throw Rejection(.badRequestParams, "the body has no \"message-storage-policy\" (0 or 1)")
        }
        // Decoded as an Int by JSONDecoder: `true`, `"1"` and 1.5 are refused, not coerced.
        guard let storage = try? JSONDecoder().decode(StoragePolicy.self, from: Data(request.body)).value,
              [0, 1].contains(storage) else {
            throw Rejection(.badRequestParams, "\"message-storage-policy\" is \(policy.compactText), not 0 or 1")
        }
        guard let channel = checks.store.create(bundleID: bundleID, environment: checks.environment,
                                                storagePolicy: storage, now: now) else {
            throw Rejection(.cannotCreateChannelConfig,
                            "\(bundleID) already has \(checks.store.limit) channels in \(checks.environment.rawValue)")
        }
        var response = MockResponse(status: 201, reason: nil, apnsID: "",
                                    detail: "created channel \(channel.id) (message-storage-policy \(channel.storagePolicy))")
        response.headers = [MockHeader("apns-channel-id", channel.id)]
        return response
    }

    private struct StoragePolicy: Decodable {
        var value: Int
        enum CodingKeys: String, CodingKey { case value = "message-storage-policy" }
    }

    static func json(_ object: [String: JSONValue]) -> [UInt8] {
        Array(JSONValue.object(object).compactText.utf8)
    }
}
