/// The lowercase hexadecimal digits W3C Trace Context writes its ids and flags in (uppercase digits
/// make a field invalid).
enum TraceHex {
    /// The value of the lowercase hexadecimal digits `digits` (at most 16), or `nil` when one is
    /// not such a digit.
    static func value(of digits: Slice<UnsafeBufferPointer<UInt8>>) -> UInt64? {
        guard digits.count <= 16 else { return nil }
        var value: UInt64 = 0
        for digit in digits {
            let nibble: UInt8
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = digit &- UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = digit &- UInt8(ascii: "a") &+ 10
            default: return nil
            }
            value = value << 4 | UInt64(nibble)
        }
        return value
    }

    /// Writes the 16 digits of `value`, most significant first, into `buffer` from `offset`.
    static func write(_ value: UInt64, into buffer: UnsafeMutableBufferPointer<UInt8>, at offset: Int) {
        for index in 0..<16 {
            buffer[offset + index] = digit(UInt8(truncatingIfNeeded: value >> (60 - 4 * UInt64(index))) & 0xF)
        }
    }

    /// The lowercase digit of `nibble` (0 to 15).
    static func digit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") &+ nibble : UInt8(ascii: "a") &+ nibble &- 10
    }
}
