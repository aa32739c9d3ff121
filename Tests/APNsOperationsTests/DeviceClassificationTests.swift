import APNsCore
import APNsKeystore
import APNsMock
import APNsModel
@testable import APNsOperations
import APNsProbe
import Foundation
import Testing

/// `device check`'s use case in process, against two mocks on 127.0.0.1 (one playing each environment, each with
/// its own devices): every verdict, the order, one environment only, a credential for one environment, an
/// unreachable server, many tokens through a few streams, and the token file reader.
@Suite(.serialized) struct DeviceClassificationTests {
    static let team = "DEVCHK0001"
    static let topic = "com.example.app"
    static func token(_ byte: String) -> String { String(repeating: byte, count: 32) }
    static let dev = token("de"), prod = token("ab"), gone = token("cd"), other = token("ef"), bad = token("12")
    static let goneSince = Date(timeIntervalSince1970: 1_700_000_000)

    /// Two mocks trusting the keystore's keys, the CA file that trusts both, and the servers.
    struct Pair {
        let development: CanarySetting.Mock
        let production: CanarySetting.Mock
        let servers: CanaryServers

        func stop() async {
            await development.server.stop()
            await production.server.stop()
        }

        /// The device tokens each mock was asked about, in order.
        func asked(_ environment: APNsEnvironment) -> [String] {
            (environment == .development ? development : production).server.receivedRequests.compactMap(\.log.deviceToken)
        }
    }

    static func pair(_ setting: CanarySetting, keys: [String], scopes: [String: KeyScope] = [:]) async throws -> Pair {
        let development = try await setting.mock(.development, trusting: keys, scopes: scopes,
                                                 devices: [dev: topic, other: "com.other.app"],
                                                 unregistered: [gone: goneSince])
        let production = try await setting.mock(.production, trusting: keys, scopes: scopes, devices: [prod: topic])
        let both = setting.directory.appendingPathComponent("both-ca.pem")
        try (try Data(contentsOf: URL(fileURLWithPath: development.caFile)) + Data("\n".utf8)
             + Data(contentsOf: URL(fileURLWithPath: production.caFile))).write(to: both)
        let servers = CanaryServers(servers: [development.server(.development), production.server(.production)],
                                    caFile: both.path, timeout: 5)
        return Pair(development: development, production: production, servers: servers)
    }

    /// Runs a check of `tokens`: the results in input order and the summary.
    static func check(_ tokens: [String], order: [APNsEnvironment], servers: CanaryServers,
                      source: ProbeCredentialSource, concurrency: Int = 4) throws -> ([DeviceCheckResult], DeviceCheckSummary) {
        let (results, summary, _) = try checkTelling(tokens, order: order, servers: servers, source: source,
                                                     concurrency: concurrency)
        return (results, summary)
    }

    /// Runs a check of `tokens`: the results in input order, the summary and the events.
    static func checkTelling(_ tokens: [String], order: [APNsEnvironment], servers: CanaryServers,
                             source: ProbeCredentialSource, concurrency: Int = 4)
        throws -> ([DeviceCheckResult], DeviceCheckSummary, [DeviceCheckEvent]) {
        try run(try tokens.map { DeviceTokenEntry(token: try DeviceToken(parsing: $0)) }, order: order,
                servers: servers, source: source, concurrency: concurrency)
    }

    /// Runs a check of `entries` (`clock`: the time the run sees).
    static func run(_ entries: [DeviceTokenEntry], order: [APNsEnvironment], servers: CanaryServers,
                    source: ProbeCredentialSource, concurrency: Int = 4, clock: @escaping () -> Date = { Date() },
                    fed: (Int) -> Void = { _ in })
        throws -> ([DeviceCheckResult], DeviceCheckSummary, [DeviceCheckEvent]) {
        let environments = try DeviceClassification.environments(order, servers: servers, source: source, topic: topic)
        var iterator = entries.makeIterator()
        var count = 0
        var results: [DeviceCheckResult] = []
        var events: [DeviceCheckEvent] = []
        let summary = try DeviceClassification.run(
            DeviceCheckRequest(topic: topic, environments: environments, concurrency: concurrency, clock: clock),
            next: {
                let entry = iterator.next()
                if entry != nil { fed(count); count += 1 }
                return entry
            }, event: { events.append($0) }, classified: { results.append($0) })
        return (results.sorted { $0.index < $1.index }, summary, events)
    }

