/// Turns the bytes of a WebSocket connection into frames (RFC 6455 §5.2), or a typed protocol
/// violation.
///
/// A value with no I/O: feed it bytes as they arrive, cut anywhere, and take frames out. It
/// checks everything one frame shows on its own: reserved bits and opcodes, masking by the right
/// side, the rules for control frames, the length encoding and the frame size limit. Rules across
/// frames (fragmentation, UTF-8, message size) belong to `WebSocketMessageAssembler`.
struct WebSocketFrameParser: Sendable {
    /// Which side's frames are parsed: a client reads server frames, which must not be masked; a
    /// server reads client frames, which must be.
    enum Sender: Sendable {
        case server
        case client
    }

    /// The default largest frame payload accepted: 16 MiB.
    static let defaultMaxFrameSize = 16 << 20

    /// Whose frames these are.
    let sender: Sender
    /// The largest payload accepted; a larger frame fails with 1009 as soon as its header is read.
    let maxFrameSize: Int
    /// Whether RSV1 may be set on the first frame of a data message (permessage-deflate).
    var allowsCompression: Bool

    private var buffer: [UInt8] = []
    private var start = 0

    /// Bytes received and not yet returned as frames.
    var bufferedByteCount: Int { buffer.count - start }

    init(sender: Sender = .server, maxFrameSize: Int = defaultMaxFrameSize, allowsCompression: Bool = false) {
        self.sender = sender
        self.maxFrameSize = max(maxFrameSize, WebSocketFrame.maxControlPayload)
        self.allowsCompression = allowsCompression
    }

    /// Adds received bytes.
    mutating func append(_ bytes: some Collection<UInt8>) {
        if start > 0, start >= buffer.count / 2 {
            buffer.removeSubrange(0..<start)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The next complete frame, `nil` when more bytes are needed, or the breach the bytes show.
    /// After an error the parser's state is unspecified: the connection is failed.
    mutating func nextFrame() throws(WebSocketProtocolError) -> WebSocketFrame? {
        let available = buffer.count - start
        guard available >= 2 else { return nil }
        let first = buffer[start]
        let second = buffer[start + 1]
        let isFinal = first & 0x80 != 0
        let rsv1 = first & 0x40 != 0
        guard first & 0x30 == 0 else { throw .framing("a frame set the reserved bit RSV2 or RSV3") }
        guard let opcode = WebSocketFrame.Opcode(rawValue: first & 0x0F) else {
            throw .framing("a frame used the reserved opcode \(first & 0x0F)")
        }
        if rsv1 {
            guard allowsCompression else { throw .framing("a frame set RSV1 without a negotiated extension") }
            guard opcode == .text || opcode == .binary else {
                throw .framing("RSV1 was set on a \(opcode.isControl ? "control" : "continuation") frame")
            }
        }
        let isMasked = second & 0x80 != 0
        switch (sender, isMasked) {
        case (.server, true): throw .framing("the server masked a frame")
        case (.client, false): throw .framing("the client sent an unmasked frame")
        default: break
        }
        var headerLength = 2
        var length = UInt64(second & 0x7F)
        if length == 126 {
            guard available >= 4 else { return nil }
            length = UInt64(buffer[start + 2]) << 8 | UInt64(buffer[start + 3])
            guard length >= 126 else { throw .framing("a 16-bit length encoded \(length), which fits in 7 bits") }
            headerLength = 4
        } else if length == 127 {
            guard available >= 10 else { return nil }
            length = 0
            for index in 0..<8 { length = length << 8 | UInt64(buffer[start + 2 + index]) }
            guard length >> 63 == 0 else { throw .framing("a 64-bit length had its most significant bit set") }
            guard length > 0xFFFF else {
                throw .framing("a 64-bit length encoded \(length), which fits in 16 bits")
            }
            headerLength = 10
        }
        if opcode.isControl {
            guard isFinal else { throw .framing("a control frame was fragmented") }
            guard length <= UInt64(WebSocketFrame.maxControlPayload) else {
                throw .framing("a control frame carried \(length) bytes, more than 125")
            }
        }
        guard length <= UInt64(maxFrameSize) else {
            throw WebSocketProtocolError(
                .messageTooBig, "a frame of \(length) bytes is over the limit of \(maxFrameSize) bytes")
        }
        let keyOffset = start + headerLength
        if isMasked { headerLength += 4 }
        let total = headerLength + Int(length)
        guard available >= total else { return nil }
        var payload = Array(buffer[(start + headerLength)..<(start + total)])
        if isMasked {
            let key = Array(buffer[keyOffset..<(keyOffset + 4)])
            payload.withUnsafeMutableBufferPointer { WebSocketFrame.applyMask(key, to: $0, startingAt: 0) }
        }
        start += total
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: buffer.capacity <= 1 << 20)
            start = 0
        }
        return WebSocketFrame(opcode: opcode, payload: payload, isFinal: isFinal, rsv1: rsv1)
    }
}
