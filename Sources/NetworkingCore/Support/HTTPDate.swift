import Foundation

/// Parses the preferred HTTP date format, IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`, RFC 9110
/// §5.6.7), and the two obsolete ones (RFC 850 `Sunday, 06-Nov-94 08:49:37 GMT` and asctime
/// `Sun Nov  6 08:49:37 1994`). Anything else is `nil`.
package enum HTTPDate {
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    package static func parse(_ value: String) -> Date? {
        let words = value.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
        var day: Int?
        var month: Int?
        var year: Int?
        var time: (Int, Int, Int)?
        if words.count == 4, words[3].uppercased() == "GMT" {
            let pieces = words[1].split(separator: "-").map(String.init)
            guard pieces.count == 3, let shortYear = Int(pieces[2]) else { return nil }
            day = Int(pieces[0])
            month = monthIndex(pieces[1])
            year = shortYear < 100 ? (shortYear < 70 ? 2000 + shortYear : 1900 + shortYear) : shortYear
            time = parseTime(words[2])
        } else if words.count == 6, words[5].uppercased() == "GMT" {
            day = Int(words[1])
            month = monthIndex(words[2])
            year = Int(words[3])
            time = parseTime(words[4])
        } else if words.count == 5 {
            month = monthIndex(words[1])
            day = Int(words[2])
            time = parseTime(words[3])
            year = Int(words[4])
        }
        guard let day, let month, let year, let time, (1...31).contains(day) else { return nil }
        let days = GregorianDay.daysSince1970(year: year, month: month, day: day)
        let seconds = days * 86_400 + time.0 * 3600 + time.1 * 60 + time.2
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    private static func monthIndex(_ name: String) -> Int? {
        months.firstIndex(of: name.lowercased()).map { $0 + 1 }
    }

    private static func parseTime(_ value: String) -> (Int, Int, Int)? {
        let parts = value.split(separator: ":").compactMap { Int($0) }
        guard parts.count == 3, (0...23).contains(parts[0]), (0...59).contains(parts[1]), (0...60).contains(parts[2])
        else { return nil }
        return (parts[0], parts[1], parts[2])
    }
}
