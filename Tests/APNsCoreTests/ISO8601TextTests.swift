import APNsCore
import Foundation
import Testing
import TestSupport

/// ISO 8601 text without ICU: the same output `ISO8601DateFormatter` gives, and the forms users type.
struct ISO8601TextTests {
    let instant = Date(timeIntervalSince1970: 1_795_455_000)   // 2026-11-23T17:30:00Z

    /// Foundation's own formatter is the reference (tests may use ICU; the product does not).
    @Test func agreesWithISO8601DateFormatter() {
        let reference = ISO8601DateFormatter()
        for seconds in stride(from: -2_208_988_800.0, to: 4_102_444_800, by: 7_654_321.123) {
            let date = Date(timeIntervalSince1970: seconds)
            let text = ISO8601Text.string(from: date)
            #expect(text == reference.string(from: date))
            #expect(ISO8601Text.date(from: text) == reference.date(from: text))
        }
        #expect(ISO8601Text.date(from: "2024-02-29T12:00:00Z") == reference.date(from: "2024-02-29T12:00:00Z"))
    }

    @Test func printsUTCWithSecondsAndZ() {
        #expect(ISO8601Text.string(from: instant) == "2026-11-23T17:30:00Z")
        #expect(ISO8601Text.string(from: Date(timeIntervalSince1970: 0.75)) == "1970-01-01T00:00:00Z")
    }

    @Test(arguments: ["2026-11-23T17:30:00Z", "2026-11-23T18:30:00+01:00", "2026-11-23T18:30:00+0100",
                      "2026-11-23T17:30:00.000Z", "2026-11-23T12:30:00-05:00"])
    func readsAFullTimestamp(text: String) throws {
        #expect(try #require(ISO8601Text.date(from: text)) == instant)
    }

    @Test func readsADayAsMidnightUTCAndRefusesJunk() throws {
        #expect(ISO8601Text.day(from: "2026-11-23") == Date(timeIntervalSince1970: 1_795_392_000))
        for junk in ["", "yesterday", "2026-13-01T00:00:00Z", "2026-11-23T17:30:00", "2026-02-29T00:00:00Z",
                     "2026-11-23T24:00:00Z", "2026-11-23T17:30:00Zjunk", "2026-11-23T17:30:00.Z", "2026-11-23 17:30:00Z"] {
            #expect(ISO8601Text.date(from: junk) == nil, "\(junk)")
        }
        #expect(ISO8601Text.day(from: "23/11/2026") == nil)
    }
}

/// The mock's log time by hand is the text FoundationEssentials' style gives, for every kind of fraction.
@Suite struct ISO8601MillisecondTests {
    static let style = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    @Test func millisecondsMatchTheFormatStyleForEveryFraction() {
        let seed = TestSeed.make()
        var generator = SeededGenerator(state: seed)
        var dates = [0.0, 0.0005, 0.001, 0.1234999, 0.5, 0.9985, 0.999, 0.9995, 0.9999999,
                     1_800_000_000.999_999, 1_800_000_000.000_001, 1_764_000_000.1, 4_102_444_799.999]
            .map(Date.init(timeIntervalSince1970:))
        for _ in 0..<20_000 {
            let whole = Double(Int64.random(in: 0...4_102_444_799, using: &generator))
            let fraction = [Double.random(in: 0..<1, using: &generator),
                            Double(Int.random(in: 0...999, using: &generator)) / 1000,
                            Double(Int.random(in: 0...999_999, using: &generator)) / 1_000_000][Int.random(in: 0...2, using: &generator)]
            dates.append(Date(timeIntervalSince1970: whole + fraction))
        }
        let mismatches = dates.filter { ISO8601Text.millisecondString(from: $0) != Self.style.format($0) }
            .map { "\($0.timeIntervalSince1970): \(ISO8601Text.millisecondString(from: $0)) vs \(Self.style.format($0))" }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10)), \(TestSeed.description(seed))")
    }
}
