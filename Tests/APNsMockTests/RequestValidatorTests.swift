import APNsCore
import APNsMock
import APNsModel
import Foundation
import Testing

/// The validator alone: one request in, one answer out, for every reason the mock can give.
struct RequestValidatorTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let validator = RequestValidator(policy: Fixture.policy())

    private func answer(_ request: MockRequest, _ state: ConnectionAuthState = ConnectionAuthState(),
                        validator: RequestValidator? = nil) -> MockResponse {
        var state = state
        return (validator ?? self.validator).validate(request, connection: &state, now: now)
    }

    private func goodToken() throws -> String { try Fixture.token(issuedAt: now.addingTimeInterval(-60)) }

    @Test func acceptsARegisteredDeviceAndEchoesTheApnsID() throws {
        let id = "0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0"
        let response = answer(Fixture.canary(token: try goodToken()).setting("apns-id", id))
        #expect(response.status == 200)
        #expect(response.reason == nil)
        #expect(response.body.isEmpty)
        #expect(response.apnsID == id)
        #expect(response.authentication == .token(keyID: Fixture.keyID, teamID: Fixture.teamID))
    }

    /// Apple's canonical apns-id is lowercase: an uppercase one is BadMessageId, echoed as sent so the client can
    /// match the answer to its request.
    @Test func rejectsAnUppercaseApnsIDAndEchoesIt() throws {
        let upper = "0F1E2D3C-4B5A-6978-8796-A5B4C3D2E1F0"
        let response = answer(Fixture.canary(token: try goodToken()).setting("apns-id", upper))
        #expect(response.status == 400)
        #expect(response.reason == .badMessageId)
        #expect(response.apnsID == upper)
        let garbage = answer(Fixture.canary(token: try goodToken()).setting("apns-id", "not-a-uuid"))
        #expect(garbage.reason == .badMessageId)
        #expect(garbage.apnsID != "not-a-uuid")
    }

    @Test func generatesALowercaseApnsIDAndAUniqueIDOnlyInDevelopment() throws {
        let fixed = UUID(uuidString: "A1B2C3D4-E5F6-4789-9ABC-DEF012345678")!
        var state = ConnectionAuthState()
        let development = validator.validate(Fixture.canary(token: try goodToken()), connection: &state, now: now,
                                             makeID: { fixed })
        #expect(development.apnsID == "a1b2c3d4-e5f6-4789-9abc-def012345678")
        #expect(development.uniqueID == "a1b2c3d4-e5f6-4789-9abc-def012345678")
        let production = RequestValidator(policy: Fixture.policy(environment: .production))
        var other = ConnectionAuthState()
        let answer = production.validate(Fixture.canary(token: try goodToken()), connection: &other, now: now)
        #expect(answer.status == 200)
        #expect(answer.uniqueID == nil)
    }

    /// The ids the mock makes itself are random version-4 UUIDs in canonical form, a new one every time.
    @Test func madeIDsAreRandomVersion4UUIDs() throws {
        var seen = Set<String>()
        for _ in 0..<500 {
            var state = ConnectionAuthState()
            let response = validator.validate(Fixture.canary(token: try goodToken()), connection: &state, now: now)
            for id in [response.apnsID, try #require(response.uniqueID)] {
                let characters = Array(id)
                #expect(UUID(uuidString: id) != nil && id == id.lowercased(), "\(id)")
                #expect(characters[14] == "4", "version of \(id)")
                #expect("89ab".contains(characters[19]), "variant of \(id)")
                #expect(seen.insert(id).inserted, "\(id) made twice")
            }
        }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var reason: APNsReason
        var change: @Sendable (MockRequest) -> MockRequest
        var testDescription: String { "\(name) → \(reason.rawValue)" }
    }

    /// Requests with a valid token that break exactly one rule.
    static let requestCases: [Case] = [
        Case(name: "GET", reason: .methodNotAllowed) { $0.withPath($0.path, method: "GET") },
        Case(name: "path /3/other", reason: .badPath) { $0.withPath("/3/other/\(Fixture.device)") },
        Case(name: "path /", reason: .badPath) { $0.withPath("/") },
        Case(name: "extra segment", reason: .badPath) { $0.withPath("/3/device/\(Fixture.device)/x") },
        Case(name: "no token in path", reason: .missingDeviceToken) { $0.withPath("/3/device/") },
        Case(name: "bare /3/device", reason: .missingDeviceToken) { $0.withPath("/3/device") },
        Case(name: "repeated apns-topic", reason: .duplicateHeaders) { $0.adding("apns-topic", Fixture.bundleID) },
        Case(name: "apns-id not a UUID", reason: .badMessageId) { $0.setting("apns-id", "not-a-uuid") },
        Case(name: "apns-id without hyphens", reason: .badMessageId) {
            $0.setting("apns-id", "0f1e2d3c4b5a69788796a5b4c3d2e1f0")
        },
        Case(name: "unknown push type", reason: .invalidPushType) { $0.setting("apns-push-type", "banner") },
        Case(name: "priority 7", reason: .badPriority) { $0.setting("apns-priority", "7") },
        Case(name: "background with priority 10", reason: .badPriority) { $0.setting("apns-priority", "10") },
        Case(name: "background with default priority", reason: .badPriority) { $0.setting("apns-priority", nil) },
        Case(name: "expiration not a number", reason: .badExpirationDate) { $0.setting("apns-expiration", "soon") },
        Case(name: "negative expiration", reason: .badExpirationDate) { $0.setting("apns-expiration", "-1") },
        Case(name: "collapse id of 65 bytes", reason: .badCollapseId) {
            $0.setting("apns-collapse-id", String(repeating: "x", count: 65))
        },
        Case(name: "no topic with a token", reason: .missingTopic) { $0.setting("apns-topic", nil) },
        Case(name: "topic with a space", reason: .badTopic) { $0.setting("apns-topic", "com.example app") },
        Case(name: "background to a .voip topic", reason: .badTopic) { $0.setting("apns-topic", "com.example.app.voip") },
        // The bare bundle id the device is registered for: what APNs answers (pushok, laravel-notification-channels).
        Case(name: "voip to the bare bundle id", reason: .deviceTokenNotForTopic) { $0.setting("apns-push-type", "voip") },
        Case(name: "liveactivity without suffix", reason: .deviceTokenNotForTopic) {
            $0.setting("apns-push-type", "liveactivity").setting("apns-priority", "10")
        },
        Case(name: "complication without suffix", reason: .deviceTokenNotForTopic) {
            $0.setting("apns-push-type", "complication").setting("apns-priority", "10")
        },
        Case(name: "voip to a bare bundle id of an unknown device", reason: .badTopic) {
            $0.setting("apns-push-type", "voip").withPath("/3/device/\(Fixture.unknownDevice)")
        },
        Case(name: "widgets without suffix", reason: .badTopic) { $0.setting("apns-push-type", "widgets") },
        Case(name: "empty payload", reason: .payloadEmpty) { $0.withBody([]) },
        Case(name: "payload not JSON", reason: .payloadEmpty) { $0.withBody(Array("hello".utf8)) },
        Case(name: "payload a JSON array", reason: .payloadEmpty) { $0.withBody(Array("[1]".utf8)) },
        Case(name: "4097-byte payload", reason: .payloadTooLarge) { $0.withBody(RequestValidatorTests.payload(4097)) },
        Case(name: "5121-byte voip payload", reason: .payloadTooLarge) {
            $0.setting("apns-push-type", "voip").setting("apns-priority", "10")
                .setting("apns-topic", "com.example.app.voip").withBody(RequestValidatorTests.payload(5121))
        },
        Case(name: "device token not hex", reason: .badDeviceToken) { $0.withPath("/3/device/xyz123") },
        Case(name: "odd-length token", reason: .badDeviceToken) { $0.withPath("/3/device/abc") },
        Case(name: "unknown device", reason: .badDeviceToken) { $0.withPath("/3/device/\(Fixture.unknownDevice)") },
        Case(name: "another app's device", reason: .deviceTokenNotForTopic) {
            $0.withPath("/3/device/\(Fixture.otherAppDevice)")
        },
        Case(name: "unregistered device", reason: .unregistered) { $0.withPath("/3/device/\(Fixture.goneDevice)") },
    ]

    @Test(arguments: requestCases)
    func rejects(_ testCase: Case) throws {
        let response = answer(testCase.change(Fixture.canary(token: try goodToken())))
        #expect(response.reason == testCase.reason)
        #expect(response.status == testCase.reason.status)
        let body = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
        #expect(body?["reason"] as? String == testCase.reason.rawValue)
        #expect(response.uniqueID == nil)
    }

    /// The connection remembers the last payload found to be a JSON object; that memo never changes an answer,
    /// whatever order valid and invalid payloads arrive in on one connection.
    @Test func aRepeatedPayloadIsJudgedAsItWasAndADifferentOneAfresh() throws {
        var state = ConnectionAuthState()
        let token = try goodToken()
        let good = Array(#"{"aps":{"alert":"hi"}}"#.utf8)
        let sequence: [([UInt8], Int)] = [(good, 200), (good, 200), (Array("[1]".utf8), 400), (good, 200),
                                          (Array(#"{"aps":{"alert":"hi"}"#.utf8), 400), (good, 200),
                                          (Array(#"{"aps":{"alert":"hj"}}"#.utf8), 200), (good, 200)]
        for (index, (body, status)) in sequence.enumerated() {
            let response = validator.validate(Fixture.canary(token: token).withBody(body), connection: &state, now: now)
            #expect(response.status == status, "request \(index): \(String(decoding: body, as: UTF8.self))")
        }
    }

    @Test func unregisteredCarriesTheTimestampInMilliseconds() throws {
        let response = answer(Fixture.canary(token: try goodToken(), device: Fixture.goneDevice))
        #expect(response.status == 410)
        #expect(response.timestamp == 1_700_000_000_123)
        let body = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
        #expect((body?["timestamp"] as? NSNumber)?.int64Value == 1_700_000_000_123)
    }

    /// Requests that follow the rules for other push types.
    @Test(arguments: [
        ("voip", "com.example.app.voip", "10", 5120),
        ("complication", "com.example.app.complication", "10", 100),
        ("liveactivity", "com.example.app.push-type.liveactivity", "10", 100),
        ("alert", "com.example.app", "10", 4096),
        ("location", "com.example.app.location-query", "10", 100),
        ("pushtotalk", "com.example.app.voip-ptt", "10", 100),
        ("widgets", "com.example.app.push-type.widgets", "5", 100),
        ("fileprovider", "com.example.app.pushkit.fileprovider", "5", 100),
    ])
    func acceptsOtherPushTypesWithTheirSuffix(pushType: String, topic: String, priority: String, size: Int) throws {
        let request = Fixture.canary(token: try goodToken()).setting("apns-push-type", pushType)
            .setting("apns-topic", topic).setting("apns-priority", priority).withBody(Self.payload(size))
        let response = answer(request)
        #expect(response.status == 200, "\(response.detail)")
    }

    /// Without apns-push-type the push type comes from the topic's suffix, as APNs does (legacy VoIP senders such
    /// as pyapns_client omit the header), and the log says it was inferred. A 5120-byte voip payload proves the
    /// voip rules were applied.
    @Test(arguments: [
        ("voip", "com.example.app.voip", "10", 5120),
        ("complication", "com.example.app.complication", "10", 100),
        ("liveactivity", "com.example.app.push-type.liveactivity", "10", 100),
        ("location", "com.example.app.location-query", "10", 100),
        ("pushtotalk", "com.example.app.voip-ptt", "10", 100),
        ("widgets", "com.example.app.push-type.widgets", "5", 100),
        ("fileprovider", "com.example.app.pushkit.fileprovider", "5", 100),
    ])
    func withoutAPushTypeTheTopicSuffixDecides(pushType: String, topic: String, priority: String, size: Int) throws {
        let request = Fixture.canary(token: try goodToken()).setting("apns-push-type", nil)
            .setting("apns-topic", topic).setting("apns-priority", priority).withBody(Self.payload(size))
        let response = answer(request)
        #expect(response.status == 200, "\(response.detail)")
        #expect(response.detail.contains("no apns-push-type: \(pushType) inferred from the topic suffix"),
                "\(response.detail)")
        // The bare bundle id stays alert, with nothing to say.
        let alert = answer(Fixture.canary(token: try goodToken()).setting("apns-push-type", nil)
            .setting("apns-priority", "10"))
        #expect(alert.status == 200, "\(alert.detail)")
        #expect(!alert.detail.contains("inferred"))
    }

    @Test func acceptsACollapseIDOf64Bytes() throws {
        let response = answer(Fixture.canary(token: try goodToken()).setting("apns-collapse-id",
                                                                              String(repeating: "x", count: 64)))
        #expect(response.status == 200)
    }

    /// A JSON object of exactly `size` bytes.
    static func payload(_ size: Int) -> [UInt8] {
        let frame = #"{"aps":{"alert":""}}"#
        return Array(#"{"aps":{"alert":"\#(String(repeating: "a", count: max(0, size - frame.utf8.count)))"}}"#.utf8)
    }
}
