extension TraceContext {
    /// The id of a span: 8 bytes, never all zero, written as 16 lowercase hexadecimal digits.
    public struct SpanID: Sendable, Hashable, LosslessStringConvertible {
        /// The 8 bytes, most significant first.
        let value: UInt64

        /// The id `value`, or `nil` for zero (an invalid id).
        package init?(value: UInt64) {
            guard value != 0 else { return nil }
            self.value = value
        }

        /// The id written as 16 lowercase hexadecimal digits, as `traceparent` carries it; `nil` for
        /// any other text and for the all-zero id.
        public init?(_ description: String) {
            var text = description
            let parsed = text.withUTF8 { bytes in bytes.count == 16 ? TraceHex.value(of: bytes[...]) : nil }
            guard let parsed else { return nil }
            self.init(value: parsed)
        }

        /// The 16 lowercase hexadecimal digits.
        public var description: String {
            String(unsafeUninitializedCapacity: 16) { buffer in
                TraceHex.write(value, into: buffer, at: 0)
                return 16
            }
        }

        /// A new random id, from the system's random number generator.
        package static func random() -> SpanID {
            var generator = SystemRandomNumberGenerator()
            while true {
                if let id = SpanID(value: generator.next()) { return id }
            }
        }
    }
}
