import Foundation

/// Reading one primitive value from the tape, as `JSONDecoder` reads it: a mismatch or a `null` throws
/// the error `JSONDecoder` would throw, and what this does not read the same way is left to it.
extension TapeDecoder {
    /// Throws `valueNotFound` when the value at `index` is `null`.
    func nonNull(_ index: Int, _ type: Any.Type, path: JSONCodingPath, key: (any CodingKey)? = nil) throws {
        guard tape.entries[index].kind == .null else { return }
        throw mismatch(type, at: index, path: path, key: key)
    }

    /// The error for a value of the wrong kind (`valueNotFound` for `null`).
    func mismatch(_ type: Any.Type, at index: Int, path: JSONCodingPath, key: (any CodingKey)? = nil) -> DecodingError {
        let kind = tape.entries[index].kind
        if kind == .null {
            return DecodingError.valueNotFound(
                type,
                .init(
                    codingPath: path.appending(key).keys,
                    debugDescription: "Cannot get value of type \(type) -- found null value instead"))
        }
        return DecodingError.typeMismatch(
            type,
            .init(
                codingPath: path.appending(key).keys,
                debugDescription: "Expected to decode \(type) but found \(kind) instead."))
    }

    func bool(at index: Int, path: JSONCodingPath, key: (any CodingKey)? = nil) throws -> Bool {
        switch tape.entries[index].kind {
        case .true: true
        case .false: false
        default: throw mismatch(Bool.self, at: index, path: path, key: key)
        }
    }

    func string(at index: Int, path: JSONCodingPath, key: (any CodingKey)? = nil) throws -> String {
        let entry = tape.entries[index]
        guard entry.kind == .string else { throw mismatch(String.self, at: index, path: path, key: key) }
        if entry.flags == 0 { return tape.text(of: entry) }
        let range = Int(entry.start)..<Int(entry.end)
        var bytes: [UInt8]
        if entry.flags & JSONTape.escaped != 0 {
            guard let unescaped = unescape(range) else { throw leaveToFoundation() }
            bytes = unescaped
        } else {
            bytes = Array(tape.bytes[range])
        }
        // `String(decoding:)` repairs invalid UTF-8, which JSONDecoder rejects: a repaired string
        // differs from its bytes.
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.utf8.elementsEqual(bytes) else { throw leaveToFoundation() }
        return text
    }

    /// The bytes of an escaped string's contents, or `nil` for an escape that `JSONDecoder` reads its
    /// own way (a surrogate without its pair).
    private func unescape(_ range: Range<Int>) -> [UInt8]? {
        let bytes = tape.bytes
        var result: [UInt8] = []
        result.reserveCapacity(range.count)
        var position = range.lowerBound
        while position < range.upperBound {
            let byte = bytes[position]
            guard byte == UInt8(ascii: "\\") else {
                result.append(byte)
                position += 1
                continue
            }
            let escaped = bytes[position + 1]
            position += 2
            switch escaped {
            case UInt8(ascii: "b"): result.append(0x08)
            case UInt8(ascii: "f"): result.append(0x0C)
            case UInt8(ascii: "n"): result.append(0x0A)
            case UInt8(ascii: "r"): result.append(0x0D)
            case UInt8(ascii: "t"): result.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = hexQuad(at: position)
                position += 4
                if (0xD800..<0xDC00).contains(scalar) {
                    guard position + 6 <= range.upperBound, bytes[position] == UInt8(ascii: "\\"),
                        bytes[position + 1] == UInt8(ascii: "u")
                    else { return nil }
                    let low = hexQuad(at: position + 2)
                    guard (0xDC00..<0xE000).contains(low) else { return nil }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    position += 6
                } else if (0xDC00..<0xE000).contains(scalar) {
                    return nil
                }
                guard let unicode = Unicode.Scalar(scalar) else { return nil }
                UTF8.encode(unicode) { result.append($0) }
            default: result.append(escaped)
            }
        }
        return result
    }

