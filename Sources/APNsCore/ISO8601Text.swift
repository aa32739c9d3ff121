import Foundation

/// ISO 8601 timestamps as apnsctl prints and reads them (`2026-11-23T17:30:00Z`, UTC), through
/// FoundationEssentials' `Date.ISO8601FormatStyle` rather than `ISO8601DateFormatter`: the formatter goes through
/// CoreFoundation to ICU and maps ICU's calendar and zone data on first use, about 5 MB of resident memory for a
/// one-shot command (measured with `/usr/bin/time -f %M` on a static binary; docs/benchmarks.md). Same text out,
/// same forms read.
public enum ISO8601Text {
    private static let style = Date.ISO8601FormatStyle()
    private static let parsers = [Date.ISO8601FormatStyle(), Date.ISO8601FormatStyle(timeZoneSeparator: .colon),
                                  Date.ISO8601FormatStyle(includingFractionalSeconds: true),
                                  Date.ISO8601FormatStyle(timeZoneSeparator: .colon, includingFractionalSeconds: true)]
    private static let day = Date.ISO8601FormatStyle().year().month().day()

    /// `2026-11-23T17:30:00Z`: what `ISO8601DateFormatter().string(from:)` gives.
    public static func string(from date: Date) -> String {
        style.format(date)
    }

    /// A full date and time with a zone (`Z`, `+01:00` or `+0100`), seconds optionally fractional.
    public static func date(from text: String) -> Date? {
        for parser in parsers {
            if let date = try? parser.parse(text) { return date }
        }
        return nil
    }

    /// A calendar day (`2026-11-23`), as midnight UTC.
    public static func day(from text: String) -> Date? {
        try? day.parse(text)
    }
}
