import Foundation

/// An internet timestamp in its one common form, `2026-06-14T20:09:58Z` or `2026-06-14T20:09:58+02:00`, read
/// from its bytes into the `Date` that Foundation's `Date.ISO8601FormatStyle()` parses it into.
///
/// Only that form is read here, with a real calendar date in the Gregorian calendar's own years (1583 on),
/// hours, minutes and seconds in their ranges (no leap second) and an offset of at most 14 hours. Anything
/// else gives `nil`, and the caller asks Foundation, which has its own rules for the rest (other forms,
/// fractional seconds, out-of-range fields).
enum ISO8601Timestamp {
    /// The date `bytes` stand for, or `nil` for anything but the form above.
    static func date(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        guard bytes.count == 20 || bytes.count == 25,
            bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: "T"),
            bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
            let year = number(bytes, 0, 4), let month = number(bytes, 5, 2), let day = number(bytes, 8, 2),
            let hour = number(bytes, 11, 2), let minute = number(bytes, 14, 2), let second = number(bytes, 17, 2),
            (1583...9999).contains(year), (1...12).contains(month), day >= 1, day <= days(inMonth: month, of: year),
            hour < 24, minute < 60, second < 60
        else { return nil }
        var offset = 0
        if bytes.count == 20 {
            guard bytes[19] == UInt8(ascii: "Z") else { return nil }
        } else {
            let sign = bytes[19]
            guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"), bytes[22] == UInt8(ascii: ":"),
                let hours = number(bytes, 20, 2), let minutes = number(bytes, 23, 2), hours <= 14, minutes < 60
            else { return nil }
            offset = (hours * 3600 + minutes * 60) * (sign == UInt8(ascii: "-") ? -1 : 1)
        }
        let seconds =
            GregorianDay.daysSince1970(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second
        return Date(timeIntervalSince1970: TimeInterval(seconds - offset))
    }

    /// The decimal number of `count` digits at `start`, or `nil` when any of them is not a digit.
    private static func number(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int) -> Int? {
        var value = 0
        for byte in bytes[start..<(start + count)] {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
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