    /// The four hexadecimal digits at `position` (checked by the scanner).
    private func hexQuad(at position: Int) -> UInt32 {
        (0..<4).reduce(0) { value, offset in
            value << 4 | UInt32(JSONTape.hexValue(tape.bytes[position + offset]) ?? 0)
        }
    }

    /// An integer that fits `T`; one that does not, `JSONDecoder` reports its own way.
    @inline(__always)
    func integer<T: FixedWidthInteger>(
        at index: Int, as type: T.Type, path: JSONCodingPath, key: (any CodingKey)? = nil
    ) throws -> T {
        let value: T?
        switch try wholeNumber(at: index, as: type, path: path, key: key) {
        case .negative(let number): value = T(exactly: number)
        case .positive(let number): value = T(exactly: number)
        }
        guard let value else { throw leaveToFoundation() }
        return value
    }

    /// A whole number as read before it is fitted to its type.
    enum WholeNumber {
        case negative(Int64)
        case positive(UInt64)
    }

    /// The whole number at `index`. A minus zero and a number beyond 64 bits are left to `JSONDecoder`;
    /// a number with a fraction or an exponent is read as `JSONDecoder` reads it: through `Double`,
    /// exactly or not at all, below 2^53 (where doubles are still a unit apart).
    func wholeNumber(
        at index: Int, as type: Any.Type, path: JSONCodingPath, key: (any CodingKey)?
    ) throws -> WholeNumber {
        let entry = tape.entries[index]
        guard entry.kind == .number else { throw mismatch(type, at: index, path: path, key: key) }
        if entry.flags & JSONTape.fractional != 0 {
            let text = tape.text(of: entry)
            guard let double = Double(text), double.isFinite else { throw leaveToFoundation() }
            guard double == double.rounded(.towardZero) else {
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: path.appending(key).keys,
                        debugDescription: "Number \(text) is not representable in Swift."))
            }
            guard double.magnitude < 0x1p53 else { throw leaveToFoundation() }
            return double < 0 ? .negative(Int64(double)) : .positive(UInt64(double))
        }
        let negative = entry.flags & JSONTape.negative != 0
        var magnitude: UInt64 = 0
        for position in Int(entry.start) + (negative ? 1 : 0)..<Int(entry.end) {
            let (times10, overflow) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, carry) = times10.addingReportingOverflow(UInt64(tape.bytes[position] &- 48))
            guard !overflow, !carry else { throw leaveToFoundation() }
            magnitude = sum
        }
        guard negative else { return .positive(magnitude) }
        guard magnitude != 0, magnitude <= UInt64(Int64.max) + 1 else { throw leaveToFoundation() }
        return .negative(magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude))
    }

    /// A number as `Double` or `Float`, correctly rounded (as `JSONDecoder`'s `strtod` is); a number
    /// that overflows to infinity or underflows to zero `JSONDecoder` rejects its own way.
    @inline(__always)
    func floatingPoint<T: BinaryFloatingPoint & LosslessStringConvertible>(
        at index: Int, as type: T.Type, path: JSONCodingPath, key: (any CodingKey)? = nil
    ) throws -> T {
        let entry = tape.entries[index]
        guard entry.kind == .number else { throw mismatch(type, at: index, path: path, key: key) }
        guard let value = T(tape.text(of: entry)), value.isFinite else { throw leaveToFoundation() }
        // A zero is taken only when written without an exponent and without a digit beyond 0: its
        // reading is then certain. (`JSONDecoder` rejects a zero that underflowed, and checks the
        // digits of one with an exponent in an order of its own: it refuses `0e3` but takes `0e0`.)
        if value == 0,
            tape.bytes[Int(entry.start)..<Int(entry.end)].contains(where: {
                $0 | 0x20 == UInt8(ascii: "e") || ($0 >= UInt8(ascii: "1") && $0 <= UInt8(ascii: "9"))
            })
        {
            throw leaveToFoundation()
        }
        return value
    }
}
