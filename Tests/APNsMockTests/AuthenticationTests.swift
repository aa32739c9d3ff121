import APNsCore
import APNsMock
import APNsModel
import APNsTokens
import Crypto
import Foundation
import Testing
import TestSupport

/// Token and certificate authentication in the validator, and their place before the device-token check.
struct AuthenticationTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let validator = RequestValidator(policy: Fixture.policy(interval: 600))

    private func answer(_ request: MockRequest, _ state: inout ConnectionAuthState, at time: Date? = nil) -> MockResponse {
        validator.validate(request, connection: &state, now: time ?? now)
    }

    private func answer(_ request: MockRequest) -> MockResponse {
        var state = ConnectionAuthState()
        return answer(request, &state)
    }

    @Test func noTokenAndNoCertificateIsMissingProviderToken() {
        let response = answer(Fixture.canary(token: nil))
        #expect(response.status == 403)
        #expect(response.reason == .missingProviderToken)
    }

    @Test func anEmptyBearerIsMissingProviderToken() {
        let request = Fixture.canary(token: nil).setting("authorization", "bearer ")
        #expect(answer(request).reason == .missingProviderToken)
    }

    @Test func theBearerSchemeIsReadAsHTTPAllowsIt() throws {
        let token = try Fixture.token(issuedAt: now.addingTimeInterval(-10))
        let accepted = ["Bearer \(token)", "BEARER\t\(token) ", "  bearer   \(token)\t", "bearer\u{00A0}\(token)\u{2003}"]
        for header in accepted {
            let response = answer(Fixture.canary(token: nil).setting("authorization", header))
            #expect(response.status == 200, "\(header.debugDescription): \(response.detail)")
        }
        let refused: [(String, APNsReason)] = [
            ("basic \(token)", .invalidProviderToken), ("bear \(token)", .invalidProviderToken),
            ("\nbearer \(token)", .invalidProviderToken),
            ("bearer", .missingProviderToken), ("  BEARER \t ", .missingProviderToken),
        ]
        for (header, reason) in refused {
            let response = answer(Fixture.canary(token: nil).setting("authorization", header))
            #expect(response.reason == reason, "\(header.debugDescription): \(response.detail)")
        }
    }

    @Test func tokenChecksAnswerInvalidProviderToken() throws {
        let recent = now.addingTimeInterval(-10)
        let good = try Fixture.token(issuedAt: recent)
        let parts = good.split(separator: ".").map(String.init)
        let noneHeader = Base64URL.encode(Array(#"{"alg":"none","kid":"\#(Fixture.keyID)"}"#.utf8))
        let hs256Header = Base64URL.encode(Array(#"{"alg":"HS256","kid":"\#(Fixture.keyID)"}"#.utf8))
        let cases: [(String, String)] = [
            ("garbage", "not-a-jwt"),
            ("alg none, unsigned", noneHeader + "." + parts[1] + "."),
            ("alg HS256", hs256Header + "." + parts[1] + "." + parts[2]),
            ("unknown kid", try Fixture.token(keyID: "NOPE000000", issuedAt: recent)),
            ("signed by another key", try Fixture.token(issuedAt: recent, key: P256.Signing.PrivateKey())),
            ("signature of another token", parts[0] + "." + parts[1] + "."
                + (try Fixture.token(issuedAt: recent.addingTimeInterval(-1))).split(separator: ".")[2]),
            ("wrong team", try Fixture.token(teamID: "OTHERTEAM1", issuedAt: recent)),
            ("iat in the future", try Fixture.token(issuedAt: now.addingTimeInterval(120))),
        ]
        for (label, token) in cases {
            let response = answer(Fixture.canary(token: token))
            #expect(response.status == 403, "\(label)")
            #expect(response.reason == .invalidProviderToken, "\(label): \(response.detail)")
        }
    }

    @Test func aTokenOlderThanAnHourIsExpired() throws {
        let old = try Fixture.token(issuedAt: now.addingTimeInterval(-3601))
        let response = answer(Fixture.canary(token: old))
        #expect(response.status == 403)
        #expect(response.reason == .expiredProviderToken)
        #expect(response.authentication == .token(keyID: Fixture.keyID, teamID: Fixture.teamID))
        let edge = try Fixture.token(issuedAt: now.addingTimeInterval(-3600))
        #expect(answer(Fixture.canary(token: edge)).status == 200)
    }

    @Test func aTokenKeptOnAConnectionStillExpiresAfterAnHour() throws {
        var state = ConnectionAuthState()
        let token = try Fixture.token(issuedAt: now)
        #expect(answer(Fixture.canary(token: token), &state).status == 200)
        #expect(answer(Fixture.canary(token: token), &state, at: now.addingTimeInterval(3600)).status == 200)
        let late = answer(Fixture.canary(token: token), &state, at: now.addingTimeInterval(3601))
        #expect(late.reason == .expiredProviderToken)
        #expect(late.authentication == .token(keyID: Fixture.keyID, teamID: Fixture.teamID))
    }

    @Test func authenticationIsCheckedBeforeTheDeviceToken() throws {
        let old = try Fixture.token(issuedAt: now.addingTimeInterval(-7200))
        let response = answer(Fixture.canary(token: old, device: Fixture.unknownDevice))
        #expect(response.reason == .expiredProviderToken)
        let good = try Fixture.token(issuedAt: now)
        #expect(answer(Fixture.canary(token: good, device: Fixture.unknownDevice)).reason == .badDeviceToken)
    }

    @Test func changingTheTokenOnOneConnectionTooSoonIs429() throws {
        var state = ConnectionAuthState()
        let first = try Fixture.token(issuedAt: now.addingTimeInterval(-100))
        let second = try Fixture.token(issuedAt: now.addingTimeInterval(-50))
        #expect(answer(Fixture.canary(token: first), &state).status == 200)
        #expect(answer(Fixture.canary(token: first), &state, at: now.addingTimeInterval(30)).status == 200)
        let early = answer(Fixture.canary(token: second), &state, at: now.addingTimeInterval(599))
        #expect(early.status == 429)
        #expect(early.reason == .tooManyProviderTokenUpdates)
        #expect(state.tokenChanges == 0)
        // The first token still works on the connection after the refusal.
        #expect(answer(Fixture.canary(token: first), &state, at: now.addingTimeInterval(600)).status == 200)
        #expect(answer(Fixture.canary(token: second), &state, at: now.addingTimeInterval(600)).status == 200)
        #expect(state.tokenChanges == 1)
    }

    @Test func separateConnectionsMayCarryDifferentTokens() throws {
        var one = ConnectionAuthState(), two = ConnectionAuthState()
        let first = try Fixture.token(issuedAt: now)
        let second = try Fixture.token(keyID: Fixture.otherKeyID, issuedAt: now, key: Fixture.otherKey)
        #expect(answer(Fixture.canary(token: first), &one).status == 200)
        #expect(answer(Fixture.canary(token: second), &two).status == 200)
        #expect(answer(Fixture.canary(token: second), &one).reason == .tooManyProviderTokenUpdates)
    }

    /// One developer account per connection (Apple's "Establishing a token-based connection to APNs"): once a
    /// team's token is accepted, another team's token is 403 InvalidProviderToken (the mock's choice), before the
    /// token update interval is considered, and it does not replace the connection's token.
    @Test func tokensOfTwoTeamsMayNotShareAConnection() throws {
        let otherKey = P256.Signing.PrivateKey()
        var policy = Fixture.policy(interval: 600)
        policy.trustedKeys["OTHERKEY01"] = TrustedKey(keyID: "OTHERKEY01", teamID: "OTHERTEAM1",
                                                      publicKey: otherKey.publicKey)
        let validator = RequestValidator(policy: policy)
        var state = ConnectionAuthState()
        let first = try Fixture.token(issuedAt: now)
        let other = try Fixture.token(keyID: "OTHERKEY01", teamID: "OTHERTEAM1", issuedAt: now, key: otherKey)
        #expect(validator.validate(Fixture.canary(token: first), connection: &state, now: now).status == 200)
        for later in [now.addingTimeInterval(1), now.addingTimeInterval(601)] {
            let refused = validator.validate(Fixture.canary(token: other), connection: &state, now: later)
            #expect(refused.status == 403)
            #expect(refused.reason == .invalidProviderToken, "\(refused.detail)")
            #expect(refused.detail.contains("team TEAM123456's tokens"), "\(refused.detail)")
            #expect(refused.authentication == .token(keyID: "OTHERKEY01", teamID: "OTHERTEAM1"))
        }
        #expect(state.currentToken == first)
        #expect(state.tokenChanges == 0)
        // Another connection may carry the other team's tokens.
        var fresh = ConnectionAuthState()
        #expect(validator.validate(Fixture.canary(token: other), connection: &fresh, now: now).status == 200)
    }

    // MARK: - Certificates

    private let universal = ClientCertificateIdentity(
        subjectTopic: Fixture.bundleID,
        topics: [Fixture.bundleID, "com.example.app.voip", "com.example.app.complication"],
        development: true, production: true)

    @Test func aCertificateAuthenticatesWithoutAToken() {
        var state = ConnectionAuthState(clientCertificate: universal)
        let response = answer(Fixture.canary(token: nil), &state)
        #expect(response.status == 200)
        #expect(response.authentication == .certificate(subject: Fixture.bundleID))
    }

    @Test func aSandboxCertificateOnProductionIsBadCertificateEnvironment() {
        let sandbox = ClientCertificateIdentity(subjectTopic: Fixture.bundleID, topics: [], development: true,
                                                production: false)
        var state = ConnectionAuthState(clientCertificate: sandbox)
        let production = RequestValidator(policy: Fixture.policy(environment: .production))
        let response = production.validate(Fixture.canary(token: nil, device: Fixture.unknownDevice),
                                           connection: &state, now: now)
        #expect(response.status == 403)
        #expect(response.reason == .badCertificateEnvironment)
        var again = ConnectionAuthState(clientCertificate: sandbox)
        #expect(validator.validate(Fixture.canary(token: nil), connection: &again, now: now).status == 200)
    }

    @Test func aTopicTheCertificateDoesNotListIsDisallowed() {
        var state = ConnectionAuthState(clientCertificate: universal)
        let response = answer(Fixture.canary(token: nil, topic: "com.example.other"), &state)
        #expect(response.status == 400)
        #expect(response.reason == .topicDisallowed)
    }

    @Test func aMultiTopicCertificateNeedsATopic() {
        var state = ConnectionAuthState(clientCertificate: universal)
        #expect(answer(Fixture.canary(token: nil, topic: nil), &state).reason == .missingTopic)
    }

    @Test func aSingleTopicCertificateFallsBackToItsTopic() {
        let single = ClientCertificateIdentity(subjectTopic: Fixture.bundleID, topics: [], development: true,
                                               production: false)
        var state = ConnectionAuthState(clientCertificate: single)
        #expect(answer(Fixture.canary(token: nil, topic: nil), &state).status == 200)
    }

    @Test func aCertificateVoipPushNeedsTheVoipTopic() {
        var state = ConnectionAuthState(clientCertificate: universal)
        let request = Fixture.canary(token: nil).setting("apns-push-type", "voip").setting("apns-priority", "10")
        // The bare bundle id the device is registered for: APNs answers DeviceTokenNotForTopic (docs/mock.md).
        #expect(answer(request, &state).reason == .deviceTokenNotForTopic)
        #expect(answer(request.setting("apns-topic", "com.example.app.voip"), &state).status == 200)
    }

    /// What APNs accepts beyond strict JWT, from tokens Python's cryptography signs: a DER signature (pushy) and a
    /// numeric-string iat (kalyke-apns) are accepted with a warning in the log; an iat that is not a number is not.
    @Test(.enabled(if: PythonTokens.isAvailable, "needs python3 with cryptography"))
    func derSignaturesAndStringIATsAreAcceptedWithAWarning() throws {
        func python(_ shape: PythonTokens.Shape) throws -> String {
            try PythonTokens.token(shape, privateKeyPEM: Fixture.key.pemRepresentation, keyID: Fixture.keyID,
                                   teamID: Fixture.teamID, issuedAt: Int(now.timeIntervalSince1970) - 10)
        }
        let der = answer(Fixture.canary(token: try python(.der)))
        #expect(der.status == 200, "\(der.detail)")
        #expect(der.detail.contains("warning: DER-encoded ES256 signature"), "\(der.detail)")
        let stringIAT = answer(Fixture.canary(token: try python(.stringIAT)))
        #expect(stringIAT.status == 200, "\(stringIAT.detail)")
        #expect(stringIAT.detail.contains("warning: iat is the string"), "\(stringIAT.detail)")
        let word = answer(Fixture.canary(token: try python(.wordIAT)))
        #expect(word.status == 403)
        #expect(word.reason == .invalidProviderToken)
        #expect(word.detail.contains("is not a number of seconds"), "\(word.detail)")
        // A DER signature by another key is still refused.
        let forged = try PythonTokens.token(.der, privateKeyPEM: P256.Signing.PrivateKey().pemRepresentation,
                                            keyID: Fixture.keyID, teamID: Fixture.teamID,
                                            issuedAt: Int(now.timeIntervalSince1970) - 10)
        #expect(answer(Fixture.canary(token: forged)).reason == .invalidProviderToken)
    }
}
