#if canImport(CZlibShim)
    import CZlibShim

    /// Compresses outgoing messages for permessage-deflate (RFC 7692 §7.2.1): each message is
    /// deflated and flushed to a byte boundary, and the empty stored block the flush ends with
    /// (`00 00 FF FF`) is left off, for the receiver to put back. The compression context carries
    /// over from message to message unless the agreement says the client does not take it over.
    final class WebSocketDeflater {
        /// The end of every sync flush, which the sender leaves off (RFC 7692 §7.2.1).
        static let flushTail: [UInt8] = [0x00, 0x00, 0xFF, 0xFF]

        private let stream: WebSocketZlibStream
        private let resetsAfterEachMessage: Bool
        private var chunk = [UInt8](repeating: 0, count: 64 * 1024)

        /// A compressor for the client's side of `compression`, or `nil` when zlib cannot make one.
        init?(_ compression: WebSocketCompression) {
            guard let stream = WebSocketZlibStream(deflatingWithWindowBits: compression.clientMaxWindowBits) else {
                return nil
            }
            self.stream = stream
            resetsAfterEachMessage = compression.clientNoContextTakeover
        }

        /// The compressed payload of a message whose bytes are `message`, or `nil` when zlib failed.
        func compress(_ message: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
            // An empty message is the single byte RFC 7692 §7.2.3.6 gives: with the tail put back,
            // an empty stored block, whatever the context.
            guard !message.isEmpty else { return [0x00] }
            defer { if resetsAfterEachMessage { stream.reset() } }
            var output: [UInt8] = []
            output.reserveCapacity(message.count / 2 + 64)
            var offset = 0
            while true {
                let step = chunk.withUnsafeMutableBufferPointer { chunk in
                    stream.step(UnsafeBufferPointer(rebasing: message[offset...]), into: chunk, flush: NZLIB_SYNC_FLUSH)
                }
                guard step.status == NZLIB_OK || step.status == NZLIB_BUF_ERROR else { return nil }
                offset += step.consumed
                output.append(contentsOf: chunk[..<step.produced])
                // A flush is complete once zlib had room to spare and took all the input.
                if offset == message.count, step.produced < chunk.count { break }
                if step.status == NZLIB_BUF_ERROR, step.consumed == 0, step.produced == 0 { return nil }
            }
            guard output.count >= 4, Array(output.suffix(4)) == Self.flushTail else { return nil }
            output.removeLast(4)
            return output
        }
    }
#endif
