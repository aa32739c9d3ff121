#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How apnsctl words counts and days for people: "1 certificate", "10 days left", "expired today". Pure.
///
/// Days left are whole days rounded down (floored): 29 days and 13 hours left is 29 days, so a threshold on them
/// (`--min-days 30`) compares the exact remaining time (`floor(x) < n` exactly when `x < n`), and an expired
/// credential has negative days left from its first second past the end. The words say the same: "29 days left",
/// "less than a day left", and in the past "expired today" (under a day ago), "expired 1 day ago". Whether
/// something has expired is decided on the dates themselves.
public enum Wording {
    /// "0 certificates", "1 certificate", "2 certificates"; `plural` defaults to `singular` + "s".
    public static func count(_ number: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(number) \(number == 1 || number == -1 ? singular : plural ?? singular + "s")"
    }

    /// Whole days in `seconds`, rounded down: 29.9 days is 29, and -0.1 days is -1.
    public static func wholeDays(_ seconds: Double) -> Int {
        Int((seconds / 86_400).rounded(.down))
    }

    /// Whole days from `now` to `end`, rounded down: negative once past. `daysLeft < n` exactly when less than
    /// `n` days (of 86,400 seconds) are left.
    public static func daysLeft(until end: Date, now: Date) -> Int {
        wholeDays(end.timeIntervalSince(now))
    }

    /// Whole days since `start` (an age: rounded down, never negative): a key created 23 hours ago is 0 days old.
    public static func ageDays(since start: Date, now: Date) -> Int {
        max(0, Int((now.timeIntervalSince(start) / 86_400).rounded(.down)))
    }

    /// "10 days left", "1 day left", "less than a day left", "expired today", "expired 1 day ago", "expired 3 days
    /// ago": whole days rounded down both ways (9.99 days left is "9 days left", 1.6 days ago "1 day ago").
    public static func timeLeft(until end: Date, now: Date) -> String {
        if end > now {
            let days = daysLeft(until: end, now: now)
            return days == 0 ? "less than a day left" : "\(count(days, "day")) left"
        }
        return "expired \(daysAgo(ageDays(since: end, now: now)))"
    }

    /// ``timeLeft(until:now:)`` judged at another instant than now (`cert verify --at`), which it names so no one
    /// reads it as relative to today: "10 days left at 2030-01-01T00:00:00Z", "expired 3 days before
    /// 2030-01-01T00:00:00Z", "expired less than a day before …".
    public static func timeLeft(until end: Date, at instant: Date) -> String {
        let label = ISO8601Text.string(from: instant)
        if end > instant {
            let days = daysLeft(until: end, now: instant)
            return days == 0 ? "less than a day left at \(label)" : "\(count(days, "day")) left at \(label)"
        }
        let days = ageDays(since: end, now: instant)
        return "expired \(days == 0 ? "less than a day" : count(days, "day")) before \(label)"
    }

    /// A time left (``timeLeft(until:now:)``) said as too little: "only 3 days left", but "less than a day left"
    /// as it is (never "only less than a day left").
    public static func only(_ left: String) -> String {
        left.hasPrefix("less than") ? left : "only " + left
    }

    /// "10 days left (until DATE)", "less than a day left (until DATE)", "expired 3 days ago (on DATE)",
    /// "expired today (on DATE)": the time left with its date, the preposition following the tense.
    public static func timeLeft(until end: Date, now: Date, date: String) -> String {
        "\(timeLeft(until: end, now: now)) (\(end > now ? "until" : "on") \(date))"
    }

    /// "today", "1 day ago", "3 days ago" for a whole number of days in the past.
    public static func daysAgo(_ days: Int) -> String {
        days <= 0 ? "today" : "\(count(days, "day")) ago"
    }
}
