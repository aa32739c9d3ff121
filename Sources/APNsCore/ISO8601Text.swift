#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// ISO 8601 timestamps as apnsctl prints and reads them (`2026-11-23T17:30:00Z`, UTC), by hand with ``CivilDate``
/// rather than `Date.ISO8601FormatStyle`: reading is 6–7.5× faster and refuses what the style accepts (`2026-02-29` as
/// 1 March, `24:00:00`, trailing text: ISO8601TextTests.readsADayAsMidnightUTCAndRefusesJunk); the millisecond
/// stamp on every mock log line is 2.6–3.2× faster (apnsctl-bench iso8601_millisecond_formats); whole seconds by hand
/// keep `cert inspect` at 16.3–16.5 MB max RSS, 16.9 MB with the style (Benchmarks/startup-memory.sh). Figures and
/// commands: docs/benchmarks.md, issue 31.
public enum ISO8601Text {
    /// `2026-11-23T17:30:00Z`: whole seconds (rounded down), UTC.
    public static func string(from date: Date) -> String {
        let (days, secondOfDay) = CivilDate.split(date)
        let (year, month, dayOfMonth) = CivilDate.date(fromDays: days)
        let (hour, minute, second) = (secondOfDay / 3600, secondOfDay / 60 % 60, secondOfDay % 60)
        return "\(CivilDate.pad(year, 4))-\(CivilDate.pad(month))-\(CivilDate.pad(dayOfMonth))"
            + "T\(CivilDate.pad(hour)):\(CivilDate.pad(minute)):\(CivilDate.pad(second))Z"
    }

    /// `2026-11-23T17:30:00.123Z`: milliseconds, UTC; the text `Date.ISO8601FormatStyle(includingFractionalSeconds:
    /// true)` gives (its milliseconds are the fraction of the second truncated). The mock stamps every log line
    /// with it.
    public static func millisecondString(from date: Date) -> String {
        let (days, secondOfDay) = CivilDate.split(date)
        let (year, month, dayOfMonth) = CivilDate.date(fromDays: days)
        let seconds = date.timeIntervalSince1970
        let milliseconds = min(999, max(0, Int(((seconds - seconds.rounded(.down)) * 1000).rounded(.down))))
        // Digits straight into the string's buffer: one allocation (the log stamps every request with this).
        return String(unsafeUninitializedCapacity: 24) { text in
            func put(_ value: Int, _ width: Int, at offset: Int) {
                var value = value
                for index in stride(from: offset + width - 1, through: offset, by: -1) {
                    text[index] = UInt8(ascii: "0") + UInt8(value % 10)
                    value /= 10
                }
            }
            put(year, 4, at: 0); text[4] = UInt8(ascii: "-"); put(month, 2, at: 5); text[7] = UInt8(ascii: "-")
            put(dayOfMonth, 2, at: 8); text[10] = UInt8(ascii: "T"); put(secondOfDay / 3600, 2, at: 11)
            text[13] = UInt8(ascii: ":"); put(secondOfDay / 60 % 60, 2, at: 14); text[16] = UInt8(ascii: ":")
            put(secondOfDay % 60, 2, at: 17); text[19] = UInt8(ascii: "."); put(milliseconds, 3, at: 20)
            text[23] = UInt8(ascii: "Z")
            return 24
        }
    }

    /// What every `--at`/`--since`-style option reads: a full timestamp (``date(from:)``) or a calendar day
    /// (``day(from:)``, midnight UTC). One parser, so no command refuses a date another accepts.
    public static func instant(from text: String) -> Date? {
        date(from: text) ?? day(from: text)
    }

    /// `YYYY-MM-DDTHH:MM:SS`, optionally `.fraction`, then `Z`, `±HH:MM` or `±HHMM`; nil for anything else.
    public static func date(from text: String) -> Date? {
        var scanner = Scanner(Array(text.utf8))
        guard let days = scanner.day(), scanner.take(UInt8(ascii: "T")),
              let hour = scanner.number(2), scanner.take(UInt8(ascii: ":")),
              let minute = scanner.number(2), scanner.take(UInt8(ascii: ":")),
              let second = scanner.number(2), hour <= 23, minute <= 59, second <= 60 else { return nil }
        var fraction = 0.0
        if scanner.take(UInt8(ascii: ".")) {
            var scale = 0.1
            guard let first = scanner.digit() else { return nil }
            fraction = Double(first) * scale
            while let digit = scanner.digit() {
                scale /= 10
                fraction += Double(digit) * scale
            }
        }
        guard let offset = scanner.zone(), scanner.atEnd else { return nil }
        let seconds = days * 86_400 + Int64(hour * 3600 + minute * 60 + second) - Int64(offset)
        return Date(timeIntervalSince1970: TimeInterval(seconds) + fraction)
    }

    /// A calendar day (`2026-11-23`), as midnight UTC; nil for anything else.
    public static func day(from text: String) -> Date? {
        var scanner = Scanner(Array(text.utf8))
        guard let days = scanner.day(), scanner.atEnd else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(days * 86_400))
    }

    /// A cursor over ASCII bytes.
    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var atEnd: Bool { index == bytes.count }

        mutating func take(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        mutating func digit() -> Int? {
            guard index < bytes.count, (0x30...0x39).contains(bytes[index]) else { return nil }
            index += 1
            return Int(bytes[index - 1] - 0x30)
        }

        /// Exactly `count` digits.
        mutating func number(_ count: Int) -> Int? {
            var value = 0
            for _ in 0..<count {
                guard let digit = digit() else { return nil }
                value = value * 10 + digit
            }
            return value
        }

        /// `YYYY-MM-DD` as days since 1970-01-01, when the day exists.
        mutating func day() -> Int64? {
            guard let year = number(4), take(UInt8(ascii: "-")), let month = number(2), take(UInt8(ascii: "-")),
                  let day = number(2), CivilDate.isValid(year: year, month: month, day: day) else { return nil }
            return CivilDate.days(year: year, month: month, day: day)
        }

        /// `Z`, `±HH:MM` or `±HHMM` as seconds east of UTC.
        mutating func zone() -> Int? {
            if take(UInt8(ascii: "Z")) { return 0 }
            let sign: Int
            if take(UInt8(ascii: "+")) { sign = 1 } else if take(UInt8(ascii: "-")) { sign = -1 } else { return nil }
            guard let hours = number(2) else { return nil }
            _ = take(UInt8(ascii: ":"))
            guard let minutes = number(2), hours <= 23, minutes <= 59 else { return nil }
            return sign * (hours * 3600 + minutes * 60)
        }
    }
}
