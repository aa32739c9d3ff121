import APNsCore
import Foundation
import Testing

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
