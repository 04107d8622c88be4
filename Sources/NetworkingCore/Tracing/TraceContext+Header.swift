// The two header fields of W3C Trace Context Level 1: `traceparent`
// (`<version>-<trace id>-<parent id>-<flags>`, lowercase hexadecimal) and `tracestate` (a list of
// at most 32 `key=value` members, passed on as received).

extension TraceContext {
    /// The context a request received in its `traceparent` field (and `tracestate`, when it had
    /// one), as a server reads it to continue the caller's trace; `nil` when `traceparent` is not
    /// valid: version `00` is exactly 55 characters, a later version (never `ff`) at least that many
    /// with a `-` after the first 55; the ids are lowercase hexadecimal, neither all zero.
    public init?(traceparent: String, tracestate: String? = nil) {
        var field = traceparent
        let parsed = field.withUTF8 { Self.parse($0) }
        guard let (traceID, spanID, flags) = parsed else { return nil }
        self.init(traceID: traceID, spanID: spanID, isSampled: flags & 1 == 1, traceState: tracestate)
    }

    /// The `traceparent` field of a request made from this context's span:
    /// `00-<trace id>-<span id>-<flags>`.
    public var traceparent: String {
        Self.traceparent(traceID: traceID, spanID: spanID, isSampled: isSampled)
    }

    /// The `traceparent` field of version `00` (55 characters) naming `spanID` as the parent.
    package static func traceparent(traceID: TraceID, spanID: SpanID, isSampled: Bool) -> String {
        String(unsafeUninitializedCapacity: 55) { buffer in
            buffer[0] = UInt8(ascii: "0")
            buffer[1] = UInt8(ascii: "0")
            buffer[2] = UInt8(ascii: "-")
            TraceHex.write(traceID.high, into: buffer, at: 3)
            TraceHex.write(traceID.low, into: buffer, at: 19)
            buffer[35] = UInt8(ascii: "-")
            TraceHex.write(spanID.value, into: buffer, at: 36)
            buffer[52] = UInt8(ascii: "-")
            buffer[53] = UInt8(ascii: "0")
            buffer[54] = isSampled ? UInt8(ascii: "1") : UInt8(ascii: "0")
            return 55
        }
    }

    /// The trace id, parent id and flags of a `traceparent` field, surrounding spaces and tabs
    /// ignored; `nil` when it is not valid.
    private static func parse(_ field: UnsafeBufferPointer<UInt8>) -> (TraceID, SpanID, UInt8)? {
        var start = field.startIndex
        var end = field.endIndex
        while start < end, field[start] == 0x20 || field[start] == 0x09 { start += 1 }
        while end > start, field[end - 1] == 0x20 || field[end - 1] == 0x09 { end -= 1 }
        let bytes = UnsafeBufferPointer(rebasing: field[start..<end])
        guard bytes.count >= 55, let version = TraceHex.value(of: bytes[0..<2]), version != 0xFF else { return nil }
        // Version 00 has exactly four fields; a later version may add fields after a dash.
        guard version == 0 ? bytes.count == 55 : (bytes.count == 55 || bytes[55] == UInt8(ascii: "-")) else {
            return nil
        }
        let dash = UInt8(ascii: "-")
        guard bytes[2] == dash, bytes[35] == dash, bytes[52] == dash,
            let high = TraceHex.value(of: bytes[3..<19]), let low = TraceHex.value(of: bytes[19..<35]),
            let traceID = TraceID(high: high, low: low),
            let span = TraceHex.value(of: bytes[36..<52]), let spanID = SpanID(value: span),
            let flags = TraceHex.value(of: bytes[53..<55])
        else { return nil }
        return (traceID, spanID, UInt8(flags))
    }

    /// `tracestate` as it is passed on: unchanged when it has at most 32 members, its first 32
    /// otherwise; `nil` when it has no member or a character outside printable ASCII and tab (which
    /// could end the header field).
    package static func normalizedTraceState(_ value: String?) -> String? {
        guard let value else { return nil }
        guard value.utf8.allSatisfy({ $0 == 0x09 || (0x20...0x7E).contains($0) }) else { return nil }
        let members = value.split(separator: ",").filter { member in
            member.contains { $0 != " " && $0 != "\t" }
        }
        if members.isEmpty { return nil }
        return members.count <= 32 ? value : members.prefix(32).joined(separator: ",")
    }
}
