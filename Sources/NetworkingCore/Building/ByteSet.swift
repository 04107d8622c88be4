/// A set of bytes as a 256-bit map: membership is a shift and a mask, with no hashing (percent-
/// encoding asks it once for every byte of every URL a client builds).
struct ByteSet: Sendable {
    private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    /// The set of `bytes`.
    init(_ bytes: some Sequence<UInt8>) {
        for byte in bytes { insert(byte) }
    }

    /// Whether `byte` is in the set.
    func contains(_ byte: UInt8) -> Bool {
        let bit = UInt64(1) << UInt64(byte & 63)
        switch byte >> 6 {
        case 0: return words.0 & bit != 0
        case 1: return words.1 & bit != 0
        case 2: return words.2 & bit != 0
        default: return words.3 & bit != 0
        }
    }

    /// The bytes of this set and those of `bytes`.
    func union(_ bytes: some Sequence<UInt8>) -> ByteSet {
        var result = self
        for byte in bytes { result.insert(byte) }
        return result
    }

    private mutating func insert(_ byte: UInt8) {
        let bit = UInt64(1) << UInt64(byte & 63)
        switch byte >> 6 {
        case 0: words.0 |= bit
        case 1: words.1 |= bit
        case 2: words.2 |= bit
        default: words.3 |= bit
        }
    }
}
