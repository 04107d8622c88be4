import Foundation

/// The cookie-date algorithm of RFC 6265bis §5.1.1, which reads `Expires` as browsers do: the
/// date is split into tokens at delimiters, and the first token that looks like a time, a day of
/// the month, a month name and a year fills each part, in any order. `Wed, 09 Jun 2021 10:18:14
/// GMT`, `Wednesday, 09-Jun-21 10:18:14 GMT` and `Jun 9 10:18:14 2021` all parse; what lacks a part
/// or has one out of range (a year before 1601, a 30th of February) does not.
///
/// More lenient than an HTTP date (RFC 9110 §5.6.7), and always UTC.
enum CookieDate {
    /// The date `text` denotes, or `nil` when the algorithm fails.
    static func parse(_ text: some StringProtocol) -> Date? {
        var time: (hour: Int, minute: Int, second: Int)?
        var day: Int?
        var month: Int?
        var year: Int?
        for token in tokens(of: Array(text.utf8)) {
            if time == nil, let found = parseTime(token) {
                time = found
            } else if day == nil, let found = leadingDigits(token, minimum: 1, maximum: 2) {
                day = found
            } else if month == nil, let found = parseMonth(token) {
                month = found
            } else if year == nil, let found = leadingDigits(token, minimum: 2, maximum: 4) {
                year = found
            }
        }
        guard var year, let month, let day, let time else { return nil }
        if (70...99).contains(year) { year += 1900 } else if (0...69).contains(year) { year += 2000 }
        guard (1...31).contains(day), year >= 1601, time.hour <= 23, time.minute <= 59, time.second <= 59,
            day <= daysIn(month: month, year: year)
        else { return nil }
        let days = daysSinceEpoch(year: year, month: month, day: day)
        let seconds = Int64(days) * 86_400 + Int64(time.hour * 3600 + time.minute * 60 + time.second)
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// The date-tokens: runs of bytes that are not delimiters (RFC 6265bis §5.1.1).
    static func tokens(of bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        func isDelimiter(_ byte: UInt8) -> Bool {
            byte == 0x09 || (0x20...0x2F).contains(byte) || (0x3B...0x40).contains(byte)
                || (0x5B...0x60).contains(byte) || (0x7B...0x7E).contains(byte)
        }
        return bytes.split(whereSeparator: isDelimiter)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// `minimum` to `maximum` digits, then anything but a digit (or nothing).
    private static func leadingDigits(_ token: ArraySlice<UInt8>, minimum: Int, maximum: Int) -> Int? {
        let count = token.prefix(while: isDigit).count
        guard count >= minimum, count <= maximum else { return nil }
        return token.prefix(count).reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }

    /// `h[h]:m[m]:s[s]`, then anything but a digit (the time production).
    private static func parseTime(_ token: ArraySlice<UInt8>) -> (hour: Int, minute: Int, second: Int)? {
        var rest = token
        var parts: [Int] = []
        for index in 0..<3 {
            let count = rest.prefix(while: isDigit).count
            guard count >= 1, count <= 2 else { return nil }
            parts.append(rest.prefix(count).reduce(0) { $0 * 10 + Int($1 - 0x30) })
            rest = rest.dropFirst(count)
            if index < 2 {
                guard rest.first == UInt8(ascii: ":") else { return nil }
                rest = rest.dropFirst()
            }
        }
        return (parts[0], parts[1], parts[2])
    }

    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// A month: the token's first three bytes name one, in any case.
    private static func parseMonth(_ token: ArraySlice<UInt8>) -> Int? {
        guard token.count >= 3 else { return nil }
        let prefix = String(decoding: token.prefix(3), as: UTF8.self).lowercased()
        return months.firstIndex(of: prefix).map { $0 + 1 }
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 to the given proleptic Gregorian date (H. Hinnant's days-from-civil).
    private static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
