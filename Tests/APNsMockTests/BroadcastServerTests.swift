@testable import APNsMock
import APNsCore
import Foundation
import Testing

/// Broadcast pushes, `POST /4/broadcasts/apps/<bundle id>` on the push listener, over real TLS + HTTP/2 with curl.
@Suite(.enabled(if: Curl.isAvailable, "needs /usr/bin/curl"))
struct BroadcastServerTests {
    private static func createChannel(storage: Int = 1, bundleID: String = Fixture.bundleID, token: String,
                                      port: Int, ca: String) throws -> String {
        let created = try Curl.request(ChannelCurl.manage("POST", bundleID: bundleID, headers: ChannelServerTests.auth(token),
                                                          body: ChannelCurl.createBody(storage: storage), port: port),
                                       port: port, caPEM: ca)
        return try #require(created.headers["apns-channel-id"], "\(created.status) \(created.body)")
    }

    private static func headers(_ token: String, channel: String?, _ extra: [String: String] = [:]) -> [String: String] {
        var headers = ["authorization": "bearer \(token)", "apns-push-type": "liveactivity", "apns-priority": "10",
                       "apns-expiration": "0", "apns-request-id": ChannelServerTests.requestID]
        if let channel { headers["apns-channel-id"] = channel }
        return headers.merging(extra) { _, new in new }
    }

    @Test func aBroadcastToAChannelIsAcceptedWithRequestAndUniqueIDs() async throws {
        try await ChannelServerTests.withServer { server, pushPort, channelsPort, ca, token in
            let channel = try Self.createChannel(token: token, port: channelsPort, ca: ca)
            let sent = try Curl.request(ChannelCurl.broadcast(headers: Self.headers(token, channel: channel), port: pushPort),
                                        port: pushPort, caPEM: ca)
            #expect(sent.httpVersion == "2")
            #expect(sent.status == 200, "\(sent.body) \(sent.stderr)")
            #expect(sent.body.isEmpty)
            #expect(sent.headers["apns-request-id"] == ChannelServerTests.requestID)
            #expect(UUID(uuidString: sent.headers["apns-unique-id"] ?? "") != nil)
            let entry = try #require(server.receivedRequests.last?.log)
            #expect(entry.channelID == channel)
            #expect(entry.topic == Fixture.bundleID)
            #expect(entry.pushType == "liveactivity")

            // The management API is not on the push port, and broadcasts are not on the channels port.
            let misplaced = try Curl.request(ChannelCurl.broadcast(headers: Self.headers(token, channel: channel),
                                                                   port: channelsPort), port: channelsPort, caPEM: ca)
            #expect(misplaced.status == 404)
            #expect(misplaced.json?["reason"] as? String == "BadPath")
        }
    }

