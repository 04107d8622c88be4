import Foundation

extension UnsafeRawBufferPointer {
    /// The index of the first `byte` at or after `start`, or `nil`: found with `memchr`, where the
    /// generic `firstIndex(of:)` walks a byte at a time at several instructions a byte (for this
    /// package's header parsers, which look for line ends and colons on every response).
    package func firstIndex(ofByte byte: UInt8, from start: Int = 0) -> Int? {
        guard let base = baseAddress, start < count, let found = memchr(base + start, Int32(byte), count - start)
        else { return nil }
        return base.distance(to: UnsafeRawPointer(found))
    }
}
