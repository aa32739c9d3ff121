import Foundation

/// The IMF-fixdate form of the HTTP `date` header, e.g. `Sun, 22 Nov 2026 04:45:30 GMT` (RFC 9110 §5.6.7).
enum HTTPDate {
    private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    static func format(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents([.weekday, .day, .month, .year, .hour, .minute, .second], from: date)
        let weekday = days[((parts.weekday ?? 1) - 1) % 7]
        let month = months[((parts.month ?? 1) - 1) % 12]
        return String(format: "%@, %02d %@ %04d %02d:%02d:%02d GMT", weekday, parts.day ?? 1, month, parts.year ?? 1970,
                      parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
    }
}
