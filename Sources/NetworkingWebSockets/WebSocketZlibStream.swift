#if canImport(CZlibShim)
    import CZlibShim

    /// One raw DEFLATE stream (RFC 1951) of the zlib loaded at run time, compressing or
    /// decompressing: the only place that calls zlib, for permessage-deflate's two directions.
    ///
    /// A stream has history (the window of bytes it last saw), so it is used by one thread at a
    /// time: the connection's loop inflates, senders deflate under a lock.
    package final class WebSocketZlibStream {
        /// What one call of zlib did.
        struct Step {
            /// Bytes taken from the input.
            var consumed: Int
            /// Bytes written to the output.
            var produced: Int
            /// zlib's status (`NZLIB_OK`, `NZLIB_STREAM_END`, `NZLIB_BUF_ERROR`, or an error).
            var status: Int32
        }

        private let stream: OpaquePointer

        /// Whether zlib (`libz.so.1`) could be loaded; without it no compression is offered.
        package static var isAvailable: Bool { nzlib_load() == 1 }

        /// A compressing stream with a window of 2^`windowBits` bytes, or `nil` when zlib is not
        /// available or refuses the stream.
        init?(deflatingWithWindowBits windowBits: Int) {
            // zlib's raw deflate has no 256-byte window: it refuses 8, and a 512-byte window
            // never reaches back more than 250 bytes (its window minus its lookahead), so 9 keeps
            // within what a peer that asked for 8 can hold.
            guard let stream = nzlib_deflater(Int32(max(windowBits, 9)), NZLIB_DEFAULT_COMPRESSION, 8) else {
                return nil
            }
            self.stream = stream
        }

        /// A decompressing stream for windows up to 2^`windowBits` bytes, or `nil` when zlib is
        /// not available or refuses the stream.
        init?(inflatingWithWindowBits windowBits: Int) {
            guard let stream = nzlib_inflater(Int32(windowBits)) else { return nil }
            self.stream = stream
        }

        deinit { nzlib_free(stream) }

        /// Forgets the history, as after a message when the context is not taken over.
        func reset() { _ = nzlib_reset(stream) }

        /// One call of zlib on `input` into `output`, with `flush` (`NZLIB_SYNC_FLUSH` to end on
        /// a byte boundary with everything written).
        func step(
            _ input: UnsafeBufferPointer<UInt8>, into output: UnsafeMutableBufferPointer<UInt8>, flush: Int32
        ) -> Step {
            var consumed = 0
            var produced = 0
            let status = nzlib_process(
                stream, input.baseAddress, input.count, &consumed, output.baseAddress, output.count, &produced, flush)
            return Step(consumed: consumed, produced: produced, status: status)
        }
    }
#endif
