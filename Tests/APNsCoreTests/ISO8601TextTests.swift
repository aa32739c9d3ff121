import APNsCore
import Foundation
import Testing

/// ISO 8601 text without ICU: the same output `ISO8601DateFormatter` gave, and the forms users type.
struct ISO8601TextTests {
    let instant = Date(timeIntervalSince1970: 1_795_455_000)   // 2026-11-23T17:30:00Z

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
        for junk in ["", "yesterday", "2026-13-01T00:00:00Z", "2026-11-23T17:30:00"] {
            #expect(ISO8601Text.date(from: junk) == nil, "\(junk)")
        }
        #expect(ISO8601Text.day(from: "23/11/2026") == nil)
    }
}
