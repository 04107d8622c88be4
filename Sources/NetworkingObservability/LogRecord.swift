import Foundation

/// One logged request event: a headline and its detail lines, written to every sink as one
/// unit so that records of concurrent requests never interleave.
public struct LogRecord: Sendable, Hashable {
    /// How serious the record is.
    public enum Severity: Sendable, Hashable {
        /// A request started or succeeded (logged at `.all`).
        case info
        /// A request failed.
        case failure
    }

    /// When it was recorded.
    public let date: Date
    /// How serious it is.
    public let severity: Severity
    /// The request it is about.
    public let requestID: UUID
    /// The headline without its timestamp, such as `→ GET /get [F97CE6EB-…]`.
    public let headline: String
    /// Detail lines (headers, bodies), each already indented and redacted as configured.
    public let details: [String]

    /// Creates a record.
    package init(date: Date, severity: Severity, requestID: UUID, headline: String, details: [String]) {
        self.date = date
        self.severity = severity
        self.requestID = requestID
        self.headline = headline
        self.details = details
    }

    /// The record as plain text, one line each, newline-terminated: the headline prefixed with an
    /// ISO-8601 UTC timestamp (`2026-06-14T20:09:58Z → GET /get [F97CE6EB-…]`), then the details.
    public var text: String {
        var text = Self.timestamp(date) + " " + headline + "\n"
        for line in details { text += line + "\n" }
        return text
    }

    /// The headline and details without a timestamp, for sinks that stamp their own.
    public var message: String {
        ([headline] + details).joined(separator: "\n")
    }

    /// `date` as `yyyy-MM-ddTHH:mm:ssZ` in UTC.
    static func timestamp(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(timeZone: .gmt))
    }
}
