#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The IMF-fixdate form of the HTTP `date` header, e.g. `Sun, 22 Nov 2026 04:45:30 GMT` (RFC 9110 §5.6.7).
///
/// By hand with ``CivilDate`` arithmetic because FoundationEssentials has no style that writes or reads it
/// (`Date.FormatStyle`, `Date.VerbatimFormatStyle` and `DateFormatter` are in FoundationInternationalization and
/// Foundation, which link ICU); `HTTPDateTests` pins it to `DateFormatter`'s RFC 1123 text.
public enum HTTPDate {
    private static let days = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]  // 1970-01-01 was a Thursday
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `date` in IMF-fixdate form, whole seconds, GMT.
    public static func format(_ date: Date) -> String {
        let (daysSinceEpoch, secondOfDay) = CivilDate.split(date)
        let (year, month, dayOfMonth) = CivilDate.date(fromDays: daysSinceEpoch)
        let weekday = days[Int(((daysSinceEpoch % 7) + 7) % 7)]
        let (hour, minute, second) = (secondOfDay / 3600, secondOfDay / 60 % 60, secondOfDay % 60)
        return "\(weekday), \(CivilDate.pad(dayOfMonth)) \(months[month - 1]) \(year) "
            + "\(CivilDate.pad(hour)):\(CivilDate.pad(minute)):\(CivilDate.pad(second)) GMT"
    }

    /// Parses IMF-fixdate; nil for anything else. The weekday is not checked (as RFC 9110 allows).
    public static func parse(_ text: String) -> Date? {
        let parts = text.split { $0 == " " || $0 == "\t" }
        guard parts.count == 6, parts[0].count == 4, parts[0].hasSuffix(","), parts[5] == "GMT",
              let day = Int(parts[1]), (1...31).contains(day),
              let month = months.firstIndex(of: String(parts[2])).map({ $0 + 1 }),
              let year = Int(parts[3]), parts[3].count == 4 else { return nil }
        let clock = parts[4].split(separator: ":")
        guard clock.count == 3, let hour = Int(clock[0]), let minute = Int(clock[1]), let second = Int(clock[2]),
              (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second) else { return nil }
        let days = CivilDate.days(year: year, month: month, day: day)
        let seconds = days * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

}
