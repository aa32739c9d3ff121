import APNsCore
import APNsKeystore
import APNsModel
import Foundation
import Testing

@Suite struct KeyScopeTests {
    func usageError(_ body: () throws -> KeyScope, mentions fragment: String) {
        // The CLI words an unsound scope as a usage error (Errors+Model.swift); here, its words name the problem.
        #expect { _ = try body() } throws: { error in
            guard case .unsoundScope? = error as? ModelError else { return false }
            return String(describing: error).contains(fragment)
        }
    }

    @Test func aTeamScopedKeyMayHaveOneOrBothEnvironments() throws {
        let both = try KeyScope(environments: [.production, .development, .production], restriction: .team,
                                source: .declared)
        #expect(both.environments == [.development, .production])
        #expect(both.isTeamScoped && both.topics == nil && both.relatedKeyID == nil)
        #expect(both.covers(.development) && both.covers(.production))
        #expect(both.summary == "development+production, team-scoped (declared)")
        let production = try KeyScope(environments: [.production], restriction: .team, source: .declared)
        #expect(!production.covers(.development) && production.covers(.production))
        usageError({ try KeyScope(environments: [], restriction: .team, source: .declared) },
                   mentions: "at least one environment")
    }

    @Test func aTopicSpecificKeyHasOneEnvironmentAndValidTopics() throws {
        let scope = try KeyScope(environments: [.development],
                                 restriction: .topics(["com.example.app.voip", "com.example.app"]),
                                 relatedKeyID: "REL0000001", source: .declared)
        #expect(scope.topics == ["com.example.app", "com.example.app.voip"])
        #expect(scope.summary == "development, topics com.example.app, com.example.app.voip, related key REL0000001 (declared)")
        usageError({ try KeyScope(environments: [.development, .production], restriction: .topics(["com.x"]),
                                  source: .declared) }, mentions: "one environment, not both")
        usageError({ try KeyScope(environments: [.production], restriction: .topics([]), source: .declared) },
                   mentions: "at least one topic")
        for bad in ["", "com..x", ".com.x", "com.x.", "com.x/y", "com x", "com.é"] {
            usageError({ try KeyScope(environments: [.production], restriction: .topics([bad]), source: .declared) },
                       mentions: "topic \"\(bad)\"")
        }
        usageError({ try KeyScope(environments: [.production], restriction: .topics(["com.x", "com.x"]),
                                  source: .declared) }, mentions: "com.x is listed twice")
        usageError({ try KeyScope(environments: [.production],
                                  restriction: .topics([String(repeating: "a", count: 256)]), source: .declared) },
                   mentions: "longer than 255")
        usageError({ try KeyScope(environments: [.production], restriction: .topics(["com.x"]),
                                  relatedKeyID: "bad", source: .declared) }, mentions: "related key bad")
        usageError({ try KeyScope(environments: [.production], restriction: .team, relatedKeyID: "REL0000001",
                                  source: .declared) }, mentions: "only a topic-specific key has a related key")
    }

    @Test func atMost400Topics() throws {
        let topics = (1...400).map { "com.example.app\($0)" }
        #expect(try KeyScope(environments: [.production], restriction: .topics(topics), source: .declared)
            .topics?.count == 400)
        usageError({ try KeyScope(environments: [.production], restriction: .topics(topics + ["com.example.more"]),
                                  source: .declared) }, mentions: "401 topics")
    }

    @Test func legacyIsTeamScopedForBothEnvironments() {
        #expect(KeyScope.legacy.environments == [.development, .production])
        #expect(KeyScope.legacy.isTeamScoped && KeyScope.legacy.source == .legacy)
        #expect(KeyScope.legacy.summary == "development+production, team-scoped (legacy: scope unknown)")
    }

    @Test func encodesEveryFieldAndRefusesAnUnsoundScopeWhenDecoding() throws {
        let scope = try KeyScope(environments: [.production], restriction: .topics(["com.x"]), source: .declared)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(scope), as: UTF8.self)
        #expect(json == #"{"environments":["production"],"related_key_id":null,"restriction":"topics","source":"declared","topics":["com.x"]}"#)
        #expect(try JSONDecoder().decode(KeyScope.self, from: Data(json.utf8)) == scope)
        #expect(String(decoding: try encoder.encode(KeyScope.legacy), as: UTF8.self)
            == #"{"environments":["development","production"],"related_key_id":null,"restriction":"team","source":"legacy","topics":null}"#)
        for bad in [#"{"environments":["development","production"],"restriction":"topics","topics":["com.x"],"source":"declared"}"#,
                    #"{"environments":["production"],"restriction":"team","topics":["com.x"],"source":"declared"}"#,
                    #"{"environments":[],"restriction":"team","source":"declared"}"#,
                    #"{"environments":["production"],"restriction":"team","source":"guessed"}"#] {
            #expect(throws: DecodingError.self) { try JSONDecoder().decode(KeyScope.self, from: Data(bad.utf8)) }
        }
    }
}