    @Test func tokensOfEachKindAreClassifiedWithAtMostOneDeliveryEach() async throws {
        let setting = try CanarySetting("device-kinds")
        _ = try setting.store.generateKey(team: Self.team, keyID: "DEVKEY0001")
        let pair = try await Self.pair(setting, keys: ["DEVKEY0001"])
        defer { Task { await pair.stop() } }
        let tokens = [Self.dev, Self.prod, Self.gone, Self.other, Self.bad]
        let (results, summary) = try Self.check(tokens, order: DeviceClassification.defaultOrder, servers: pair.servers,
                                                source: .keystore(team: Self.team, keyID: nil, open: { setting.store }))
        #expect(results.map(\.verdict) == [.development, .production, .unregistered, .otherApp, .invalid])
        #expect(results.map(\.environmentsTried) == [[.production, .development], [.production],
                                                     [.production, .development], [.production, .development],
                                                     [.production, .development]])
        #expect(results.map(\.status) == [200, 200, 410, 400, 400])
        #expect(results[2].unregisteredAt == Self.goneSince)
        #expect(results[3].reason == "DeviceTokenNotForTopic")
        #expect(results.allSatisfy { $0.keyID == "DEVKEY0001" && $0.apnsID?.count == 36 })
        #expect(summary.requests == 9)
        #expect(summary.exitStatus == .checkFailed)
        // Each environment saw each token at most once; the production token never reached the sandbox.
        for environment in APNsEnvironment.allCases {
            let asked = pair.asked(environment)
            #expect(Set(asked).count == asked.count, "\(environment): \(asked)")
        }
        #expect(!pair.asked(.development).contains(Self.prod))
        // Every canary was the silent one.
        for request in pair.development.server.receivedRequests + pair.production.server.receivedRequests {
            #expect(request.log.pushType == "background" && request.log.priority == "5")
        }
    }

    @Test func theOrderIsConfigurableAndOneEnvironmentCanBeAlone() async throws {
        let setting = try CanarySetting("device-order")
        _ = try setting.store.generateKey(team: Self.team, keyID: "DEVKEY0002")
        let pair = try await Self.pair(setting, keys: ["DEVKEY0002"])
        defer { Task { await pair.stop() } }
        let source = ProbeCredentialSource.keystore(team: Self.team, keyID: nil, open: { setting.store })
        #expect(DeviceClassification.order(only: nil, first: .development) == [.development, .production])
        let (first, ok) = try Self.check([Self.dev, Self.prod], order: [.development, .production],
                                         servers: pair.servers, source: source)
        #expect(first.map(\.environmentsTried) == [[.development], [.development, .production]])
        #expect(ok.exitStatus == .ok)
        let (alone, _) = try Self.check([Self.dev, Self.prod], order: DeviceClassification.order(only: .production, first: nil),
                                        servers: pair.servers, source: source)
        // BadDeviceToken from production alone: not a production token, never "invalid".
        #expect(alone.map(\.verdict) == [.notInProduction, .production])
        #expect(alone[0].environmentsTried == [.production])
        // Only the first run asked the sandbox (once per token); the production-only run did not.
        #expect(pair.asked(.development).sorted() == [Self.prod, Self.dev])
    }

    /// A production-only key: the sandbox answers BadEnvironmentKeyInToken to its token, so the sandbox is skipped
    /// for the rest of the run with one event and the tokens are classified in production (not all inconclusive);
    /// the keystore has no key for development at all, so the sandbox is skipped from the start.
    @Test func aKeyForOneEnvironmentSkipsTheOtherAndStillClassifies() async throws {
        let setting = try CanarySetting("device-one-env")
        let scope = try KeyScope(environments: [.production], restriction: .team, source: .declared)
        _ = try setting.store.generateKey(team: Self.team, keyID: "PRDKEY0001", scope: scope)
        let pair = try await Self.pair(setting, keys: ["PRDKEY0001"], scopes: ["PRDKEY0001": scope])
        defer { Task { await pair.stop() } }
        let issued = try setting.store.token(team: Self.team, keyID: "PRDKEY0001", environment: .production,
                                             topic: Self.topic)
        let file = setting.directory.appendingPathComponent("token.jwt")
        try Data(issued.token.compact.utf8).write(to: file)
        let (ready, summary, events) = try Self.checkTelling([Self.dev, Self.prod], order: DeviceClassification.defaultOrder,
                                                             servers: pair.servers, source: .tokenFile(path: file.path),
                                                             concurrency: 1)
        #expect(ready.map(\.verdict) == [.notInProduction, .production])
        #expect(ready[0].canaries.map(\.environment) == [.production, .development])
        #expect(ready[0].canaries.map(\.status) == [400, 403])
        #expect(ready[0].canaries.map(\.reason) == ["BadDeviceToken", "BadEnvironmentKeyInToken"])
        #expect(ready.flatMap(\.canaries).allSatisfy { $0.keyID == "PRDKEY0001" && $0.apnsID.count == 36 })
        #expect(events.count == 1, "\(events)")
        if case .environmentSkipped(.development, .credentialRefused(let reason), .production?)? = events.first {
            #expect(reason == "BadEnvironmentKeyInToken")
        } else {
            Issue.record("\(events)")
        }
        #expect(summary.skipped == [.development] && summary.unreachable.isEmpty)
        #expect(pair.asked(.development) == [Self.dev], "the sandbox is asked no more once it refused the key")
        let (keystore, _, skipped) = try Self.checkTelling([Self.dev], order: DeviceClassification.defaultOrder,
                                                           servers: pair.servers,
                                                           source: .keystore(team: Self.team, keyID: nil, open: { setting.store }))
        #expect(keystore[0].verdict == .notInProduction)
        #expect(keystore[0].environmentsTried == [.production])
        #expect(keystore[0].explanation.contains("development: no credential"), "\(keystore[0].explanation)")
        if case .environmentSkipped(.development, .noCredential, .production?)? = skipped.first {} else { Issue.record("\(skipped)") }
        #expect(pair.asked(.development) == [Self.dev])
    }

    /// A sandbox-only key with production tried first: production refuses it, and the tokens are still classified
    /// in the sandbox.
    @Test func aSandboxOnlyKeyTriedInProductionFirstStillClassifies() async throws {
        let setting = try CanarySetting("device-dev-only")
        let scope = try KeyScope(environments: [.development], restriction: .team, source: .declared)
        _ = try setting.store.generateKey(team: Self.team, keyID: "DEVONLY001", scope: scope)
        let pair = try await Self.pair(setting, keys: ["DEVONLY001"], scopes: ["DEVONLY001": scope])
        defer { Task { await pair.stop() } }
        let issued = try setting.store.token(team: Self.team, keyID: "DEVONLY001", environment: .development,
                                             topic: Self.topic)
        let file = setting.directory.appendingPathComponent("token.jwt")
        try Data(issued.token.compact.utf8).write(to: file)
        let (results, summary, events) = try Self.checkTelling([Self.dev, Self.prod, Self.gone],
                                                               order: DeviceClassification.defaultOrder,
                                                               servers: pair.servers, source: .tokenFile(path: file.path),
                                                               concurrency: 1)
        #expect(results.map(\.verdict) == [.development, .notInDevelopment, .unregistered], "\(results)")
        #expect(events.count == 1 && summary.skipped == [.production])
        #expect(summary.counts[.inconclusive] == 0)
    }

    @Test func anUnreachableServerIsANetworkFailureAndLaterTokensAreNotSent() async throws {
        let setting = try CanarySetting("device-unreachable")
        _ = try setting.store.generateKey(team: Self.team, keyID: "DEVKEY0003")
        let pair = try await Self.pair(setting, keys: ["DEVKEY0003"])
        await pair.production.server.stop()
        defer { Task { await pair.stop() } }
        let tokens = (0..<20).map { String(format: "%064x", $0 + 1) }
        let (results, summary) = try Self.check(tokens, order: DeviceClassification.defaultOrder, servers: pair.servers,
                                                source: .keystore(team: Self.team, keyID: nil, open: { setting.store }),
                                                concurrency: 1)
        #expect(results.allSatisfy { $0.verdict == .inconclusive && $0.networkFailure })
        #expect(summary.unreachable == [.production])
        #expect(summary.exitStatus == .unreachable)
        // The canary in flight and the one held back are sent; the others are not.
        #expect(summary.requests <= 2, "\(summary.requests) canaries sent to a server known to be down")
        #expect(pair.asked(.development).isEmpty)
    }

    /// Many tokens through a few streams: every one classified once, in whatever order they finish.
    @Test func manyTokensStreamThroughAFewStreams() async throws {
        let setting = try CanarySetting("device-many")
        _ = try setting.store.generateKey(team: Self.team, keyID: "DEVKEY0004")
        let pair = try await Self.pair(setting, keys: ["DEVKEY0004"])
        defer { Task { await pair.stop() } }
        var tokens = (0..<300).map { String(format: "%064x", $0 + 1) }
        tokens += [Self.dev, Self.prod]
        let (results, summary) = try Self.check(tokens, order: DeviceClassification.defaultOrder, servers: pair.servers,
                                                source: .keystore(team: Self.team, keyID: nil, open: { setting.store }),
                                                concurrency: 8)
        #expect(results.map(\.index) == Array(0..<302))
        #expect(results.map(\.deviceToken) == tokens)
        #expect(summary.counts[.invalid] == 300 && summary.counts[.development] == 1 && summary.counts[.production] == 1)
        #expect(summary.requests == 603)
        #expect(pair.production.server.receivedRequests.count == 302)
    }

    @Test func aTokenFileSkipsCommentsAndReportsMalformedLines() throws {
        let setting = try CanarySetting("device-lines")
        let file = setting.directory.appendingPathComponent("tokens.txt")
        try Data("# a comment\n\(Self.dev)\n\n  \(Self.prod)  \nnot-hex\nabc\n\(Self.gone)".utf8).write(to: file)
        var malformed: [DeviceTokenLines.Malformed] = []
        let lines = try DeviceTokenLines(path: file.path) { malformed.append($0) }
        var entries: [DeviceTokenEntry] = []
        while let entry = lines.next() { entries.append(entry) }
        #expect(entries.map(\.token.hex) == [Self.dev, Self.prod, Self.gone])
        #expect(entries.map(\.line) == [2, 4, 7])
        #expect(malformed.map(\.line) == [5, 6])
        #expect(malformed.map(\.problem) == ["not hexadecimal", "3 hex digits is not a whole device token"])
        #expect(throws: APNsError.self) { try DeviceTokenLines(path: file.path + ".missing") { _ in } }
    }

    @Test func theCanaryIsTheSilentOne() {
        let canary = DeviceClassification.canary(DeviceToken(uncheckedHex: Self.dev), topic: Self.topic)
        #expect(canary.headerLines.filter { !$0.hasPrefix("apns-id:") }
                == ["apns-topic: com.example.app", "apns-push-type: background", "apns-priority: 5", "apns-expiration: 0"])
        #expect(canary.payload == Array(#"{"aps":{"content-available":1}}"#.utf8))
    }
}
