import APNsCore
import Foundation
@testable import APNsProbe
import Testing
import TestSupport

@Suite struct ClockOffsetTests {
    @Test func parsesIMFFixdate() throws {
        let date = try #require(ClockOffset.parseHTTPDate("Sun, 06 Nov 1994 08:49:37 GMT"))
        #expect(date.timeIntervalSince1970 == 784_111_777)
        #expect(ClockOffset.parseHTTPDate("yesterday") == nil)
        #expect(ClockOffset.parseHTTPDate("") == nil)
    }

    @Test func offsetIsServerMinusLocal() throws {
        let local = Date(timeIntervalSince1970: 784_111_777 - 90)
        let offset = try #require(ClockOffset.offset(dateHeader: "Sun, 06 Nov 1994 08:49:37 GMT", localReceived: local))
        #expect(offset == 90)
        #expect(ClockOffset.describe(offset) == "1 min 30 s behind the server")
        #expect(ClockOffset.describe(-5) == "5 s ahead of the server")
        #expect(ClockOffset.describe(0.6).hasPrefix("in step"))
        #expect(ClockOffset.isSkewed(offset))
        #expect(!ClockOffset.isSkewed(-3))
        #expect(ClockOffset.offset(dateHeader: nil, localReceived: local) == nil)
    }
}

@Suite struct LatencyStatisticsTests {
    @Test func oddSample() throws {
        let stats = try #require(LatencyStatistics([0.5, 0.1, 0.3]))
        #expect(stats.count == 3)
        #expect(stats.min == 0.1)
        #expect(stats.median == 0.3)
        #expect(stats.p90 == 0.5)
        #expect(stats.max == 0.5)
    }

    @Test func evenSampleAveragesTheMiddleTwo() throws {
        let stats = try #require(LatencyStatistics([4, 1, 3, 2]))
        #expect(stats.median == 2.5)
    }

    @Test func p90IsNearestRank() throws {
        let seed = TestSeed.make()
        var generator = SeededGenerator(state: seed)
        let stats = try #require(LatencyStatistics((1...100).map(Double.init).shuffled(using: &generator)))
        #expect(stats.p90 == 90, "\(TestSeed.description(seed))")
        #expect(stats.median == 50.5, "\(TestSeed.description(seed))")
        #expect(stats.min == 1 && stats.max == 100, "\(TestSeed.description(seed))")
        let ten = try #require(LatencyStatistics((1...10).map(Double.init)))
        #expect(ten.p90 == 9)
    }

    @Test func single() throws {
        let stats = try #require(LatencyStatistics([0.25]))
        #expect(stats.min == 0.25 && stats.median == 0.25 && stats.p90 == 0.25 && stats.max == 0.25)
        #expect(LatencyStatistics([]) == nil)
    }
}

@Suite struct PhaseTimingsTests {
    @Test func cumulativeCountersBecomePhases() {
        let t = PhaseTimings(namelookup: 1_000, connect: 3_000, appconnect: 10_000, starttransfer: 25_000, total: 26_000)
        #expect(t.dns == 0.001)
        #expect(t.connect == 0.002)
        #expect(t.tls == 0.007)
        #expect(t.firstByte == 0.025)
        #expect(t.total == 0.026)
    }

    @Test func aReusedConnectionHasNoSetupPhases() {
        let t = PhaseTimings(namelookup: 0, connect: 0, appconnect: 0, starttransfer: 900, total: 1_000)
        #expect(t.dns == 0 && t.connect == 0 && t.tls == 0)
        #expect(t.total == 0.001)
    }
}
