/// Checks UTF-8 as it arrives, a chunk at a time, so that a text message split across frames
/// (even inside one scalar) is validated without waiting for its end, and rejected at the first
/// byte that cannot start or continue a well-formed sequence (RFC 3629: no overlong forms, no
/// surrogates, nothing above U+10FFFF).
struct WebSocketUTF8Validator: Sendable {
    /// Continuation bytes still expected for the current scalar.
    private var pending = 0
    /// The range the next continuation byte must fall in (narrower after E0, ED, F0 and F4).
    private var lower: UInt8 = 0x80
    private var upper: UInt8 = 0xBF

    /// Whether the bytes so far end on a scalar boundary.
    var isComplete: Bool { pending == 0 }

    /// Feeds `bytes`; `false` as soon as they cannot be part of valid UTF-8.
    mutating func validate(_ bytes: some Sequence<UInt8>) -> Bool {
        for byte in bytes {
            if pending > 0 {
                guard byte >= lower, byte <= upper else { return false }
                pending -= 1
                lower = 0x80
                upper = 0xBF
                continue
            }
            switch byte {
            case 0x00...0x7F: continue
            case 0xC2...0xDF: pending = 1
            case 0xE0: (pending, lower) = (2, 0xA0)
            case 0xE1...0xEC, 0xEE...0xEF: pending = 2
            case 0xED: (pending, upper) = (2, 0x9F)
            case 0xF0: (pending, lower) = (3, 0x90)
            case 0xF1...0xF3: pending = 3
            case 0xF4: (pending, upper) = (3, 0x8F)
            default: return false
            }
        }
        return true
    }
}
