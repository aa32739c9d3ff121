import APNsCore
import APNsKeystore
import APNsMock
import APNsModel
@testable import APNsOperations
import APNsProbe
import APNsPushRules
import Foundation
import Testing

/// A device check as a batch that cannot lie, in process against the two mocks of ``DeviceClassificationTests``:
/// one stream's failure spoils no other token, a token given twice gets one canary, a long run renews its provider
/// token, what APNs would refuse is refused before sending, and token files that hold no token are told apart.
@Suite(.serialized) struct DeviceCheckRunTests {
    typealias Base = DeviceClassificationTests
    static func distinct(_ count: Int, from start: Int = 1) -> [String] {
        (0..<count).map { String(format: "%064x", start + $0) }
    }

    /// A request the server drops the connection for (a path far past its header list limit, the mock answers
    /// GOAWAY COMPRESSION_ERROR) among good tokens: its stream fails, it is sent once more alone on a fresh
    /// connection, and every other token is still classified; no server is called unreachable.
    @Test func aStreamThatBreaksTheConnectionSpoilsNoOtherToken() async throws {
        let setting = try CanarySetting("device-goaway")
        _ = try setting.store.generateKey(team: Base.team, keyID: "DEVKEY0010")
        let pair = try await Base.pair(setting, keys: ["DEVKEY0010"])
        defer { Task { await pair.stop() } }
        let huge = DeviceToken(uncheckedHex: String(repeating: "a", count: 16_000))
        var tokens = [DeviceToken(uncheckedHex: Base.prod), huge, DeviceToken(uncheckedHex: Base.dev)]
        tokens += Self.distinct(30).map { DeviceToken(uncheckedHex: $0) }
        tokens.insert(DeviceToken(uncheckedHex: String(repeating: "b", count: 16_000)), at: 20)
        let (results, summary, _) = try Base.run(tokens.map { DeviceTokenEntry(token: $0) },
                                                 order: DeviceClassification.defaultOrder, servers: pair.servers,
                                                 source: .keystore(team: Base.team, keyID: nil, open: { setting.store }),
                                                 concurrency: 16)
        #expect(results.count == tokens.count)
        #expect(results[0].verdict == .production && results[2].verdict == .development, "\(results[0]) \(results[2])")
        let broken = [1, 20]
        for (index, result) in results.enumerated() where !broken.contains(index) && index > 2 {
            #expect(result.verdict == .invalid, "\(index): \(result.explanation)")
        }
        for index in broken {
            #expect(results[index].verdict == .inconclusive && !results[index].networkFailure)
            #expect(results[index].canaries.count == 2, "sent once more on a fresh connection, then given up")
            #expect(results[index].explanation.contains("failed twice"), "\(results[index].explanation)")
        }
        #expect(summary.unreachable.isEmpty)
        #expect(summary.exitStatus == .checkFailed)
    }

    @Test func aTokenGivenTwiceGetsOneCanary() async throws {
        let setting = try CanarySetting("device-twice")
        _ = try setting.store.generateKey(team: Base.team, keyID: "DEVKEY0011")
        let pair = try await Base.pair(setting, keys: ["DEVKEY0011"])
        defer { Task { await pair.stop() } }
        let entries = [Base.dev, Base.prod, Base.dev, Base.dev].enumerated().map {
            DeviceTokenEntry(token: DeviceToken(uncheckedHex: $0.element), line: $0.offset * 2 + 1)
        }
        let (results, summary, events) = try Base.run(entries, order: DeviceClassification.defaultOrder,
                                                      servers: pair.servers,
                                                      source: .keystore(team: Base.team, keyID: nil, open: { setting.store }))
        #expect(results.map(\.verdict) == [.development, .production])
        #expect(summary.duplicates == 2 && summary.tokens == 2)
        let duplicates = events.compactMap { event -> DeviceTokenDuplicates.Duplicate? in
            if case .duplicate(let duplicate) = event { return duplicate }
            return nil
        }
        #expect(duplicates.map(\.line) == [5, 7] && duplicates.allSatisfy { $0.firstLine == 1 })
        #expect(pair.asked(.development) == [Base.dev] && pair.asked(.production).filter { $0 == Base.dev }.count == 1)
    }

