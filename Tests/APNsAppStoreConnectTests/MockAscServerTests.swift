import APNsAppStoreConnectMock
import APNsCore
import Foundation
import TestSupport
import Testing

/// The local App Store Connect (`mock asc`) over real TLS on 127.0.0.1, spoken to with curl.
@Suite(.serialized) struct MockAscServerTests {
    @Test func bundleIDsAreCreatedListedFilteredAndPaged() async throws {
        let mock = try await MockASCHarness.start()
        defer { Task { try await mock.server.stop() } }
        let empty = try mock.curl("GET", "/v1/bundleIds")
        #expect(empty.status == 200)
        #expect(empty.json?["data"]?.array?.isEmpty == true)
        #expect(empty.headers.lowercased().contains("content-type: application/json"))
        let app = try mock.createBundleID("com.example.app")
        _ = try mock.createBundleID("com.example.app.widget")
        _ = try mock.createBundleID("org.other.thing")
        let filtered = try mock.curl("GET", "/v1/bundleIds?filter%5Bidentifier%5D=com.example.app")
        let identifiers = filtered.json?["data"]?.array?.compactMap { $0["attributes"]?["identifier"]?.string } ?? []
        // Not an exact match (as Apple's): the widget's id contains the filter's value.
        #expect(Set(identifiers) == ["com.example.app", "com.example.app.widget"])
        var seen: [String] = []
        var next: String? = mock.baseURL + "/v1/bundleIds?limit=1"
        while let url = next, seen.count < 10 {
            let page = try mock.curl("GET", "", url: url)
            #expect(page.status == 200)
            #expect(page.json?["meta"]?["paging"]?["total"]?.int64 == 3)
            seen += page.json?["data"]?.array?.compactMap { $0["id"]?.string } ?? []
            next = page.json?["links"]?["next"]?.string
        }
        #expect(seen.count == 3 && Set(seen).count == 3 && seen.contains(app))
        let one = try mock.curl("GET", "/v1/bundleIds/\(app)")
        #expect(one.json?["data"]?["attributes"]?["seedId"]?.string == "MOCKTEAM01")
        let missing = try mock.curl("GET", "/v1/bundleIds/NOSUCHID00")
        #expect(missing.status == 404 && missing.errorCode == "NOT_FOUND")
        let duplicate = try mock.curl("POST", "/v1/bundleIds", body: .object(["data": .object([
            "type": "bundleIds", "attributes": .object(["identifier": "com.example.app", "name": "Again", "platform": "IOS"]),
        ])]))
        #expect(duplicate.status == 409 && duplicate.errorCode == "ENTITY_ERROR.ATTRIBUTE.INVALID")
        #expect(duplicate.body.contains(app))
        let badLimit = try mock.curl("GET", "/v1/bundleIds?limit=201")
        #expect(badLimit.status == 400 && badLimit.errorCode == "PARAMETER_ERROR.INVALID")
        let unknown = try mock.curl("GET", "/v1/bundleIds?filter%5Bcolour%5D=red")
        #expect(unknown.status == 400 && unknown.errorCode == "PARAMETER_ERROR.ILLEGAL")
    }

    @Test func capabilitiesAreEnabledListedAndDisabled() async throws {
        let mock = try await MockASCHarness.start()
        defer { Task { try await mock.server.stop() } }
        let app = try mock.createBundleID("com.example.caps")
        let enabled = try mock.enablePush(app)
        #expect(enabled.status == 201)
        let capabilityID = enabled.json?["data"]?["id"]?.string ?? ""
        #expect(capabilityID == "\(app)_PUSH_NOTIFICATIONS")
        let again = try mock.enablePush(app)
        #expect(again.status == 409 && again.body.contains(capabilityID))
        let listed = try mock.curl("GET", "/v1/bundleIds/\(app)/bundleIdCapabilities")
        #expect(listed.json?["data"]?.array?.compactMap { $0["attributes"]?["capabilityType"]?.string } == ["PUSH_NOTIFICATIONS"])
        #expect(try mock.curl("DELETE", "/v1/bundleIdCapabilities/\(capabilityID)").status == 204)
        let after = try mock.curl("GET", "/v1/bundleIds/\(app)/bundleIdCapabilities")
        #expect(after.json?["data"]?.array?.isEmpty == true)
        #expect(try mock.curl("DELETE", "/v1/bundleIdCapabilities/\(capabilityID)").status == 404)
    }

