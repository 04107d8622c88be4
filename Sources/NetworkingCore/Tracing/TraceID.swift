extension TraceContext {
    /// The id of a trace: 16 bytes, never all zero, written as 32 lowercase hexadecimal digits.
    public struct TraceID: Sendable, Hashable, LosslessStringConvertible {
        /// The first 8 bytes, most significant first.
        let high: UInt64
        /// The last 8 bytes.
        let low: UInt64

        /// The id made of `high` and `low`, or `nil` when both are zero (an invalid id).
        package init?(high: UInt64, low: UInt64) {
            guard high | low != 0 else { return nil }
            self.high = high
            self.low = low
        }

        /// The id written as 32 lowercase hexadecimal digits, as `traceparent` carries it; `nil` for
        /// any other text and for the all-zero id.
        public init?(_ description: String) {
            var text = description
            let parsed = text.withUTF8 { bytes -> (UInt64, UInt64)? in
                guard bytes.count == 32, let high = TraceHex.value(of: bytes[0..<16]),
                    let low = TraceHex.value(of: bytes[16..<32])
                else { return nil }
                return (high, low)
            }
            guard let (high, low) = parsed else { return nil }
            self.init(high: high, low: low)
        }

        /// The 32 lowercase hexadecimal digits.
        public var description: String {
            String(unsafeUninitializedCapacity: 32) { buffer in
                TraceHex.write(high, into: buffer, at: 0)
                TraceHex.write(low, into: buffer, at: 16)
                return 32
            }
        }

        /// A new random id, from the system's random number generator.
        package static func random() -> TraceID {
            var generator = SystemRandomNumberGenerator()
            while true {
                if let id = TraceID(high: generator.next(), low: generator.next()) { return id }
            }
        }
    }
}
