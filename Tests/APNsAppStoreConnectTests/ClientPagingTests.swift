@testable import APNsAppStoreConnect
import Testing
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The client over recorded answers: `links.next` pagination, Retry-After on 429, exact bundle id matching, the
/// request bodies it sends.
@Suite struct ClientPagingTests {
    static func bundlePage(_ ids: [(String, String)], next: String?) -> AppStoreConnectHTTPResponse {
        let data = ids.map { id, identifier in
            #"{"type": "bundleIds", "id": "\#(id)", "attributes": {"identifier": "\#(identifier)", "name": "App", "platform": "IOS", "seedId": "TEAM123456"}, "links": {"self": "https://asc.test/v1/bundleIds/\#(id)"}}"#
        }.joined(separator: ",")
        let links = next.map { #", "next": "\#($0)""# } ?? ""
        return json(200, #"{"data": [\#(data)], "links": {"self": "https://asc.test/v1/bundleIds"\#(links)}, "meta": {"paging": {"total": 3, "limit": 2}}}"#)
    }

    @Test func followsLinksNextAndMatchesTheIdentifierExactly() throws {
        let transport = RecordedTransport([
            Self.bundlePage([("B1", "com.example.app.widget"), ("B2", "com.example.appclip")],
                            next: "https://asc.test/v1/bundleIds?cursor=Mg&limit=2"),
            Self.bundlePage([("B3", "com.example.app")], next: nil),
        ])
        let found = try transport.client().bundleID(identifier: "com.example.app")
        #expect(found == BundleIDResource(id: "B3", identifier: "com.example.app", name: "App", platform: "IOS",
                                          seedID: "TEAM123456"))
        #expect(transport.sent.map(\.url) == [
            "https://asc.test/v1/bundleIds?filter%5Bidentifier%5D=com.example.app&limit=200",
            "https://asc.test/v1/bundleIds?cursor=Mg&limit=2",
        ])
        #expect(transport.sent.allSatisfy { $0.method == "GET" && $0.headers.contains("Authorization: Bearer TOKEN") })
    }

    @Test func aNextLinkToAnotherServerIsNotFollowed() {
        let transport = RecordedTransport([Self.bundlePage([("B1", "com.other")], next: "https://evil.test/v1/bundleIds?cursor=x")])
        #expect(throws: AppStoreConnectError.self) { try transport.client().bundleID(identifier: "com.example.app") }
        #expect(transport.sent.count == 1)
    }

    @Test func aNextLinkBackToAReadPageStops() {
        let transport = RecordedTransport([
            Self.bundlePage([], next: "https://asc.test/v1/bundleIds?cursor=a"),
            Self.bundlePage([], next: "https://asc.test/v1/bundleIds?cursor=a"),
        ])
        #expect(throws: AppStoreConnectError.self) { try transport.client().bundleID(identifier: "com.example.app") }
        #expect(transport.sent.count == 2)
    }

    @Test func aRateLimitIsRetriedAfterItsWaitThenGivenUpTyped() throws {
        let limited = appleError(429, code: "RATE_LIMIT_EXCEEDED", title: "The request rate limit has been reached.",
                                 detail: "We've received too many requests for this API.", headers: ["retry-after": "3"])
        let once = RecordedTransport([limited, Self.bundlePage([("B1", "com.example.app")], next: nil)])
        #expect(try once.client().bundleID(identifier: "com.example.app")?.id == "B1")
        #expect(once.pauses == [.seconds(3)])

        let always = RecordedTransport(Array(repeating: limited, count: AppStoreConnect.rateLimitRetries + 1))
        #expect {
            try always.client().bundleID(identifier: "com.example.app")
        } throws: { error in
            guard case .rateLimited(.some(.seconds(3)), _) = error as? AppStoreConnectError else { return false }
            return true
        }
        #expect(always.pauses.count == AppStoreConnect.rateLimitRetries)
        #expect(always.sent.count == AppStoreConnect.rateLimitRetries + 1)
    }

    @Test func aWaitLongerThanTheDeadlineIsNotWaited() {
        let limited = appleError(429, code: "RATE_LIMIT_EXCEEDED", title: "The request rate limit has been reached.",
                                 detail: "Too many requests.", headers: ["retry-after": "3600"])
        let transport = RecordedTransport([limited])
        #expect(throws: AppStoreConnectError.rateLimited(retryAfter: .seconds(3600), errors: [
            AppStoreConnectAPIError(id: "b2c7e0e2-0a2b-4a44-9c1e-6f0a9d2d0e11", status: "429", code: "RATE_LIMIT_EXCEEDED",
                                    title: "The request rate limit has been reached.", detail: "Too many requests."),
        ])) { try transport.client().bundleID(identifier: "com.example.app") }
        #expect(transport.pauses.isEmpty)
    }

    @Test func aSuccessThatIsHTMLIsNotJSON() {
        let page = AppStoreConnectHTTPResponse(status: 200, headers: ["content-type": "text/html"],
                                               body: Array("<!DOCTYPE html><html><body>Sign in to the Wi-Fi</body></html>".utf8))
        let transport = RecordedTransport([page])
        #expect {
            try transport.client().devices()
        } throws: { error in
            guard case .notJSON(200, "text/html", let excerpt) = error as? AppStoreConnectError else { return false }
            return excerpt.contains("Sign in to the Wi-Fi")
        }
    }

    @Test func profilesOfABundleIDAreFilteredByTheirRelationshipAndDecoded() throws {
        let content = Data([0x30, 0x82, 0x01]).base64EncodedString()
        let page = json(200, #"""
            {"data": [
              {"type": "profiles", "id": "P1", "attributes": {"name": "App Dev", "profileType": "IOS_APP_DEVELOPMENT",
                "profileState": "ACTIVE", "uuid": "U1", "platform": "IOS", "createdDate": "2026-01-02T03:04:05.000+0000",
                "expirationDate": "2027-01-02T03:04:05.000+0000", "profileContent": "\#(content)"},
               "relationships": {"bundleId": {"data": {"type": "bundleIds", "id": "B1"}}}},
              {"type": "profiles", "id": "P2", "attributes": {"name": "Other", "profileType": "IOS_APP_DEVELOPMENT",
                "profileState": "INVALID"},
               "relationships": {"bundleId": {"data": {"type": "bundleIds", "id": "B9"}}}}
            ], "included": [{"type": "bundleIds", "id": "B1", "attributes": {"identifier": "com.example.app"}}],
            "links": {"self": "https://asc.test/v1/profiles"}}
            """#)
        let transport = RecordedTransport([page])
        let profiles = try transport.client().profiles(bundleID: "B1", profileType: "IOS_APP_DEVELOPMENT")
        #expect(profiles.map(\.id) == ["P1"])
        #expect(profiles.first?.profileContent == [0x30, 0x82, 0x01])
        #expect(profiles.first?.createdDate == Date(timeIntervalSince1970: 1_767_323_045))
        #expect(transport.sent.first?.url
            == "https://asc.test/v1/profiles?include=bundleId&limit=200&filter%5BprofileType%5D=IOS_APP_DEVELOPMENT")
    }

    @Test func enablingACapabilitySendsApplesCreateRequest() throws {
        let created = json(201, #"{"data": {"type": "bundleIdCapabilities", "id": "B1_PUSH_NOTIFICATIONS", "attributes": {"capabilityType": "PUSH_NOTIFICATIONS"}}, "links": {"self": "https://asc.test/v1/bundleIdCapabilities/B1_PUSH_NOTIFICATIONS"}}"#)
        let transport = RecordedTransport([created])
        let capability = try transport.client().enableCapability("PUSH_NOTIFICATIONS", bundleID: "B1")
        #expect(capability == BundleIDCapabilityResource(id: "B1_PUSH_NOTIFICATIONS", capabilityType: "PUSH_NOTIFICATIONS"))
        let request = try #require(transport.sent.first)
        #expect(request.method == "POST" && request.url == "https://asc.test/v1/bundleIdCapabilities")
        #expect(request.headers.contains("Content-Type: application/json"))
        let body = try #require(request.body)
        struct Sent: Decodable {
            struct Body: Decodable {
                struct Attributes: Decodable { var capabilityType: String }
                struct Relationships: Decodable {
                    struct ToOne: Decodable { var data: ASCLinkage }
                    var bundleId: ToOne
                }
                var type: String
                var attributes: Attributes
                var relationships: Relationships
            }
            var data: Body
        }
        let sent = try JSONDecoder().decode(Sent.self, from: Data(body)).data
        #expect(sent.type == "bundleIdCapabilities" && sent.attributes.capabilityType == "PUSH_NOTIFICATIONS")
        #expect(sent.relationships.bundleId.data == ASCLinkage(type: "bundleIds", id: "B1"))
    }

    @Test func aProfilesLinkagesArePaged() throws {
        let transport = RecordedTransport([
            json(200, #"{"data": [{"type": "certificates", "id": "C1"}], "links": {"self": "https://asc.test/x", "next": "https://asc.test/v1/profiles/P1/relationships/certificates?cursor=1"}}"#),
            json(200, #"{"data": [{"type": "certificates", "id": "C2"}], "links": {"self": "https://asc.test/y"}}"#),
        ])
        #expect(try transport.client().profileCertificateIDs(profileID: "P1") == ["C1", "C2"])
    }
}
