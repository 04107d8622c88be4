import Foundation

/// A JSON text scanned once into a flat list of its values, in document order, for ``TapeDecoder``.
///
/// An object is an entry followed by its members, each a key (a string entry) and the key's value; an
/// array is an entry followed by its elements. Every entry knows where the next value after it starts
/// (`next`), so skipping a value of any size is one step.
///
/// The scanner accepts strict JSON (RFC 8259) and only what ``TapeDecoder`` can decode exactly as
/// Foundation's `JSONDecoder` would. Anything else makes `init` return `nil`, and the caller decodes
/// with `JSONDecoder`, which then decodes it or reports what is wrong: invalid JSON, a byte-order mark
/// or another encoding than UTF-8, a key with an escape or a byte beyond ASCII, or nesting deeper than
/// ``maximumDepth``.
package struct JSONTape {
    /// What an entry holds.
    enum Kind: UInt8 {
        case object, array, string, number, `true`, `false`, null
    }

    /// One value of the document.
    struct Entry {
        var kind: Kind
        /// For a string, ``escaped`` and ``beyondASCII``; for a number, ``fractional`` and ``negative``.
        var flags: UInt8
        /// The value's first byte; for a string, the first byte after the opening quote.
        var start: Int32
        /// One past the value's last byte; for a string, the closing quote.
        var end: Int32
        /// The members of an object or the elements of an array.
        var count: Int32
        /// The index of the entry after this value and everything inside it.
        var next: Int32
    }

    /// A string with a backslash escape.
    static let escaped: UInt8 = 1
    /// A string with a byte beyond ASCII.
    static let beyondASCII: UInt8 = 2
    /// A number with a fraction or an exponent.
    static let fractional: UInt8 = 1
    /// A number with a minus sign.
    static let negative: UInt8 = 2

    /// The deepest nesting scanned here; deeper documents are left to `JSONDecoder` (whose limit is
    /// higher).
    static let maximumDepth = 256

    /// The document's bytes.
    let bytes: [UInt8]
    /// The document's values; the first is the top-level value.
    let entries: [Entry]

    /// The bytes of `entry` as text, as they stand (a string's contents without its quotes, escapes
    /// and all; a number as written). Invalid UTF-8 is repaired, so a caller that must reject it
    /// checks the bytes itself.
    func text(of entry: Entry) -> String {
        bytes.withUnsafeBufferPointer {
            String(decoding: UnsafeBufferPointer(rebasing: $0[Int(entry.start)..<Int(entry.end)]), as: UTF8.self)
        }
    }

    /// Runs `body` over the bytes of `entry` as they stand (see ``text(of:)``).
    func withBytes<T>(of entry: Entry, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[Int(entry.start)..<Int(entry.end)])) }
    }

    /// The entries of `object`'s keys in document order; each member's value is the entry after its key.
    func keys(of object: Int) -> some Sequence<Int> {
        let entries = entries
        return sequence(state: (key: object + 1, left: entries[object].count)) { state -> Int? in
            guard state.left > 0 else { return nil }
            let key = state.key
            state.left -= 1
            state.key = Int(entries[key + 1].next)
            return key
        }
    }

    /// The index of the value of `object`'s first member whose key's bytes are `name`, or `nil` (the loop of
    /// ``keys(of:)`` over raw buffers: this is every keyed lookup's path).
    func member(named name: UnsafeBufferPointer<UInt8>, in object: Int) -> Int? {
        entries.withUnsafeBufferPointer { entries in
            bytes.withUnsafeBufferPointer { bytes in
                let length = Int32(name.count)
                var member = object + 1
                for _ in 0..<entries[object].count {
                    let key = entries[member]
                    if key.end &- key.start == length, Self.equal(name, bytes, from: Int(key.start)) {
                        return member + 1
                    }
                    member = Int(entries[member + 1].next)
                }
                return nil
            }
        }
    }

    /// Whether `bytes` hold `name` from `start` on (`name` fits there).
    @inline(__always)
    private static func equal(
        _ name: UnsafeBufferPointer<UInt8>, _ bytes: UnsafeBufferPointer<UInt8>, from start: Int
    ) -> Bool {
        var offset = 0
        while offset < name.count {
            if name[offset] != bytes[start &+ offset] { return false }
            offset &+= 1
        }
        return true
    }

    /// Scans `data`, or returns `nil` for anything described above as left to `JSONDecoder`.
    package init?(_ data: Data) {
        guard data.count < Int32.max else { return nil }
        let bytes = [UInt8](data)
        var entries: [Entry] = []
        entries.reserveCapacity(bytes.count / 6 + 2)
        let scanned = bytes.withUnsafeBufferPointer { buffer in
            var scanner = Scanner(bytes: buffer, entries: entries)
            entries = []
            guard scanner.document() else { return false }
            entries = scanner.entries
            return true
        }
        guard scanned else { return nil }
        self.bytes = bytes
        self.entries = entries
    }
}

