import Foundation

/// The dates of HAR files and fixtures: ISO 8601 with milliseconds and a time zone
/// (`2026-05-04T09:14:03.512Z`), as the HAR format asks for `startedDateTime`.
enum HARDates {
    /// `date` in ISO 8601, in UTC, with milliseconds.
    static func string(from date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }

    /// The date an ISO 8601 string names, with or without fractional seconds; `nil` when it is
    /// not one.
    static func date(from string: String) -> Date? {
        if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(string) { return date }
        return try? Date.ISO8601FormatStyle().parse(string)
    }
}
