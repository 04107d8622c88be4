import Foundation

/// An internet timestamp in its one common form, `2026-06-14T20:09:58Z` or `2026-06-14T20:09:58+02:00`, read
/// from its bytes into the `Date` that Foundation's `Date.ISO8601FormatStyle()` parses it into; and, where the
/// caller allows it, the same with fractional seconds (`2026-06-14T20:09:58.123Z`, what JavaScript's
/// `toISOString()` writes), read into the `Date` that `Date.ISO8601FormatStyle(includingFractionalSeconds:
/// true)` parses it into.
///
/// Only that form is read here, with a real calendar date in the Gregorian calendar's own years (1583 on),
/// hours, minutes and seconds in their ranges (no leap second), one to nine digits of fraction and an offset
/// of at most 14 hours. Anything else gives `nil`, and the caller asks Foundation, which has its own rules
/// for the rest (other forms, out-of-range fields).
enum ISO8601Timestamp {
    /// The date `bytes` stand for, or `nil` for anything but the form above without a fraction.
    static func date(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? { date(bytes, allowingFraction: false) }

    /// The date `bytes` stand for, or `nil` for anything but the form above (with a fraction only when
    /// `allowingFraction`).
    static func date(_ bytes: UnsafeBufferPointer<UInt8>, allowingFraction: Bool) -> Date? {
        guard bytes.count >= 20,
            bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: "T"),
            bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
            let year = number(bytes, 0, 4), let month = number(bytes, 5, 2), let day = number(bytes, 8, 2),
            let hour = number(bytes, 11, 2), let minute = number(bytes, 14, 2), let second = number(bytes, 17, 2),
            (1583...9999).contains(year), (1...12).contains(month), day >= 1, day <= days(inMonth: month, of: year),
            hour < 24, minute < 60, second < 60
        else { return nil }
        var zone = 19
        var nanosecond: Int?
        if allowingFraction, bytes[19] == UInt8(ascii: ".") {
            var value = 0
            zone = 20
            while zone < bytes.count, zone < 29, let digit = digit(bytes[zone]) {
                value = value * 10 + digit
                zone += 1
            }
            guard zone > 20, zone == bytes.count || digit(bytes[zone]) == nil else { return nil }
            for _ in zone..<29 { value *= 10 }
            nanosecond = value
        }
        var offset = 0
        if bytes.count == zone + 1 {
            guard bytes[zone] == UInt8(ascii: "Z") else { return nil }
        } else {
            guard bytes.count == zone + 6 else { return nil }
            let sign = bytes[zone]
            guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"),
                bytes[zone + 3] == UInt8(ascii: ":"), let hours = number(bytes, zone + 1, 2),
                let minutes = number(bytes, zone + 4, 2), hours <= 14, minutes < 60
            else { return nil }
            offset = (hours * 3600 + minutes * 60) * (sign == UInt8(ascii: "-") ? -1 : 1)
        }
        let days = GregorianDay.daysSince1970(year: year, month: month, day: day)
        guard let nanosecond else {
            return Date(
                timeIntervalSince1970: TimeInterval(days * 86_400 + hour * 3600 + minute * 60 + second - offset))
        }
        // Foundation's calendar adds the fraction to the seconds of the day in floating point, then those to
        // the day's start, then subtracts the offset: the same operations in the same order give the same
        // rounding, so the same `Date`.
        var secondsInDay = Double(hour) * 3600.0
        secondsInDay += Double(minute) * 60.0
        secondsInDay += Double(second)
        secondsInDay += Double(nanosecond) / 1_000_000_000.0
        let dayStart = Double(days * 86_400) - Date.timeIntervalBetween1970AndReferenceDate
        return Date(timeIntervalSinceReferenceDate: dayStart + secondsInDay - Double(offset))
    }

    /// The value of an ASCII digit, or `nil`.
    private static func digit(_ byte: UInt8) -> Int? {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? Int(byte - UInt8(ascii: "0")) : nil
    }

    /// The decimal number of `count` digits at `start`, or `nil` when any of them is not a digit.
    private static func number(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int) -> Int? {
        var value = 0
        for byte in bytes[start..<(start + count)] {
            guard let digit = digit(byte) else { return nil }
            value = value * 10 + digit
        }
        return value
    }

    private static func days(inMonth month: Int, of year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
