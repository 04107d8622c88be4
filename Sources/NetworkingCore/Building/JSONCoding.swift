import Foundation

/// The JSON coders the library uses: ISO-8601 dates both ways.
///
/// Decoding accepts dates with and without fractional seconds (`2026-06-14T20:09:58Z` and
/// `2026-06-14T20:09:58.123Z`); encoding writes whole seconds, the common form.
@usableFromInline package enum JSONCoding {
    /// A new decoder with ISO-8601 date decoding.
    @usableFromInline package static func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            if let date = parseISO8601(text) { return date }
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "Expected an ISO-8601 date, found '\(text)'")
        }
        return decoder
    }

    /// A new encoder with ISO-8601 date encoding.
    @usableFromInline package static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    /// Parses an ISO-8601 date-time, with or without fractional seconds. The common form is read by
    /// ``ISO8601Timestamp`` (as Foundation reads it, in a fraction of the time), the rest by Foundation.
    package static func parseISO8601(_ text: String) -> Date? {
        var text = text
        if let date = text.withUTF8({ ISO8601Timestamp.date($0, allowingFraction: true) }) { return date }
        if let date = try? Date(text, strategy: plain) { return date }
        return try? Date(text, strategy: fractional)
    }

    private static let plain = Date.ISO8601FormatStyle()
    private static let fractional = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
}