/// The scanner behind ``JSONTape/init(_:)``: one pass over the bytes, each value appended as it starts.
private struct Scanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var entries: [JSONTape.Entry]
    var position = 0

    /// One value with optional white space around it, and nothing else.
    mutating func document() -> Bool {
        guard value(depth: 0) else { return false }
        skipWhiteSpace()
        return position == bytes.count
    }

    private mutating func skipWhiteSpace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    private mutating func value(depth: Int) -> Bool {
        skipWhiteSpace()
        guard position < bytes.count else { return false }
        switch bytes[position] {
        case UInt8(ascii: "{"): return container(depth: depth, kind: .object)
        case UInt8(ascii: "["): return container(depth: depth, kind: .array)
        case UInt8(ascii: "\""): return string()
        case UInt8(ascii: "t"): return literal("true", .true)
        case UInt8(ascii: "f"): return literal("false", .false)
        case UInt8(ascii: "n"): return literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return number()
        default: return false
        }
    }

    private mutating func append(_ kind: JSONTape.Kind, flags: UInt8 = 0, start: Int, end: Int) {
        let next = Int32(entries.count + 1)
        entries.append(
            .init(kind: kind, flags: flags, start: Int32(start), end: Int32(end), count: 0, next: next))
    }

    /// An object's members or an array's elements, separated by commas.
    private mutating func container(depth: Int, kind: JSONTape.Kind) -> Bool {
        guard depth < JSONTape.maximumDepth else { return false }
        let index = entries.count
        append(kind, start: position, end: position)
        let close = kind == .object ? UInt8(ascii: "}") : UInt8(ascii: "]")
        position += 1
        skipWhiteSpace()
        var count: Int32 = 0
        if position < bytes.count, bytes[position] == close {
            position += 1
        } else {
            while true {
                if kind == .object {
                    guard key() else { return false }
                }
                guard value(depth: depth + 1) else { return false }
                count += 1
                skipWhiteSpace()
                guard position < bytes.count else { return false }
                let byte = bytes[position]
                position += 1
                if byte == UInt8(ascii: ",") { continue }
                if byte == close { break }
                return false
            }
        }
        entries[index].count = count
        entries[index].end = Int32(position)
        entries[index].next = Int32(entries.count)
        return true
    }

    /// A member's key and its colon. Keys are compared byte by byte, so one with an escape or a byte
    /// beyond ASCII (whose comparison follows Unicode's rules) is left to `JSONDecoder`.
    private mutating func key() -> Bool {
        skipWhiteSpace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\""), string(),
            entries[entries.count - 1].flags == 0
        else { return false }
        skipWhiteSpace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { return false }
        position += 1
        return true
    }

    private mutating func string() -> Bool {
        position += 1
        let start = position
        var flags: UInt8 = 0
        skipPlainWords()
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                append(.string, flags: flags, start: start, end: position)
                position += 1
                return true
            }
            if byte == UInt8(ascii: "\\") {
                flags |= JSONTape.escaped
                guard escape() else { return false }
                skipPlainWords()
                continue
            }
            guard byte >= 0x20 else { return false }
            if byte >= 0x80 { flags |= JSONTape.beyondASCII }
            position += 1
        }
        return false
    }

    /// Moves past eight bytes at a time while none of them ends the string, starts an escape, is a
    /// control character or lies beyond ASCII (the bytes the loop in ``string()`` looks at one by one),
    /// then to the first such byte of the last word read. Called where a run of plain bytes is likely:
    /// at a string's start and after an escape.
    private mutating func skipPlainWords() {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        guard let base = bytes.baseAddress else { return }
        while position + 8 <= bytes.count {
            let word = UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self)
            let quotes = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
            let backslashes = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
            let special =
                (quotes &- ones) & ~quotes | (backslashes &- ones) & ~backslashes | (word &- ones &* 0x20) & ~word
                | word
            guard special & highs == 0 else {
                // The lowest flagged byte is the first that is not plain (the borrows these tricks
                // let through only ever flag bytes above a true one).
                position += (special & highs).trailingZeroBitCount / 8
                return
            }
            position += 8
        }
    }

    /// One escape sequence, `position` at its backslash.
    private mutating func escape() -> Bool {
        position += 1
        guard position < bytes.count else { return false }
        switch bytes[position] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
            UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            position += 1
            return true
        case UInt8(ascii: "u"):
            guard position + 4 < bytes.count else { return false }
            for offset in 1...4 where JSONTape.hexValue(bytes[position + offset]) == nil {
                return false
            }
            position += 5
            return true
        default:
            return false
        }
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
    private mutating func number() -> Bool {
        let start = position
        var flags: UInt8 = 0
        if bytes[position] == UInt8(ascii: "-") {
            flags |= JSONTape.negative
            position += 1
        }
        guard position < bytes.count, isDigit(bytes[position]) else { return false }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
        } else {
            skipDigits()
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            flags |= JSONTape.fractional
            position += 1
            guard position < bytes.count, isDigit(bytes[position]) else { return false }
            skipDigits()
        }
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            flags |= JSONTape.fractional
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard position < bytes.count, isDigit(bytes[position]) else { return false }
            skipDigits()
        }
        append(.number, flags: flags, start: start, end: position)
        return true
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private mutating func skipDigits() {
        while position < bytes.count, isDigit(bytes[position]) { position += 1 }
    }

    private mutating func literal(_ word: StaticString, _ kind: JSONTape.Kind) -> Bool {
        let length = word.utf8CodeUnitCount
        guard position + length <= bytes.count else { return false }
        let matches = word.withUTF8Buffer { expected in
            (0..<length).allSatisfy { bytes[position + $0] == expected[$0] }
        }
        guard matches else { return false }
        append(kind, start: position, end: position + length)
        position += length
        return true
    }
}

extension JSONTape {
    /// The value of a hexadecimal digit, or `nil`.
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
