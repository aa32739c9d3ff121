import APNsCore
import APNsModel
@testable import APNsProbe
import Foundation
import Testing

@Suite struct ChannelTargetTests {
    @Test func environmentsPickTheManagementHostsAndPorts() throws {
        #expect(try ChannelTarget.resolve(environment: nil, host: nil, port: nil)
                == ProbeTarget(host: "api-manage-broadcast.sandbox.push.apple.com", port: 2195, environment: .development))
        #expect(try ChannelTarget.resolve(environment: .production, host: nil, port: nil)
                == ProbeTarget(host: "api-manage-broadcast.push.apple.com", port: 2196, environment: .production))
        #expect(try ChannelTarget.resolve(environment: nil, host: "API-Manage-Broadcast.push.apple.com", port: nil)
                .environment == .production)
    }

    @Test func wrongPortsHostsAndEnvironmentsAreUsageErrors() {
        for (env, host, port): (APNsEnvironment?, String?, Int?) in [
            (.production, nil, 2195), (.development, nil, 443), (.development, "api-manage-broadcast.push.apple.com", nil),
            (nil, "api-manage-broadcast.sandbox.push.apple.com", 2196), (nil, "api.push.apple.com", nil),
            (nil, "gateway.sandbox.push.apple.com", nil), (nil, "a b", nil), (nil, "127.0.0.1", 70000),
        ] {
            #expect(throws: TargetError.self, "\(String(describing: env)) \(host ?? "-") \(port ?? 0)") {
                try ChannelTarget.resolve(environment: env, host: host, port: port)
            }
        }
    }

    @Test func anotherServerKeepsItsPortOrTheEnvironmentsDefault() throws {
        #expect(try ChannelTarget.resolve(environment: nil, host: "127.0.0.1", port: 8444)
                == ProbeTarget(host: "127.0.0.1", port: 8444, environment: nil))
        #expect(try ChannelTarget.resolve(environment: .production, host: "localhost", port: nil).port == 2196)
    }

    @Test func managementHostsOn2195And2196AreNotTheRetiredGateway() throws {
        #expect(RetiredInterface.recognise(host: "api-manage-broadcast.sandbox.push.apple.com", port: 2195) == nil)
        #expect(RetiredInterface.recognise(host: "api-manage-broadcast.push.apple.com.", port: 2196) == nil)
        #expect(RetiredInterface.recognise(host: "gateway.push.apple.com", port: 2195) == .gateway(.production))
        #expect(RetiredInterface.recognise(host: "api.push.apple.com", port: 2196) == .feedback(.production))
        // probe itself still refuses the management host's ports for pushes: they are not the push API's.
        #expect(throws: TargetError.self) {
            try ProbeTarget.resolve(environment: nil, host: "api-manage-broadcast.push.apple.com", port: 2196)
        }
    }

    @Test func requestsHaveTheDocumentedShape() {
        let create = ChannelRequest.create(bundleID: "com.example.app", storage: .noStorage)
        #expect(create.method == "POST")
        #expect(create.path == "/1/apps/com.example.app/channels")
        #expect(String(decoding: create.payload, as: UTF8.self)
                == #"{"message-storage-policy":0,"push-type":"LiveActivity"}"#)
        #expect(create.headerLines.contains { $0.hasPrefix("apns-request-id: ") })
        #expect(!create.headerLines.contains { $0.hasPrefix("apns-id:") || $0.hasPrefix("apns-topic") })
        let read = ChannelRequest.read(bundleID: "com.example.app", channelID: "c29tZUNoYW5uZWw=")
        #expect(read.method == "GET")
        #expect(read.payload.isEmpty)
        #expect(read.headerLines.contains("apns-channel-id: c29tZUNoYW5uZWw="))
        #expect(ChannelRequest.delete(bundleID: "a.b", channelID: "x").method == "DELETE")
        #expect(ChannelRequest.list(bundleID: "a.b").path == "/1/apps/a.b/all-channels")
        let broadcast = ChannelRequest.broadcast(bundleID: "a.b", channelID: "x", payload: Array("{}".utf8))
        #expect(broadcast.path == "/4/broadcasts/apps/a.b")
        #expect(broadcast.headerLines.contains("apns-push-type: liveactivity"))
        #expect(broadcast.headerLines.contains("apns-expiration: 0"))
    }

    @Test func twoHundredsAreHealthyAndRefusalsUseTheCatalog() {
        let target = ProbeTarget(host: "127.0.0.1", port: 1, environment: .development)
        func exchange(_ status: Int, _ body: String, headers: [String: String] = [:]) -> Exchange {
            Exchange(sentID: "id", status: status, headers: headers, body: Array(body.utf8), httpVersion: "2",
                     remoteAddress: nil, remotePort: nil, tlsVersion: nil, timings: .none, connectionsOpened: 1,
                     failure: nil, certificateRequested: nil, receivedAt: nil)
        }
        let created = ChannelClient.result(exchange(201, "", headers: ["apns-channel-id": "c29tZQ=="]), operation: "create",
                                           bundleID: "a.b", target: target, credential: .none, timeout: 1)
        #expect(created.verdict.outcome == .healthy)
        #expect(created.channelID == "c29tZQ==")
        let read = ChannelClient.result(exchange(200, #"{"message-storage-policy":1,"push-type":"LiveActivity"}"#),
                                        operation: "inspect", bundleID: "a.b", target: target, credential: .none, timeout: 1)
        #expect(read.storage == .mostRecent)
        let refused = ChannelClient.result(exchange(400, #"{"reason":"ChannelNotRegistered"}"#), operation: "inspect",
                                           bundleID: "a.b", target: target, credential: .none, timeout: 1)
        #expect(refused.verdict.outcome == .rejected)
        #expect(refused.verdict.exitStatus == .checkFailed)
        #expect(refused.verdict.summary.hasPrefix("400 ChannelNotRegistered"))
        #expect(refused.verdict.remedy == .channelOfOtherEnvironment)
        let misplaced = ChannelClient.result(exchange(404, #"{"reason":"BadPath"}"#), operation: "list", bundleID: "a.b",
                                             target: target, credential: .none, timeout: 1)
        #expect(misplaced.verdict.remedy == .noChannelManagementAPI)
        #expect(!misplaced.verdict.hint.contains("/3/device"))
    }

    /// What APNs does not echo, the request says: the channel an inspect or delete asked about, the storage a
    /// create asked for (only once APNs accepted it); and the signing key is named in every result.
    @Test func aResultCarriesTheChannelAskedAboutTheStorageCreatedAndTheSigningKey() {
        let target = ProbeTarget(host: "127.0.0.1", port: 1, environment: .development)
        func exchange(_ status: Int, _ body: String, headers: [String: String] = [:]) -> Exchange {
            Exchange(sentID: "id", status: status, headers: headers, body: Array(body.utf8), httpVersion: "2",
                     remoteAddress: nil, remotePort: nil, tlsVersion: nil, timings: .none, connectionsOpened: 1,
                     failure: nil, certificateRequested: nil, receivedAt: nil)
        }
        let key = SigningKeyDescription(keyID: "SBXKEY0001", teamID: "TEAM123456", environments: [.development],
                                        topics: nil, legacy: false)
        let read = ChannelClient.result(exchange(200, #"{"message-storage-policy":0,"push-type":"LiveActivity"}"#),
                                        operation: "inspect", bundleID: "a.b", target: target, credential: .none,
                                        timeout: 1, signingKey: key,
                                        request: ChannelRequest.read(bundleID: "a.b", channelID: "c29tZQ=="))
        #expect(read.channelID == "c29tZQ==")
        #expect(read.storage == .noStorage)
        #expect(read.keyID == "SBXKEY0001" && read.teamID == "TEAM123456" && read.keyEnvironments == [.development])
        let created = ChannelClient.result(exchange(201, "", headers: ["apns-channel-id": "eA=="]), operation: "create",
                                           bundleID: "a.b", target: target, credential: .none, timeout: 1,
                                           request: ChannelRequest.create(bundleID: "a.b", storage: .mostRecent))
        #expect(created.channelID == "eA==")
        #expect(created.storage == .mostRecent)
        let refused = ChannelClient.result(exchange(400, #"{"reason":"CannotCreateChannelConfig"}"#), operation: "create",
                                           bundleID: "a.b", target: target, credential: .none, timeout: 1,
                                           request: ChannelRequest.create(bundleID: "a.b", storage: .mostRecent))
        #expect(refused.storage == nil, "a refused create created nothing")
    }
}
