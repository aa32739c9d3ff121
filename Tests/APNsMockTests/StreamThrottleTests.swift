import APNsMock
import Foundation
import Testing
import TestSupport

/// APNs's stream throttle, seen by python-h2 (Tests/Interop/h2_throttle.py): SETTINGS_MAX_CONCURRENT_STREAMS drops
/// to 1 after a rejected push and goes back to 1000 after the next success; streams opened beyond the lowered limit
/// get RST_STREAM REFUSED_STREAM (pushy #476 and #732 frame logs, openradar 27870881).
@Suite(.enabled(if: BurstTests.pythonH2Available, "needs python3 with h2"))
struct StreamThrottleTests {
    static let script = TestPaths.repositoryRoot.appendingPathComponent("Tests/Interop/h2_throttle.py").path
    static let burst = 10

    /// Runs the script against a server made with `configuration`: the events of each step, and the GOAWAY if any.
    static func steps(_ configuration: MockServerConfiguration) async throws -> (steps: [[String]], goAway: Bool) {
        var outcome: (steps: [[String]], goAway: Bool) = ([], false)
        try await MockAPNsServer.running(configuration) { _, port, ca in
            let directory = TestPaths.temporaryDirectory("mock-throttle")
            defer { try? FileManager.default.removeItem(at: directory) }
            let caFile = directory.appendingPathComponent("ca.pem")
            try Data(ca.utf8).write(to: caFile)
            let result = try ExternalProcess.run(BurstTests.python, [
                script, String(port), caFile.path, try Fixture.token(issuedAt: Date()), Fixture.device,
                Fixture.bundleID, Fixture.unknownDevice, String(burst),
            ], timeout: 60)
            #expect(result.status == 0, "\(result.stderr)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any],
                                      "\(result.stdout) \(result.stderr)")
            outcome = (try #require(object["steps"] as? [[String]], "\(object)"), !(object["goaway"] is NSNull))
        }
        return outcome
    }

    @Test func aRejectedPushLowersTheLimitTo1AndTheNextSuccessRaisesItTo1000() async throws {
        let (steps, goAway) = try await Self.steps(MockServerConfiguration(policy: Fixture.policy()))
        #expect(!goAway)
        try #require(steps.count == 6, "\(steps)")
        #expect(steps[0] == ["settings 1", "1:200", "settings 1000"])
        #expect(steps[1] == ["3:400", "settings 1"])
        #expect(steps[2] == ["5:200", "settings 1000"])
        #expect(steps[3] == ["7:400", "settings 1"])
        // Ten streams at once while one is allowed: the first is answered, the other nine refused (safe to retry),
        // none left hanging; the success raises the limit again.
        let burst = steps[4]
        #expect(burst.filter { $0.hasSuffix(":200") } == ["9:200"], "\(burst)")
        #expect(burst.filter { $0.hasSuffix(":reset 7") }.count == Self.burst - 1, "\(burst)")
        #expect(burst.last == "settings 1000", "\(burst)")
        #expect(burst.count == Self.burst + 1, "\(burst)")
        #expect(steps[5] == ["\(9 + 2 * Self.burst):200"])
    }

    /// `streamThrottle` false (`mock serve --no-stream-throttle`): the limit, once raised, stays 1000.
    @Test func withoutTheThrottleTheLimitStaysRaised() async throws {
        var configuration = MockServerConfiguration(policy: Fixture.policy())
        configuration.streamThrottle = false
        let (steps, goAway) = try await Self.steps(configuration)
        #expect(!goAway)
        try #require(steps.count == 6, "\(steps)")
        #expect(steps[0] == ["settings 1", "1:200", "settings 1000"])
        #expect(steps[1] == ["3:400"])
        #expect(steps[2] == ["5:200"])
        #expect(steps[3] == ["7:400"])
        #expect(steps[4] == (0..<Self.burst).map { "\(9 + 2 * $0):200" })
    }
}
