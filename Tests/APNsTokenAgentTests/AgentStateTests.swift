import APNsCore
import APNsKeystore
import APNsKeystoreEtcd
import APNsModel
import APNsTokenAgent
import APNsTokens
import Foundation
import Testing

/// The agent's file rules, without etcd: which record feeds which file, never going back, the 55-minute rule,
/// and which keys a signing agent refreshes.
@Suite struct AgentStateTests {
    static let t0: Int64 = 1_800_000_000

    func stored(_ keyID: String, iat: Int64, revision: Int64, environments: [APNsEnvironment] = [.development, .production],
                topics: [String]? = nil, team: String = "TEAM123456") -> FleetTokenFeed.Stored {
        FleetTokenFeed.Stored(record: FleetTokenRecord(teamID: team, keyID: keyID, issuedAt: iat, token: "tok-\(keyID)-\(iat)",
                                                       environments: environments, topics: topics),
                              modRevision: revision)
    }

    func carryOut(_ state: inout AgentState, now: Int64) -> [AgentState.Action] {
        let actions = state.plan(now: now)
        actions.forEach { state.commit($0) }
        return actions
    }

    @Test func aKeyCoveringBothEnvironmentsFeedsTwoFilesAndTopicKeysTheirOwn() {
        var state = AgentState()
        state.replaceAll([stored("LEGACY0001", iat: Self.t0, revision: 5),
                          stored("TOPIC00001", iat: Self.t0, revision: 6, environments: [.production],
                                 topics: ["com.example.app", "com.example.watch"])])
        let files = carryOut(&state, now: Self.t0 + 60).compactMap { action -> String? in
            if case .write(let file, _) = action { return file }
            return nil
        }
        #expect(files == ["TEAM123456-development.token", "TEAM123456-production-com.example.app.token",
                          "TEAM123456-production-com.example.watch.token", "TEAM123456-production.token"])
        #expect(state.served["TEAM123456-production-com.example.app.token"]?.environment == "production")
        #expect(carryOut(&state, now: Self.t0 + 120).isEmpty, "nothing changed, nothing written")
    }

    @Test func theNewestTokenWinsAndAFileNeverGoesBack() {
        var state = AgentState()
        state.replaceAll([stored("OLD0000001", iat: Self.t0, revision: 5)])
        _ = carryOut(&state, now: Self.t0 + 10)
        state.apply(.put(stored("NEW0000001", iat: Self.t0 + 600, revision: 9)))
        let replaced = carryOut(&state, now: Self.t0 + 610)
        #expect(replaced.count == 2 && state.served["TEAM123456-production.token"]?.keyID == "NEW0000001")
        // A late event from before (a reconnect replaying an old revision) changes nothing.
        state.apply(.put(stored("NEW0000001", iat: Self.t0 + 300, revision: 8)))
        #expect(carryOut(&state, now: Self.t0 + 620).isEmpty)
        // The newest is withdrawn: the older record that remains is never served again; the files go.
        state.apply(.deleted(keyID: "NEW0000001", revision: 10))
        let removed = carryOut(&state, now: Self.t0 + 630)
        #expect(removed.count == 2)
        #expect(removed.allSatisfy { if case .remove(_, let reason) = $0 { reason.contains("older") } else { false } })
        #expect(state.served.isEmpty)
        // A newer token afterwards is served.
        state.apply(.put(stored("NEW0000002", iat: Self.t0 + 900, revision: 12)))
        #expect(carryOut(&state, now: Self.t0 + 901).count == 2)
    }

    @Test func aTokenIsNeverServedAt55Minutes() {
        var state = AgentState()
        state.replaceAll([stored("KEY0000001", iat: Self.t0, revision: 3, environments: [.production])])
        #expect(carryOut(&state, now: Self.t0 + 54 * 60 + 59).count == 1)
        #expect(state.expired(now: Self.t0 + 54 * 60 + 59).isEmpty)
        #expect(state.expired(now: Self.t0 + 55 * 60) == ["TEAM123456-production.token"])
        let removed = carryOut(&state, now: Self.t0 + 55 * 60)
        #expect(removed == [.remove(file: "TEAM123456-production.token", reason: "its token is 55 minutes old")])
    }

    @Test func aRevokedKeysFileIsRemoved() {
        var state = AgentState()
        state.replaceAll([stored("KEY0000001", iat: Self.t0, revision: 3, environments: [.development])])
        _ = carryOut(&state, now: Self.t0)
        state.apply(.deleted(keyID: "KEY0000001", revision: 4))
        #expect(carryOut(&state, now: Self.t0 + 1)
                == [.remove(file: "TEAM123456-development.token",
                            reason: "no active key's token feeds it any more (its key was revoked, or rotated away leaving this slot without a key)")])
    }

    /// A rotation as the storage writes it: the successor's record first, then the retired key's record deleted in
    /// the same revision. Each change carried out as it comes, the file is rewritten once and never removed.
    @Test func aSuccessorsTokenReplacesTheRetiredKeysFileInOneWrite() {
        var state = AgentState()
        state.replaceAll([stored("KEY0000001", iat: Self.t0, revision: 3, environments: [.production])])
        _ = carryOut(&state, now: Self.t0)
        state.apply(.put(stored("KEY0000002", iat: Self.t0 + 5, revision: 9, environments: [.production])))
        let replaced = carryOut(&state, now: Self.t0 + 5)
        #expect(replaced.count == 1 && replaced.allSatisfy { if case .write = $0 { true } else { false } }, "\(replaced)")
        state.apply(.deleted(keyID: "KEY0000001", revision: 9))
        #expect(carryOut(&state, now: Self.t0 + 5).isEmpty, "the retired key's record going changes nothing more")
        #expect(state.served["TEAM123456-production.token"]?.keyID == "KEY0000002")
    }

    @Test func aSigningAgentRefreshesMissingAndDueTokensOnly() throws {
        func key(_ id: String) throws -> KeyRecord {
            let json = """
            {"format":"apnsctl-keystore","version":3,"keys":[{"key_id":"\(id)","team_id":"TEAM123456","state":"active",
             "created_at":"2026-01-01T00:00:00Z","file":"keys/\(id).p8","encrypted":false,"origin":"generated",
             "registered_with_apple":false,"public_key":"","fingerprint":""}],"certificates":[]}
            """
            return try #require(try Manifest.decode(Array(json.utf8), path: "test").keys.first)
        }
        let keys = [try key("FRESH00001"), try key("DUE0000001"), try key("NONE000001")]
        let records = ["FRESH00001": stored("FRESH00001", iat: Self.t0 - 49 * 60, revision: 2),
                       "DUE0000001": stored("DUE0000001", iat: Self.t0 - 50 * 60, revision: 3)]
        let due = AgentSigner.due(keys, records: records, now: Self.t0, refreshAfter: .default)
        #expect(due.map(\.keyID) == ["DUE0000001", "NONE000001"])
    }

    @Test func theMetricsNameEveryServedFile() {
        var state = AgentState()
        state.replaceAll([stored("KEY0000001", iat: Self.t0, revision: 3, environments: [.production])])
        _ = carryOut(&state, now: Self.t0)
        var metrics = AgentMetrics()
        metrics.etcdUp = true
        let text = metrics.text(state: state, now: Self.t0 + 90)
        #expect(text.contains("apnsctl_token_agent_etcd_up 1\n"))
        #expect(text.contains("apnsctl_token_agent_healthy 1\n"))
        #expect(text.contains(#"apnsctl_token_agent_token_age_seconds{file="TEAM123456-production.token",team_id="TEAM123456",environment="production",key_id="KEY0000001"} 90"#))
    }
}
