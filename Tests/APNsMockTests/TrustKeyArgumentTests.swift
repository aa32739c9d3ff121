import APNsCore
import APNsKeystore
import APNsMock
import APNsModel
import APNsTokens
import Crypto
import Foundation
import Testing

/// `--trust-key KEYID=PEMFILE[,env=…][,topics=…][,related=…]`, and the scopes in `mock serve`'s first line.
struct TrustKeyArgumentTests {
    @Test func aBareValueIsTeamScopedForBothEnvironmentsAndNotDeclared() throws {
        let argument = try TrustKeyArgument(parsing: "ABC123DEFG=/keys/AuthKey.p8")
        #expect(argument.keyID == "ABC123DEFG")
        #expect(argument.path == "/keys/AuthKey.p8")
        #expect(argument.scope == .legacy)
    }

    @Test(arguments: [
        ("ABC123DEFG=k.pem,env=both", [APNsEnvironment.development, .production], nil as [String]?, nil as String?),
        ("ABC123DEFG=k.pem,env=development", [.development], nil, nil),
        ("ABC123DEFG=k.pem,env=production,topics=com.b+com.a", [.production], ["com.a", "com.b"], nil),
        ("ABC123DEFG=k.pem,topics=com.a,env=development,related=XYZ987WVUT", [.development], ["com.a"], "XYZ987WVUT"),
    ])
    func optionsDeclareTheScope(text: String, environments: [APNsEnvironment], topics: [String]?,
                                related: String?) throws {
        let argument = try TrustKeyArgument(parsing: text)
        #expect(argument.path == "k.pem")
        #expect(argument.scope.environments == environments)
        #expect(argument.scope.topics == topics)
        #expect(argument.scope.relatedKeyID == related)
        #expect(argument.scope.source == .declared)
    }

    @Test func aPathMayHoldCommasBeforeTheOptions() throws {
        let argument = try TrustKeyArgument(parsing: "ABC123DEFG=/keys/a,b.pem,env=production")
        #expect(argument.path == "/keys/a,b.pem")
        #expect(argument.scope.environments == [.production])
    }

    @Test(arguments: [
        ("ABC123DEFG", "expected KEYID=PEMFILE"),
        ("=k.pem", "expected KEYID=PEMFILE"),
        ("abc=k.pem", "abc is not a valid key id"),
        ("ABC123DEFG=", "no PEM file"),
        ("ABC123DEFG=k.pem,env=sandbox", "env=sandbox is not development, production or both"),
        ("ABC123DEFG=k.pem,topics=com.a", "a topic-specific key has one environment, not both"),
        ("ABC123DEFG=k.pem,env=both,topics=com.a", "a topic-specific key has one environment, not both"),
        ("ABC123DEFG=k.pem,env=development,topics=com.a+", "topic \"\": empty"),
        ("ABC123DEFG=k.pem,env=development,topics=com.a+com.a", "topic com.a is listed twice"),
        ("ABC123DEFG=k.pem,env=production,related=XYZ987WVUT", "only a topic-specific key has a related key"),
        ("ABC123DEFG=k.pem,env=production,topics=com.a,related=xyz", "related key xyz: not a valid key id"),
        ("ABC123DEFG=k.pem,envs=production", "unknown option envs"),
        ("ABC123DEFG=k.pem,env=production,env=development", "env is given twice"),
        ("ABC123DEFG=k.pem,env=", "env= has no value"),
        ("ABC123DEFG=k.pem,env=production,extra", "\"extra\" is not an option"),
    ])
    func badValuesAreUsageErrorsNamingTheValue(text: String, problem: String) {
        do {
            _ = try TrustKeyArgument(parsing: text)
            Issue.record("\(text) was accepted")
        } catch let error as TrustKeyArgument.ParseError {
            #expect(error.text == text, "\(error)")
            #expect(error.problem.contains(problem), "\(text): \(error.problem)")
        } catch {
            Issue.record("\(text): \(error)")
        }
    }

    @Test func theListeningLineListsEveryTrustedKeysScope() throws {
        let topical = try KeyScope(environments: [.production], restriction: .topics(["com.example.app"]),
                                   relatedKeyID: "KEY0000001", source: .declared)
        let policy = ValidationPolicy(
            environment: .production,
            trustedKeys: [TrustedKey(keyID: "KEY0000002", teamID: "TEAM123456", publicKey: P256.Signing.PrivateKey().publicKey),
                          TrustedKey(keyID: "KEY0000001", teamID: "TEAM123456", publicKey: P256.Signing.PrivateKey().publicKey)],
            keyScopes: ["KEY0000002": topical], badEnvironmentReason: .badEnvironmentKeyIdInToken)
        let line = MockStartup.listeningLine(host: "127.0.0.1", port: 8443, policy: policy, caFile: nil, format: .json)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(json["trusted_keys"] as? Int == 2)
        #expect(json["bad_environment_reason"] as? String == "BadEnvironmentKeyIdInToken")
        let keys = try #require(json["keys"] as? [[String: Any]])
        #expect(keys.map { $0["key_id"] as? String } == ["KEY0000001", "KEY0000002"])
        #expect(keys[0]["environments"] as? [String] == ["development", "production"])
        #expect(keys[0]["restriction"] as? String == "team" && keys[0]["topics"] is NSNull)
        #expect(keys[0]["scope_source"] as? String == "legacy")
        #expect(keys[1]["environments"] as? [String] == ["production"])
        #expect(keys[1]["topics"] as? [String] == ["com.example.app"])
        #expect(keys[1]["related_key_id"] as? String == "KEY0000001")
        #expect(keys[1]["team_id"] as? String == "TEAM123456")
        let text = MockStartup.listeningLine(host: "127.0.0.1", port: 8443, policy: policy, caFile: nil, format: .text)
        #expect(text == "listening host=127.0.0.1 port=8443 environment=production keys=2")
    }
}
