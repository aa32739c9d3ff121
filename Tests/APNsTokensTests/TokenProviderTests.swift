import APNsCore
import APNsTokens
import Crypto
import Foundation
import Testing

@Suite struct TokenProviderTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    func provider(refreshAfter minutes: Int = 50) throws -> (TokenProvider, FakeClock, SwitchableKeySource, InMemoryTokenCacheStore) {
        let clock = FakeClock(start)
        let keys = SwitchableKeySource()
        let store = InMemoryTokenCacheStore()
        let provider = TokenProvider(keys: keys, cache: store, clock: clock,
                                     refreshAfter: try RefreshInterval(minutes: minutes))
        return (provider, clock, keys, store)
    }

    @Test func theFirstCallSignsAndTheTokenVerifies() throws {
        let (provider, _, keys, _) = try provider()
        let issued = try provider.token()
        #expect(!issued.reused)
        #expect(issued.refreshReason == .noCachedToken)
        #expect(issued.token.issuedAt == 1_800_000_000)
        #expect(issued.refreshAt == start.addingTimeInterval(minutes(50)))
        #expect(issued.expiresAt == start.addingTimeInterval(minutes(60)))
        #expect(issued.token.isSignatureValid(for: try #require(keys.publicKey("KEYAAAAAAA"))))
        #expect(keys.signatures == 1)
    }

    /// 19:59 vs 20:00 with the shortest interval APNs tolerates.
    @Test func twentyMinuteWindowEdges() throws {
        let (provider, clock, keys, _) = try provider(refreshAfter: 20)
        let first = try provider.token()
        clock.set(start.addingTimeInterval(minutes(19, 59)))
        let reused = try provider.token()
        #expect(reused.reused)
        #expect(reused.token == first.token)
        clock.set(start.addingTimeInterval(minutes(20)))
        let renewed = try provider.token()
        #expect(!renewed.reused)
        #expect(renewed.refreshReason == .due)
        #expect(renewed.token.issuedAt == first.token.issuedAt + 1200)
        #expect(keys.signatures == 2)
    }

    /// With the longest interval, a token is replaced at 59:00 and never handed out at 59:59 or later.
    @Test func fiftyNineMinuteWindowEdges() throws {
        let (provider, clock, _, _) = try provider(refreshAfter: 59)
        let first = try provider.token()
        clock.set(start.addingTimeInterval(minutes(58, 59)))
        #expect(try provider.token().token == first.token)
        clock.set(start.addingTimeInterval(minutes(59, 59)))
        let late = try provider.token()
        #expect(!late.reused)
        #expect(late.token.issuedAt == first.token.issuedAt + 3599)
        // The replacement is what is reused now, not the old one.
        clock.advance(1)
        #expect(try provider.token().token == late.token)
    }

    @Test func defaultFiftyMinuteWindow() throws {
        let (provider, clock, _, _) = try provider()
        let first = try provider.token()
        clock.set(start.addingTimeInterval(minutes(49, 59)))
        #expect(try provider.token().reused)
        clock.set(start.addingTimeInterval(minutes(50)))
        let renewed = try provider.token()
        #expect(renewed.token != first.token)
        #expect(renewed.refreshReason == .due)
    }

    @Test func aClockThatMovesBackwardsPastIatGetsANewToken() throws {
        let (provider, clock, _, _) = try provider()
        let first = try provider.token()
        clock.set(start.addingTimeInterval(-1))
        let renewed = try provider.token()
        #expect(!renewed.reused)
        #expect(renewed.refreshReason == .clockMovedBackwards)
        #expect(renewed.token.issuedAt == first.token.issuedAt - 1)
        // Back to the cached second: it is reused.
        clock.set(start.addingTimeInterval(-1))
        #expect(try provider.token().token == renewed.token)
    }

    @Test func rotationMidWindowSignsWithTheNewKeyAtOnce() throws {
        let (provider, clock, keys, _) = try provider()
        let first = try provider.token()
        clock.advance(minutes(10))
        keys.activate("KEYBBBBBBB")
        let rotated = try provider.token()
        #expect(!rotated.reused)
        #expect(rotated.refreshReason == .keyChanged)
        #expect(rotated.token.keyID == "KEYBBBBBBB")
        #expect(rotated.token.isSignatureValid(for: try #require(keys.publicKey("KEYBBBBBBB"))))
        #expect(first.token.keyID == "KEYAAAAAAA")
        clock.advance(minutes(1))
        #expect(try provider.token().token == rotated.token)
    }

    @Test func invalidatingAKeyDropsItsTokens() throws {
        let (provider, clock, keys, store) = try provider()
        _ = try provider.token()
        #expect(try provider.invalidate(keyID: "KEYAAAAAAA") == 1)
        #expect(store.snapshot.entries.isEmpty)
        clock.advance(5)
        let renewed = try provider.token()
        #expect(renewed.refreshReason == .noCachedToken)
        #expect(keys.signatures == 2)
    }

    @Test func aCorruptCachedTokenIsReplaced() throws {
        let (provider, _, _, store) = try provider()
        _ = try provider.token()
        try store.withExclusiveAccess { cache in
            cache.entries[0].token = "not.a.token"
        }
        let renewed = try provider.token()
        #expect(!renewed.reused)
        #expect(renewed.refreshReason == .keyChanged)
    }

    @Test func manyTasksAtOnceShareOneSignature() async throws {
        let (provider, _, keys, _) = try provider()
        let tokens = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<200 { group.addTask { try provider.token().token.compact } }
            var all = Set<String>()
            for try await token in group { all.insert(token) }
            return all
        }
        #expect(tokens.count == 1)
        #expect(keys.signatures == 1)
    }

    @Test func aStaticKeySourceRefusesOtherTeamsAndKeys() throws {
        let source = StaticKeySource(teamID: "TEAM123456", keyID: "KEYAAAAAAA", key: P256.Signing.PrivateKey())
        let provider = TokenProvider(keys: source)
        #expect(try provider.token().token.teamID == "TEAM123456")
        #expect(throws: APNsError.self) { try provider.token(team: "OTHER12345") }
        #expect(throws: APNsError.self) { try provider.token(keyID: "KEYBBBBBBB") }
    }
}
