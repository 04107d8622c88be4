#if os(Linux)
    import Synchronization

    /// The scratch space a loop thread reads a WebSocket's socket into, before the frame parser
    /// copies the bytes it was given.
    ///
    /// Buffers are kept between reads and shared by every connection: a fresh zeroed 64 KiB array
    /// for each read cost more instructions than the rest of an echo, and a buffer kept by each
    /// connection would hold 640 MB for ten thousand idle ones. A reader takes one and gives it
    /// back when its read is over, so there are only as many as threads reading at once.
    enum WebSocketReadBuffer {
        /// The size of a buffer: what one `receive` may read.
        static let size = 64 * 1024

        /// The addresses of buffers not in use.
        private static let spare = Mutex<[UInt]>([])

        /// A buffer of `size` bytes, uninitialized, for the caller alone until it gives it back.
        static func take() -> UnsafeMutableRawBufferPointer {
            let start =
                spare.withLock { $0.popLast() }.flatMap { UnsafeMutableRawPointer(bitPattern: $0) }
                ?? UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
            return UnsafeMutableRawBufferPointer(start: start, count: size)
        }

        /// Returns a buffer `take` gave.
        static func give(_ buffer: UnsafeMutableRawBufferPointer) {
            guard let start = buffer.baseAddress else { return }
            let address = UInt(bitPattern: start)
            spare.withLock { $0.append(address) }
        }
    }
#endif
