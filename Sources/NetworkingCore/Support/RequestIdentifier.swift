import Foundation
import Synchronization

/// Makes the `id` of every `RequestContext`: a version-4-shaped UUID that is unique within the
/// process (a counter) and across processes (64 random bits drawn once per process).
///
/// `UUID()` on Linux opens, reads and closes `/dev/urandom` for every identifier: three system
/// calls per request, a large share of what observing a request cost. The identifiers are for
/// matching a request's events and log lines, not secrets, so a counter mixed through a bijection
/// (distinct counters give distinct identifiers) serves as well at the cost of one atomic add.
@usableFromInline
enum RequestIdentifier {
    private static let counter = Atomic<UInt64>(0)
    private static let processBits: UInt64 = {
        var generator = SystemRandomNumberGenerator()
        return generator.next()
    }()

    /// A new identifier, never returned before in this process.
    @usableFromInline
    static func next() -> UUID {
        let count = counter.wrappingAdd(1, ordering: .relaxed).newValue
        let high = processBits & ~0xF000 | 0x4000  // version 4 (byte 6)
        let low = mix62(count) | 0x8000_0000_0000_0000  // variant 10 (byte 8)
        let h = high.bigEndian
        let l = low.bigEndian
        return withUnsafeBytes(of: (h, l)) { bytes in
            UUID(
                uuid: (
                    bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8],
                    bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
                ))
        }
    }

    /// A bijection of the 62-bit values (multiplications by odd constants and right xor-shifts,
    /// all modulo 2^62), so that consecutive counters do not give similar-looking identifiers.
    static func mix62(_ value: UInt64) -> UInt64 {
        let mask: UInt64 = (1 << 62) - 1
        var x = (value & mask) &* 0x9E37_79B9_7F4A_7C15 & mask
        x ^= x >> 29
        x = x &* 0xBF58_476D_1CE4_E5B9 & mask
        x ^= x >> 32
        return x
    }
}