    /// A run that outlives its provider token (the clock jumps 51 minutes) reads the token file again: the later
    /// canaries carry the renewed token (here signed by another key, so it shows).
    @Test func aLongRunRenewsItsProviderToken() async throws {
        let setting = try CanarySetting("device-renew")
        _ = try setting.store.generateKey(team: Base.team, keyID: "DEVKEY0012")
        _ = try setting.store.generateKey(team: Base.team, keyID: "DEVKEY0013")
        let pair = try await Base.pair(setting, keys: ["DEVKEY0012", "DEVKEY0013"])
        defer { Task { await pair.stop() } }
        let file = setting.directory.appendingPathComponent("token.jwt")
        let first = try setting.store.token(team: Base.team, keyID: "DEVKEY0012", topic: Base.topic).token.compact
        let second = try setting.store.token(team: Base.team, keyID: "DEVKEY0013", topic: Base.topic).token.compact
        try Data(first.utf8).write(to: file)
        var now = Date()
        let entries = Self.distinct(6).map { DeviceTokenEntry(token: DeviceToken(uncheckedHex: $0)) }
        let (results, _, _) = try Base.run(entries, order: [.production], servers: pair.servers,
                                           source: .tokenFile(path: file.path), concurrency: 1, clock: { now }) { fed in
            guard fed == 2 else { return }
            // The agent wrote a new token, and the run is 51 minutes on.
            try? Data(second.utf8).write(to: file)
            now = now.addingTimeInterval(51 * 60)
        }
        #expect(results.map(\.verdict) == Array(repeating: .notInProduction, count: 6))
        #expect(results.prefix(3).allSatisfy { $0.keyID == "DEVKEY0012" }, "\(results.map(\.keyID))")
        #expect(results.suffix(3).allSatisfy { $0.keyID == "DEVKEY0013" }, "\(results.map(\.keyID))")
    }

    /// A voip topic with the background canary, an expired client certificate and a canary whose headers outgrow
    /// APNs's header list are refused before anything is sent.
    @Test func whatAPNsWouldRefuseIsRefusedBeforeSending() throws {
        let setting = try CanarySetting("device-refuse")
        _ = try setting.store.generateKey(team: Base.team, keyID: "DEVKEY0014")
        let servers = CanaryServers(servers: [.init(environment: .production, host: "127.0.0.1", port: 9),
                                              .init(environment: .development, host: "127.0.0.1", port: 9)])
        let source = ProbeCredentialSource.keystore(team: Base.team, keyID: nil, open: { setting.store })
        #expect(throws: PushRefusal.self) {
            try DeviceClassification.environments(DeviceClassification.defaultOrder, servers: servers, source: source,
                                                  topic: "com.example.app.voip")
        }
        let long = "com.example." + String(repeating: "a", count: 7_900)
        #expect(throws: DeviceCheckError.self) {
            try DeviceClassification.environments(DeviceClassification.defaultOrder, servers: servers, source: source,
                                                  topic: long)
        }
        let size = DeviceClassification.headerListSize(topic: Base.topic, authority: "api.push.apple.com:443",
                                                       credential: .token(String(repeating: "j", count: 300), issuedAt: nil))
        #expect(size < DeviceClassification.headerListLimit / 4, "\(size)")
    }

    @Test func aDeviceTokenHasAMaximumLength() throws {
        #expect(try DeviceToken(parsing: String(repeating: "ab", count: 100)).hex.count == DeviceToken.maximumDigits)
        #expect(throws: ModelError.self) { try DeviceToken(parsing: String(repeating: "ab", count: 101)) }
        do {
            _ = try DeviceToken(parsing: String(repeating: "a", count: 2_000_000))
            Issue.record("a 2,000,000-digit line is no token")
        } catch {
            guard case .deviceTokenLength(let text, let digits) = error else { throw error }
            #expect(digits == 2_000_000 && text.count <= 101)
            #expect(DeviceTokenLines.problem(error).contains("longer than a device token can be"))
        }
        #expect(throws: ModelError.self) { try DeviceToken(parsing: "１２３４５６７８９０１２３４５６") }
    }

    /// Lines are read with bounded memory; control characters are escaped when shown and cut to 80 characters.
    @Test func tokenFileLinesAreBoundedAndQuotedSafely() throws {
        let setting = try CanarySetting("device-lines-safe")
        let file = setting.directory.appendingPathComponent("tokens.txt")
        let long = String(repeating: "a", count: 1_000_000)
        try Data("\(Base.dev)\n\(long)\n\u{1B}[31mred\0\n".utf8).write(to: file)
        var malformed: [DeviceTokenLines.Malformed] = []
        let lines = try DeviceTokenLines(path: file.path) { malformed.append($0) }
        var entries: [DeviceTokenEntry] = []
        while let entry = lines.next() { entries.append(entry) }
        #expect(entries.map(\.token.hex) == [Base.dev])
        #expect(malformed.map(\.line) == [2, 3])
        #expect(malformed[0].text.utf8.count <= DeviceTokenLines.keptBytes)
        #expect(malformed[0].problem == "1000000 bytes is longer than a device token can be (at most 200 hex digits)")
        #expect(malformed[0].quoted == "'" + String(repeating: "a", count: 80) + "'…")
        #expect(malformed[1].quoted == #"'\u{1b}[31mred\0'"#)
        #expect(lines.tokens == 1 && lines.malformedLines == 2 && lines.looksBinary)
        #expect(throws: APNsError.self) { try DeviceTokenLines(path: setting.directory.path) { _ in } }
        #expect(DeviceTokenText.quoted("a\tb\u{9B}\\") == #"'a\tb\u{9b}\\'"#)
    }
}