    @Test func tokensAreCheckedAsAppleDocuments() async throws {
        let individual = MockTestKey(keyID: "INDIVIDUAL", issuerID: nil)
        let mock = try await MockASCHarness.start(others: [individual])
        defer { Task { try await mock.server.stop() } }
        let key = mock.key
        #expect(try mock.curl("GET", "/v1/bundleIds").status == 200)
        let now = Date()
        let bad: [(String, String)] = [
            ("HS256", key.token(header: ["alg": "HS256"])),
            ("unknown kid", key.token(header: ["kid": "NOTTRUSTED"])),
            ("other issuer", key.token(claims: ["iss": "00000000-0000-0000-0000-000000000000"])),
            ("audience", key.token(claims: ["aud": "appstoreconnect-v2"])),
            ("lifetime 21 minutes", key.token(lifetime: 21 * 60)),
            ("lifetime 25 minutes, 15 left", key.token(now: now.addingTimeInterval(-600), lifetime: 25 * 60)),
            ("expired", key.token(now: now.addingTimeInterval(-1200), lifetime: 600)),
            ("clock 30 minutes ahead", key.token(now: now.addingTimeInterval(1800), lifetime: 600)),
            ("signature", key.token(signer: MockTestKey().privateKey)),
            ("not a JWT", "not-a-token"),
            ("scope", key.token(claims: ["scope": .array(["GET /v1/apps"])])),
        ]
        for (what, token) in bad {
            let answer = try mock.curl("GET", "/v1/bundleIds", token: token)
            #expect(answer.status == 401, "\(what)")
            #expect(answer.errorCode == "NOT_AUTHORIZED", "\(what)")
            let error = answer.json?["errors"]?.array?.first
            #expect(error?["status"]?.string == "401" && error?["title"]?.string != nil && error?["id"]?.string != nil)
        }
        #expect(try mock.curl("GET", "/v1/bundleIds", token: key.token(claims: ["scope": .array(["GET /v1/bundleIds"])]))
            .status == 200)
        let refused = try mock.curl("GET", "/v1/bundleIds", token: individual.token())
        #expect(refused.status == 403 && refused.errorCode == "FORBIDDEN_ERROR")
        let malformedIndividual = try mock.curl("GET", "/v1/bundleIds", token: individual.token(claims: ["sub": nil]))
        #expect(malformedIndividual.status == 401)
    }

    @Test func profilesCarryAPSEnvironmentOnlyWhenTheAppIDHadPushWhenMade() async throws {
        let mock = try await MockASCHarness.start()
        defer { Task { try await mock.server.stop() } }
        let app = try mock.createBundleID("com.example.push")
        let certificate = try mock.createCertificate()
        let device = try mock.createDevice("00008030-000000000000AB01")
        let before = try mock.createProfile(name: "Before", type: "IOS_APP_DEVELOPMENT", bundleID: app,
                                            certificates: [certificate], devices: [device])
        #expect(before.status == 201, "\(before.body)")
        #expect(try mock.enablePush(app).status == 201)
        let development = try mock.createProfile(name: "Development", type: "IOS_APP_DEVELOPMENT", bundleID: app,
                                                 certificates: [certificate], devices: [device])
        let store = try mock.createProfile(name: "Store", type: "IOS_APP_STORE", bundleID: app,
                                           certificates: [certificate])
        #expect(try apsEnvironment(before, mock) == .some(nil))
        #expect(try apsEnvironment(development, mock) == .some("development"))
        #expect(try apsEnvironment(store, mock) == .some("production"))
        let sameName = try mock.createProfile(name: "Store", type: "IOS_APP_STORE", bundleID: app,
                                              certificates: [certificate])
        #expect(sameName.status == 409 && sameName.errorCode == "ENTITY_ERROR.ATTRIBUTE.INVALID")
        let profileID = development.json?["data"]?["id"]?.string ?? ""
        let devices = try mock.curl("GET", "/v1/profiles/\(profileID)/devices")
        #expect(devices.json?["data"]?.array?.compactMap { $0["id"]?.string } == [device])
        let certificates = try mock.curl("GET", "/v1/profiles/\(profileID)/certificates")
        #expect(certificates.json?["data"]?.array?.compactMap { $0["id"]?.string } == [certificate])
        let bundle = try mock.curl("GET", "/v1/profiles/\(profileID)/bundleId")
        #expect(bundle.json?["data"]?["id"]?.string == app)
        let byType = try mock.curl("GET", "/v1/profiles?filter%5BprofileType%5D=IOS_APP_STORE&include=bundleId")
        #expect(byType.json?["data"]?.array?.count == 1)
        #expect(byType.json?["included"]?.array?.first?["id"]?.string == app)
        #expect(try mock.curl("DELETE", "/v1/profiles/\(profileID)").status == 204)
        #expect(try mock.curl("GET", "/v1/profiles/\(profileID)").status == 404)
        #expect(try mock.curl("GET", "/v1/bundleIds/\(app)/profiles").json?["data"]?.array?.count == 2)
    }

    /// The profile's aps-environment after `openssl cms -verify` against the mock's CA: .some(nil) when absent,
    /// nil when the profile does not verify.
    private func apsEnvironment(_ created: MockASCHarness.Answer, _ mock: MockASCHarness) throws -> String?? {
        #expect(created.status == 201, "\(created.body)")
        guard let content = created.json?["data"]?["attributes"]?["profileContent"]?.string,
              let der = Data(base64Encoded: content) else { return nil }
        let file = mock.directory.appendingPathComponent("\(UUID().uuidString).mobileprovision")
        try der.write(to: file)
        let verified = try ExternalProcess.run(ExternalProcess.find("openssl") ?? "/usr/bin/openssl", [
            "cms", "-verify", "-inform", "DER", "-in", file.path, "-CAfile", mock.caFile, "-purpose", "any",
        ])
        #expect(verified.status == 0, "\(verified.stderr)")
        guard verified.status == 0 else { return nil }
        let plist = verified.stdout
        guard let key = plist.range(of: "<key>aps-environment</key>") else { return .some(nil) }
        let rest = plist[key.upperBound...]
        guard let open = rest.range(of: "<string>"), let close = rest.range(of: "</string>") else { return .some(nil) }
        return .some(String(rest[open.upperBound..<close.lowerBound]))
    }
}