    @Test func everyBroadcastErrorForItsCause() async throws {
        try await ChannelServerTests.withServer(disabled: ["com.example.off"]) { _, port, channelsPort, ca, token in
            let channel = try Self.createChannel(token: token, port: channelsPort, ca: ca)
            let unknown = Data(repeating: 9, count: 16).base64EncodedString()
            let h = { (extra: [String: String]) in Self.headers(token, channel: channel, extra) }
            var noCredential = h([:])
            noCredential["authorization"] = nil
            var noPushType = h([:])
            noPushType["apns-push-type"] = nil
            let cases: [(String, [String], Int, String)] = [
                ("no credential", ChannelCurl.broadcast(headers: noCredential, port: port), 403, "MissingProviderToken"),
                ("GET", ChannelCurl.broadcast(headers: h([:]), method: "GET", port: port), 405, "MethodNotAllowed"),
                ("no bundle id", ["-X", "POST", "--data-binary", "{}", "-H", "authorization: bearer \(token)",
                                  "https://127.0.0.1:\(port)/4/broadcasts/apps/"], 404, "BadPath"),
                ("no channel id", ChannelCurl.broadcast(headers: Self.headers(token, channel: nil), port: port),
                 400, "MissingChannelId"),
                ("bad channel id", ChannelCurl.broadcast(headers: h(["apns-channel-id": "%%%"]), port: port),
                 400, "BadChannelId"),
                ("unknown channel", ChannelCurl.broadcast(headers: h(["apns-channel-id": unknown]), port: port),
                 400, "ChannelNotRegistered"),
                ("another app's channel", ChannelCurl.broadcast(bundleID: "com.example.other", headers: h([:]), port: port),
                 400, "ChannelNotRegistered"),
                ("no push type", ChannelCurl.broadcast(headers: noPushType, port: port), 400, "MissingPushType"),
                ("alert push type", ChannelCurl.broadcast(headers: h(["apns-push-type": "alert"]), port: port),
                 400, "InvalidPushType"),
                ("priority 7", ChannelCurl.broadcast(headers: h(["apns-priority": "7"]), port: port), 400, "BadPriority"),
                ("expiration text", ChannelCurl.broadcast(headers: h(["apns-expiration": "soon"]), port: port),
                 400, "BadExpirationDate"),
                ("empty payload", ChannelCurl.broadcast(headers: h([:]), body: "", port: port), 400, "PayloadEmpty"),
                ("not JSON", ChannelCurl.broadcast(headers: h([:]), body: "[1,2]", port: port), 400, "BadRequestPayload"),
                ("too large", ChannelCurl.broadcast(headers: h([:]), body: "{\"a\":\"" + String(repeating: "x", count: 4100)
                                                        + "\"}", port: port), 413, "PayloadTooLarge"),
                ("capability off", ChannelCurl.broadcast(bundleID: "com.example.off", headers: h([:]), port: port),
                 400, "FeatureNotEnabled"),
                ("apns-topic of another app", ChannelCurl.broadcast(headers: h(["apns-topic": "com.example.other"]),
                                                                    port: port), 403, "TopicMismatch"),
            ]
            for (label, arguments, status, reason) in cases {
                let response = try Curl.request(arguments, port: port, caPEM: ca)
                #expect(response.status == status, "\(label): \(response.status) \(response.body) \(response.stderr)")
                #expect(response.json?["reason"] as? String == reason, "\(label): \(response.body)")
                if label != "no bundle id" {
                    #expect(response.headers["apns-request-id"] == ChannelServerTests.requestID, "\(label)")
                }
            }
            let suffixed = try Curl.request(ChannelCurl.broadcast(headers: h(["apns-topic": Fixture.bundleID
                                                                    + ".push-type.liveactivity"]), port: port),
                                            port: port, caPEM: ca)
            #expect(suffixed.status == 200, "the app's Live Activity topic is the app's: \(suffixed.body)")
        }
    }

    @Test func aNoStorageChannelWithAnExpirationIsAcceptedAndNoted() async throws {
        try await ChannelServerTests.withServer { server, port, channelsPort, ca, token in
            let channel = try Self.createChannel(storage: 0, token: token, port: channelsPort, ca: ca)
            let sent = try Curl.request(ChannelCurl.broadcast(headers: Self.headers(token, channel: channel,
                                                                                    ["apns-expiration": "1900000000"]),
                                                              port: port), port: port, caPEM: ca)
            #expect(sent.status == 200)
            #expect(server.receivedRequests.last?.response.detail.contains("no-storage channel") == true)
        }
    }

    @Test func channelsAreKeptPerAppAndEnvironment() throws {
        let store = ChannelStore(limit: 1)
        let now = Date()
        let channel = store.create(bundleID: "com.example.app", environment: .development, storagePolicy: 1, now: now)
        let id = try #require(channel?.id)
        #expect(store.channel(id: id, bundleID: "com.example.app", environment: .development) != nil)
        #expect(store.channel(id: id, bundleID: "com.example.app", environment: .production) == nil)
        #expect(store.create(bundleID: "com.example.app", environment: .development, storagePolicy: 0, now: now) == nil)
        #expect(store.create(bundleID: "com.example.app", environment: .production, storagePolicy: 0, now: now) != nil)
        #expect(store.delete(id: id, bundleID: "com.example.app", environment: .development))
        #expect(!store.delete(id: id, bundleID: "com.example.app", environment: .development))
    }

    @Test func channelIDsAreBase64OfBoundedLength() {
        #expect(ChannelID.isWellFormed(ChannelID.make()))
        #expect(ChannelID.isWellFormed("c29tZUNoYW5uZWw="))   // Apple's example
        #expect(!ChannelID.isWellFormed(""))
        #expect(!ChannelID.isWellFormed("c29tZUNoYW5uZWw"))   // unpadded
        #expect(!ChannelID.isWellFormed("not base64!"))
        #expect(!ChannelID.isWellFormed(String(repeating: "QUFB", count: 17)))
        #expect(ChannelPath("/1/apps/com.example.app/channels") == .channels(bundleID: "com.example.app"))
        #expect(ChannelPath("/1/apps/com.example.app/all-channels?x=1") == .allChannels(bundleID: "com.example.app"))
        #expect(ChannelPath("/1/apps//channels") == nil)
        #expect(ChannelPath.broadcastBundleID("/4/broadcasts/apps/com.example.app") == "com.example.app")
        #expect(ChannelPath.broadcastBundleID("/4/broadcasts/apps/com.example.app/x") == nil)
    }
}
