#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How apnsctl words counts and days for people: "1 certificate", "10 days left", "expired today". Pure.
///
/// Days are whole days rounded to the nearest (half away from zero), as people read a date: 9.99 days left
/// is "10 days left", not 9; 1 second past the end is "expired today", not "1 days ago". Whether something has
/// expired is decided on the dates themselves, never on the rounded days.
public enum Wording {
    /// "0 certificates", "1 certificate", "2 certificates"; `plural` defaults to `singular` + "s".
    public static func count(_ number: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(number) \(number == 1 || number == -1 ? singular : plural ?? singular + "s")"
    }

    /// Whole days in `seconds`, rounded to the nearest day; negative for negative spans.
    public static func wholeDays(_ seconds: Double) -> Int {
        Int((seconds / 86_400).rounded(.toNearestOrAwayFromZero))
    }

    /// Whole days from `now` to `end` (negative once past), rounded to the nearest day.
    public static func daysLeft(until end: Date, now: Date) -> Int {
        wholeDays(end.timeIntervalSince(now))
    }

    /// Whole days since `start` (an age: rounded down, never negative): a key created 23 hours ago is 0 days old.
    public static func ageDays(since start: Date, now: Date) -> Int {
        max(0, Int((now.timeIntervalSince(start) / 86_400).rounded(.down)))
    }

    /// "10 days left", "1 day left", "expires today", "expired today", "expired 1 day ago", "expired 3 days ago".
    public static func timeLeft(until end: Date, now: Date) -> String {
        let days = daysLeft(until: end, now: now)
        if end > now {
            return days == 0 ? "expires today" : "\(count(days, "day")) left"
        }
        return days == 0 ? "expired today" : "expired \(daysAgo(-days))"
    }

    /// "today", "1 day ago", "3 days ago" for a whole number of days in the past.
    public static func daysAgo(_ days: Int) -> String {
        days <= 0 ? "today" : "\(count(days, "day")) ago"
    }
}
