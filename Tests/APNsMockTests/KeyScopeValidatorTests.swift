import APNsCore
import APNsKeystore
@testable import APNsMock
import APNsModel
import APNsTokens
import Crypto
import Foundation
import Testing

/// Apple's 2025 key scopes in the validator: environment, topics, and the connection's binding to its first key.
struct KeyScopeValidatorTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    /// Keys of every kind, each with its own P-256 key.
    enum Key: String, CaseIterable {
        case team = "TEAMKEY001"
        case otherTeam = "TEAMKEY002"
        case productionOnly = "PRODKEY001"
        case topical = "TOPICKEY01"
        case related = "RELATEDK01"
        case unrelated = "UNRELATED1"
        case productionTopical = "PRODTOPIC1"

        static let privateKeys = Dictionary(uniqueKeysWithValues: allCases.map { ($0, P256.Signing.PrivateKey()) })
        var privateKey: P256.Signing.PrivateKey { Self.privateKeys[self] ?? P256.Signing.PrivateKey() }

        var scope: KeyScope {
            get throws {
                switch self {
                case .team: return try KeyScope(environments: [.development, .production], restriction: .team,
                                                source: .declared)
                case .otherTeam: return .legacy
                case .productionOnly: return try KeyScope(environments: [.production], restriction: .team,
                                                          source: .declared)
                case .topical: return try KeyScope(environments: [.development], restriction: .topics([Fixture.bundleID]),
                                                   source: .declared)
                case .related: return try KeyScope(environments: [.development],
                                                   restriction: .topics([Fixture.bundleID]),
                                                   relatedKeyID: Key.topical.rawValue, source: .declared)
                case .unrelated: return try KeyScope(environments: [.development],
                                                     restriction: .topics([Fixture.bundleID, "com.example.other"]),
                                                     source: .declared)
                case .productionTopical: return try KeyScope(environments: [.production],
                                                             restriction: .topics([Fixture.bundleID]), source: .declared)
                }
            }
        }
    }

    func validator(_ environment: APNsEnvironment = .development,
                   reason: APNsReason = .badEnvironmentKeyInToken) throws -> RequestValidator {
        let scopes = try Dictionary(uniqueKeysWithValues: Key.allCases.map { ($0.rawValue, try $0.scope) })
        return RequestValidator(policy: ValidationPolicy(
            environment: environment, devices: [Fixture.device: Fixture.bundleID],
            trustedKeys: Key.allCases.map { TrustedKey(keyID: $0.rawValue, teamID: Fixture.teamID,
                                                       publicKey: $0.privateKey.publicKey) },
            keyScopes: scopes, badEnvironmentReason: reason, tokenUpdateInterval: 0))
    }

    func push(_ key: Key, topic: String = Fixture.bundleID, pushType: String = "background") throws -> MockRequest {
        let token = try Fixture.token(keyID: key.rawValue, issuedAt: now.addingTimeInterval(-10), key: key.privateKey)
        var request = Fixture.canary(token: token, topic: topic)
        if pushType == "voip" {
            request = request.setting("apns-push-type", "voip").setting("apns-priority", "10")
        }
        return request
    }

    @Test func aKeyOfTheOtherEnvironmentIsBadEnvironmentKeyInTokenAndTheSpellingIsAChoice() throws {
        var state = ConnectionAuthState()
        let refused = try validator().validate(try push(.productionOnly), connection: &state, now: now)
        #expect(refused.status == 403)
        #expect(refused.reason == .badEnvironmentKeyInToken)
        #expect(refused.detail == "key PRODKEY001 is production-only; this mock plays development")
        #expect(state.currentToken == nil && state.keyBinding == nil, "a refused key neither records its token nor binds")

        var other = ConnectionAuthState()
        let documented = try validator(reason: .badEnvironmentKeyIdInToken)
            .validate(try push(.productionOnly), connection: &other, now: now)
        #expect(documented.status == 403)
        #expect(documented.reason == .badEnvironmentKeyIdInToken)

        var topical = ConnectionAuthState()
        let productionTopical = try validator().validate(try push(.productionTopical), connection: &topical, now: now)
        #expect(productionTopical.reason == .badEnvironmentKeyInToken)

        var development = ConnectionAuthState()
        let fromDevelopment = try validator(.production).validate(try push(.topical), connection: &development, now: now)
        #expect(fromDevelopment.reason == .badEnvironmentKeyInToken)
        #expect(fromDevelopment.detail == "key TOPICKEY01 is development-only; this mock plays production")
    }

    @Test func bothEnvironmentAndLegacyKeysAreAcceptedInBoth() throws {
        for environment in APNsEnvironment.allCases {
            for key in [Key.team, .otherTeam] {
                var state = ConnectionAuthState()
                let response = try validator(environment).validate(try push(key), connection: &state, now: now)
                #expect(response.status == 200, "\(key) in \(environment): \(response.detail)")
            }
        }
        var state = ConnectionAuthState()
        let production = try validator(.production).validate(try push(.productionOnly), connection: &state, now: now)
        #expect(production.status == 200, "\(production.detail)")
    }

    @Test func aTopicSpecificKeyCoversItsBundleIDAndItsPushTypeTopicsOnly() throws {
        let validator = try validator()
        var state = ConnectionAuthState()
        let uncovered = validator.validate(try push(.topical, topic: "com.example.other"), connection: &state, now: now)
        #expect(uncovered.status == 400)
        #expect(uncovered.reason == .topicDisallowed)
        #expect(uncovered.detail.hasPrefix("key TOPICKEY01 is topic-specific (com.example.app) and does not cover "
                                           + "com.example.other"))
        #expect(state.keyBinding == nil, "a refused push does not bind")
        let covered = validator.validate(try push(.topical), connection: &state, now: now)
        #expect(covered.status == 200, "\(covered.detail)")
        #expect(state.keyBinding?.keyID == Key.topical.rawValue)
        let voip = validator.validate(try push(.topical, topic: "com.example.app.voip", pushType: "voip"),
                                      connection: &state, now: now)
        #expect(voip.status == 200, "\(voip.detail)")
        let lookalike = validator.validate(try push(.topical, topic: "com.example.apple"), connection: &state, now: now)
        #expect(lookalike.reason == .topicDisallowed)
    }

    @Test func aListedBundleIDCoversItsPushTypeTopicsButNotTheOtherWayRound() throws {
        func scope(_ topics: [String]) throws -> KeyScope {
            try KeyScope(environments: [.production], restriction: .topics(topics), source: .declared)
        }
        for suffix in APNsPushType.allSuffixes {
            #expect(try scope(["com.example.app"]).covers(topic: "com.example.app" + suffix), "\(suffix)")
        }
        #expect(try scope(["com.example.app.voip"]).covers(topic: "com.example.app.voip"))
        #expect(try !scope(["com.example.app.voip"]).covers(topic: "com.example.app"))
        #expect(try !scope(["com.example.app"]).covers(topic: "com.example.app2.voip"))
        #expect(try !scope(["com.example"]).covers(topic: "com.example.app"))
        #expect(KeyScope.legacy.covers(topic: "anything.at.all"))
    }

    /// Each sequence is pushed on one connection; the answers' reasons (nil: 200) in order.
    @Test(arguments: [
        ([Key.team, .topical], [nil, APNsReason.unrelatedKeyIdInToken]),
        ([Key.team, .otherTeam, .team], [nil, nil, nil]),
        ([Key.topical, .related, .topical], [nil, nil, nil]),
        ([Key.related, .topical], [nil, nil]),
        ([Key.topical, .unrelated], [nil, APNsReason.unrelatedKeyIdInToken]),
        ([Key.topical, .team], [nil, APNsReason.unrelatedKeyIdInToken]),
        ([Key.related, .unrelated, .related], [nil, APNsReason.unrelatedKeyIdInToken, nil]),
        ([Key.productionOnly, .topical], [APNsReason.badEnvironmentKeyInToken, nil]),
    ])
    func theFirstAcceptedPushBindsTheConnection(keys: [Key], reasons: [APNsReason?]) throws {
        let validator = try validator()
        var state = ConnectionAuthState()
        for (key, reason) in zip(keys, reasons) {
            let response = validator.validate(try push(key), connection: &state, now: now)
            #expect(response.reason == reason, "\(keys): \(key) answered \(response.status) \(response.detail)")
            if reason == .unrelatedKeyIdInToken {
                #expect(response.status == 403)
                #expect(response.detail.hasPrefix("this connection is bound to "), "\(response.detail)")
            }
        }
        let binder = try keys.first { try $0.scope.covers(.development) }
        #expect(state.keyBinding?.keyID == binder?.rawValue)
    }

    @Test func aTopicRefusalDoesNotBindSoAnotherKeyMayFollow() throws {
        let validator = try validator()
        var state = ConnectionAuthState()
        #expect(validator.validate(try push(.topical, topic: "com.example.other"), connection: &state, now: now)
            .reason == .topicDisallowed)
        let team = validator.validate(try push(.team), connection: &state, now: now)
        #expect(team.status == 200, "\(team.detail)")
        #expect(state.keyBinding == ConnectionKeyBinding(keyID: Key.team.rawValue, scope: try Key.team.scope))
    }

    @Test func theSameTokenAgainIsCheckedAgainstTheBindingWithoutBeingVerifiedAgain() throws {
        let validator = try validator()
        var state = ConnectionAuthState()
        let request = try push(.topical)
        #expect(validator.validate(request, connection: &state, now: now).status == 200)
        #expect(validator.validate(request, connection: &state, now: now.addingTimeInterval(1)).status == 200)
        #expect(state.tokenChanges == 0)
        // Keys without a recorded scope stay team-scoped for both environments.
        #expect(ValidationPolicy().scope(ofKey: "ANYKEY0001") == .legacy)
    }
}
