/// One WebSocket frame (RFC 6455 §5.2) with its payload unmasked, and its encoding.
struct WebSocketFrame: Hashable, Sendable {
    /// The frame types of RFC 6455 §5.2; the other values are reserved and fail the connection.
    enum Opcode: UInt8, Sendable {
        case continuation = 0x0
        case text = 0x1
        case binary = 0x2
        case close = 0x8
        case ping = 0x9
        case pong = 0xA

        /// Close, ping and pong: at most 125 bytes, never fragmented, allowed between fragments.
        var isControl: Bool { rawValue & 0x8 != 0 }
    }

    /// Whether this is the last frame of its message.
    var isFinal: Bool
    /// RSV1, which permessage-deflate (RFC 7692) uses to mark a compressed message.
    var rsv1: Bool
    /// The frame type.
    var opcode: Opcode
    /// The application data, unmasked.
    var payload: [UInt8]

    /// The largest payload of a control frame.
    static let maxControlPayload = 125

    init(opcode: Opcode, payload: [UInt8] = [], isFinal: Bool = true, rsv1: Bool = false) {
        self.isFinal = isFinal
        self.rsv1 = rsv1
        self.opcode = opcode
        self.payload = payload
    }

    /// Appends the frame to `output`, masked with `maskingKey` when there is one (a client masks
    /// every frame, RFC 6455 §5.3; a server never does).
    func encode(maskingKey: UInt32?, into output: inout [UInt8]) {
        Self.encode(
            opcode: opcode, payload: payload, isFinal: isFinal, rsv1: rsv1, maskingKey: maskingKey, into: &output)
    }

    /// Appends a frame carrying `payload` to `output` without building a `WebSocketFrame` first.
    static func encode(
        opcode: Opcode, payload: some Collection<UInt8>, isFinal: Bool = true, rsv1: Bool = false,
        maskingKey: UInt32?, into output: inout [UInt8]
    ) {
        let count = payload.count
        output.reserveCapacity(output.count + count + 14)
        output.append((isFinal ? 0x80 : 0) | (rsv1 ? 0x40 : 0) | opcode.rawValue)
        let maskBit: UInt8 = maskingKey == nil ? 0 : 0x80
        switch count {
        case 0...125:
            output.append(maskBit | UInt8(count))
        case 126...0xFFFF:
            output.append(maskBit | 126)
            output.append(UInt8(count >> 8))
            output.append(UInt8(count & 0xFF))
        default:
            output.append(maskBit | 127)
            for shift in stride(from: 56, through: 0, by: -8) {
                output.append(UInt8((UInt64(count) >> UInt64(shift)) & 0xFF))
            }
        }
        guard let maskingKey else {
            output.append(contentsOf: payload)
            return
        }
        let key: [UInt8] = [
            UInt8(maskingKey >> 24), UInt8((maskingKey >> 16) & 0xFF), UInt8((maskingKey >> 8) & 0xFF),
            UInt8(maskingKey & 0xFF),
        ]
        output.append(contentsOf: key)
        let start = output.count
        output.append(contentsOf: payload)
        output.withUnsafeMutableBufferPointer { buffer in
            applyMask(key, to: UnsafeMutableBufferPointer(rebasing: buffer[start...]), startingAt: 0)
        }
    }

    /// XORs `bytes` with the four-byte `key`, the first byte with `key[phase % 4]`.
    static func applyMask(_ key: [UInt8], to bytes: UnsafeMutableBufferPointer<UInt8>, startingAt phase: Int) {
        guard !bytes.isEmpty else { return }
        var index = 0
        // Eight bytes at a time, with the key rotated to the phase and repeated.
        var wide: UInt64 = 0
        for offset in 0..<8 { wide |= UInt64(key[(phase + offset) & 3]) << UInt64(offset * 8) }
        let raw = UnsafeMutableRawBufferPointer(bytes)
        while index + 8 <= bytes.count {
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            raw.storeBytes(of: word ^ wide.littleEndian, toByteOffset: index, as: UInt64.self)
            index += 8
        }
        while index < bytes.count {
            bytes[index] ^= key[(phase + index) & 3]
            index += 1
        }
    }
}
