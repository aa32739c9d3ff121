import APNsAppStoreConnectMock
import APNsCore
import APNsCredentials
import APNsProvisioning
import Foundation
import TestSupport
import Testing

/// The mock's state file (read at start, written after every change), seeding by hand, faults and the exchange log.
@Suite(.serialized) struct MockAscStateTests {
    @Test func stateSurvivesARestart() async throws {
        let key = MockTestKey()
        let first = try await MockASCHarness.start(key: key)
        let app = try first.createBundleID("com.example.kept")
        #expect(try first.enablePush(app).status == 201)
        try await first.server.stop()
        let written = try #require(JSONValue(parsing: try Data(contentsOf: first.directory.appendingPathComponent("state.json"))))
        #expect(written["bundleIds"]?.array?.first?["identifier"]?.string == "com.example.kept")
        let second = try await MockASCHarness.start(key: key, directory: first.directory)
        defer { Task { try await second.server.stop() } }
        let capabilities = try second.curl("GET", "/v1/bundleIds/\(app)/bundleIdCapabilities")
        #expect(capabilities.status == 200)
        #expect(capabilities.json?["data"]?.array?.first?["attributes"]?["capabilityType"]?.string == "PUSH_NOTIFICATIONS")
    }

    /// The demo's classic case, seeded by hand: a profile made last year, before push was enabled. The mock signs
    /// it at start with a CA that predates it, so the profile judge (which checks the chain as of the profile's
    /// creation) verifies it with the mock's CA, and finds no aps-environment.
    @Test func aProfileSeededInTheStateFileVerifiesWithTheMocksCA() async throws {
        let directory = TestPaths.temporaryDirectory("mock-asc-seed")
        let now = Date()
        func date(_ offset: TimeInterval) -> JSONValue {
            .string(ISO8601DateFormatter().string(from: now.addingTimeInterval(offset)))
        }
        let seed: JSONValue = .object([
            "teamID": "SEEDTEAM01",
            "bundleIds": .array([.object(["id": "BUNDLE0001", "identifier": "com.example.seeded", "name": "Seeded",
                                          "platform": "IOS", "capabilities": .array([.object(["capabilityType": "PUSH_NOTIFICATIONS"])])])]),
            "profiles": .array([.object(["id": "PROFILE001", "name": "Seeded Development",
                                         "profileType": "IOS_APP_DEVELOPMENT", "bundleIdId": "BUNDLE0001",
                                         "createdDate": date(-300 * 86_400), "expirationDate": date(65 * 86_400)])]),
        ])
        try Data(seed.compactText.utf8).write(to: directory.appendingPathComponent("state.json"))
        let mock = try await MockASCHarness.start(directory: directory)
        defer { Task { try await mock.server.stop() } }
        let answer = try mock.curl("GET", "/v1/profiles/PROFILE001")
        #expect(answer.status == 200)
        let attributes = answer.json?["data"]?["attributes"]
        #expect(attributes?["profileState"]?.string == "ACTIVE")
        let content = try #require(attributes?["profileContent"]?.string.flatMap { Data(base64Encoded: $0) })
        let anchors = try CredentialReader().read(path: mock.caFile).certificates
        let document = try ProfileReader(extraAnchors: anchors).read(bytes: [UInt8](content), file: "seeded")
        #expect(document.signature.state == .verified, "\(document.signature.detail)")
        #expect(document.profile.apsEnvironment == nil)
        #expect(document.profile.uuid == attributes?["uuid"]?.string)
        // The content made at start is kept: the state file now holds it.
        let written = try #require(JSONValue(parsing: try Data(contentsOf: directory.appendingPathComponent("state.json"))))
        #expect(written["profiles"]?.array?.first?["profileContent"]?.string == attributes?["profileContent"]?.string)
    }

    /// docs/mock.md's example state file is one the mock reads: its profile, seeded without content, is signed at
    /// start and carries no aps-environment though its App ID has push (the classic case).
    @Test func theDocumentedStateFileLoads() async throws {
        let guide = try String(contentsOf: TestPaths.repositoryRoot.appendingPathComponent("docs/mock.md"), encoding: .utf8)
        let section = try #require(guide.components(separatedBy: "### The state file").dropFirst().first)
        let example = try #require(section.components(separatedBy: "```json\n").dropFirst().first?
            .components(separatedBy: "```").first)
        let directory = TestPaths.temporaryDirectory("mock-asc-doc")
        try Data(example.utf8).write(to: directory.appendingPathComponent("state.json"))
        let mock = try await MockASCHarness.start(directory: directory)
        defer { Task { try await mock.server.stop() } }
        let profile = try mock.curl("GET", "/v1/profiles/PROFILE001?include=bundleId,certificates,devices")
        #expect(profile.status == 200, "\(profile.body)")
        #expect(profile.json?["data"]?["attributes"]?["profileContent"]?.string?.isEmpty == false)
        #expect(profile.json?["included"]?.array?.count == 3)
        let capabilities = try mock.curl("GET", "/v1/bundleIds/BUNDLE0001/bundleIdCapabilities")
        #expect(capabilities.json?["data"]?.array?.first?["id"]?.string == "BUNDLE0001_PUSH_NOTIFICATIONS")
    }

    @Test func faultsAnswer429WithRetryAfterThenHTMLThenRecover() async throws {
        let mock = try await MockASCHarness.start(faults: [.rateLimited(count: 2, retryAfter: 7),
                                                           .html(count: 1, status: 200)])
        defer { Task { try await mock.server.stop() } }
        for _ in 0..<2 {
            let limited = try mock.curl("GET", "/v1/bundleIds")
            #expect(limited.status == 429 && limited.errorCode == "RATE_LIMIT_EXCEEDED")
            #expect(limited.headers.lowercased().contains("retry-after: 7"))
        }
        let html = try mock.curl("GET", "/v1/bundleIds")
        #expect(html.status == 200 && html.json == nil && html.headers.lowercased().contains("content-type: text/html"))
        #expect(try mock.curl("GET", "/v1/bundleIds").json?["data"] != nil)
        mock.server.inject([.serverError(count: 1)])
        #expect(try mock.curl("GET", "/v1/bundleIds").errorCode == "UNEXPECTED_ERROR")
    }

    @Test func everyExchangeIsLoggedAsAJSONLine() async throws {
        let mock = try await MockASCHarness.start(log: true)
        defer { Task { try await mock.server.stop() } }
        _ = try mock.createBundleID("com.example.logged")
        _ = try mock.curl("GET", "/v1/bundleIds?filter%5Bidentifier%5D=com.example.logged")
        let lines = try String(contentsOf: mock.directory.appendingPathComponent("exchanges.jsonl"), encoding: .utf8)
            .split(separator: "\n").compactMap { JSONValue(parsing: Array($0.utf8)) }
        #expect(lines.count == 2)
        #expect(lines.first?["method"]?.string == "POST" && lines.first?["status"]?.int64 == 201)
        #expect(lines.first?["request_body"]?["data"]?["type"]?.string == "bundleIds")
        #expect(lines.last?["path"]?.string == "/v1/bundleIds")
        #expect(lines.last?["query"]?["filter[identifier]"]?.string == "com.example.logged")
        #expect(lines.last?["response_body"]?["data"]?.array?.count == 1)
        #expect(lines.last?["content_type"]?.string == "application/json")
    }
}
