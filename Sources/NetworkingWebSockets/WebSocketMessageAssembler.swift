/// Joins frames into messages and checks the rules that span frames (RFC 6455 §5.4, §5.5, §8.1):
/// continuation only inside a fragmented message, no new data message before the last fragment,
/// control frames allowed between fragments, text valid UTF-8 (checked as each fragment arrives,
/// even when a fragment ends inside a scalar), the message size limit, and close payloads.
struct WebSocketMessageAssembler: Sendable {
    /// What one frame amounts to once assembled.
    enum Event: Hashable, Sendable {
        /// A complete text message.
        case text(String)
        /// A complete binary message.
        case binary([UInt8])
        /// A ping, to be answered with a pong carrying the same bytes.
        case ping([UInt8])
        /// A pong.
        case pong([UInt8])
        /// A close frame: its status code (`nil` when it carried none) and reason.
        case close(WebSocketCloseCode?, String)
    }

    /// The default largest message: 16 MiB.
    static let defaultMaxMessageSize = 16 << 20

    /// The largest message accepted, in bytes, summed over its fragments; more fails with 1009.
    let maxMessageSize: Int

    private var opcode: WebSocketFrame.Opcode?
    private var fragments: [UInt8] = []
    private var utf8 = WebSocketUTF8Validator()

    /// Whether a fragmented message is open (its first frame came, its last not yet).
    var isInsideMessage: Bool { opcode != nil }

    init(maxMessageSize: Int = defaultMaxMessageSize) {
        self.maxMessageSize = maxMessageSize
    }

    /// Takes one frame; returns an event when it completes a message or is a control frame.
    mutating func consume(_ frame: WebSocketFrame) throws(WebSocketProtocolError) -> Event? {
        switch frame.opcode {
        case .ping: return .ping(frame.payload)
        case .pong: return .pong(frame.payload)
        case .close: return try Self.parseClose(frame.payload)
        case .text, .binary:
            guard opcode == nil else {
                throw .framing("a new data message began before the previous one's last fragment")
            }
            opcode = frame.opcode
            fragments.removeAll(keepingCapacity: true)
            utf8 = WebSocketUTF8Validator()
        case .continuation:
            guard opcode != nil else { throw .framing("a continuation frame came outside a fragmented message") }
        }
        guard fragments.count + frame.payload.count <= maxMessageSize else {
            throw WebSocketProtocolError(
                .messageTooBig,
                "a message of more than \(fragments.count + frame.payload.count) bytes is over the limit of \(maxMessageSize) bytes"
            )
        }
        if opcode == .text, !utf8.validate(frame.payload) {
            throw WebSocketProtocolError(.invalidFramePayloadData, "a text message was not valid UTF-8")
        }
        if fragments.isEmpty, frame.isFinal {
            fragments = frame.payload
        } else {
            fragments.append(contentsOf: frame.payload)
        }
        guard frame.isFinal else { return nil }
        let kind = opcode
        opcode = nil
        let bytes = fragments
        fragments = []
        if kind == .text {
            guard utf8.isComplete else {
                throw WebSocketProtocolError(.invalidFramePayloadData, "a text message ended inside a UTF-8 sequence")
            }
            return .text(String(decoding: bytes, as: UTF8.self))
        }
        return .binary(bytes)
    }

    /// The status code and reason of a close frame's payload (RFC 6455 §5.5.1, §7.4).
    static func parseClose(_ payload: [UInt8]) throws(WebSocketProtocolError) -> Event {
        if payload.isEmpty { return .close(nil, "") }
        guard payload.count >= 2 else { throw .framing("a close frame carried a one-byte status code") }
        let code = WebSocketCloseCode(rawValue: UInt16(payload[0]) << 8 | UInt16(payload[1]))
        guard code.isAllowedOnWire else { throw .framing("a close frame carried the status code \(code.rawValue)") }
        let reason = payload[2...]
        var validator = WebSocketUTF8Validator()
        guard validator.validate(reason), validator.isComplete else {
            throw WebSocketProtocolError(.invalidFramePayloadData, "a close frame's reason was not valid UTF-8")
        }
        return .close(code, String(decoding: reason, as: UTF8.self))
    }

    /// The payload of a close frame carrying `code` and `reason`, the reason cut at a scalar
    /// boundary to fit the 125 bytes of a control frame.
    static func closePayload(code: WebSocketCloseCode, reason: String) -> [UInt8] {
        var payload: [UInt8] = [UInt8(code.rawValue >> 8), UInt8(code.rawValue & 0xFF)]
        var utf8Length = 0
        var end = reason.unicodeScalars.startIndex
        for scalar in reason.unicodeScalars {
            let length = UTF8.width(scalar)
            guard utf8Length + length <= WebSocketFrame.maxControlPayload - 2 else { break }
            utf8Length += length
            end = reason.unicodeScalars.index(after: end)
        }
        payload.append(contentsOf: Substring(reason.unicodeScalars[..<end]).utf8)
        return payload
    }
}
