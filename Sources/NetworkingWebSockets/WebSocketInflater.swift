#if canImport(CZlibShim)
    import CZlibShim

    /// Decompresses incoming messages for permessage-deflate (RFC 7692 §7.2.2): a message whose
    /// first frame has RSV1 set is inflated frame by frame, with the `00 00 FF FF` its sender left
    /// off put back after its last frame. Other frames pass as they are.
    ///
    /// The message size limit applies to the inflated bytes and is checked as zlib produces them,
    /// a chunk at a time, so that a small frame that inflates to far more (a deflate bomb) fails
    /// with 1009 having allocated no more than the limit.
    final class WebSocketInflater {
        private let stream: WebSocketZlibStream
        private let resetsAfterEachMessage: Bool
        /// The largest message accepted, inflated, in bytes.
        let maxMessageSize: Int
        /// Whether a compressed message is open (its first frame came, its last not yet).
        private var isInsideMessage = false
        /// Inflated bytes of the open message so far.
        private var inflatedCount = 0
        /// Whether the open message's data ended its DEFLATE stream (a final block).
        private var streamEnded = false
        private var chunk = [UInt8](repeating: 0, count: 64 * 1024)

        /// A decompressor for the server's side of `compression`, or `nil` when zlib cannot make one.
        init?(_ compression: WebSocketCompression, maxMessageSize: Int) {
            // The largest window decodes what any smaller one produced.
            guard let stream = WebSocketZlibStream(inflatingWithWindowBits: 15) else { return nil }
            self.stream = stream
            self.maxMessageSize = maxMessageSize
            resetsAfterEachMessage = compression.serverNoContextTakeover
        }

        /// `frame` with its payload inflated when it belongs to a compressed message, and RSV1
        /// cleared; any other frame as it is. The frame parser has already refused RSV1 on control
        /// and continuation frames.
        func decompress(_ frame: WebSocketFrame) throws(WebSocketProtocolError) -> WebSocketFrame {
            switch frame.opcode {
            case .ping, .pong, .close: return frame
            case .text, .binary:
                guard !isInsideMessage else {
                    throw .framing("a new data message began before the previous one's last fragment")
                }
                guard frame.rsv1 else { return frame }
                isInsideMessage = true
                inflatedCount = 0
                streamEnded = false
            case .continuation:
                guard isInsideMessage else { return frame }
            }
            var payload: [UInt8] = []
            try inflate(frame.payload, into: &payload)
            if frame.isFinal {
                if !streamEnded { try inflate(WebSocketDeflater.flushTail, into: &payload) }
                isInsideMessage = false
                // A stream that ended (a final block) cannot take more; the next message starts anew.
                if resetsAfterEachMessage || streamEnded { stream.reset() }
            }
            return WebSocketFrame(opcode: frame.opcode, payload: payload, isFinal: frame.isFinal)
        }

        /// Inflates `input` onto `output`, failing with 1009 before the message passes the limit
        /// and with 1007 when the data is not DEFLATE.
        private func inflate(_ input: [UInt8], into output: inout [UInt8]) throws(WebSocketProtocolError) {
            var offset = 0
            while !streamEnded {
                let step = input.withUnsafeBufferPointer { input in
                    chunk.withUnsafeMutableBufferPointer { chunk in
                        stream.step(
                            UnsafeBufferPointer(rebasing: input[offset...]), into: chunk, flush: NZLIB_SYNC_FLUSH)
                    }
                }
                switch step.status {
                case NZLIB_OK, NZLIB_BUF_ERROR: break
                case NZLIB_STREAM_END: streamEnded = true
                default:
                    throw WebSocketProtocolError(
                        .invalidFramePayloadData, "a compressed message was not valid DEFLATE data")
                }
                guard step.status != NZLIB_BUF_ERROR || step.consumed > 0 || step.produced > 0 || offset == input.count
                else {
                    throw WebSocketProtocolError(
                        .invalidFramePayloadData, "a compressed message was not valid DEFLATE data")
                }
                offset += step.consumed
                guard inflatedCount + step.produced <= maxMessageSize else {
                    throw WebSocketProtocolError(
                        .messageTooBig,
                        "a compressed message inflated to more than \(maxMessageSize) bytes, over the limit")
                }
                inflatedCount += step.produced
                output.append(contentsOf: chunk[..<step.produced])
                // A final block ends the stream (RFC 7692 §7.2.3.4); whatever follows it in the
                // message cannot add to it, and is dropped.
                if streamEnded { return }
                // zlib had room to spare and nothing left to read: all of `input` is out.
                if offset == input.count, step.produced < chunk.count { return }
            }
        }
    }
#endif
