#if os(Linux)
    import Glibc
    import Synchronization

    /// The masking keys of the frames a client sends (RFC 6455 §5.3: a fresh key for each frame,
    /// from a strong source of entropy), drawn from the kernel's random source 64 at a time: the
    /// system generator costs a system call for every key, that is for every message sent.
    enum WebSocketMaskingKeys {
        private struct Batch {
            var keys = [UInt32](repeating: 0, count: 64)
            /// The next key to hand out; `keys.count` when the batch is used up.
            var next = 64
        }

        private static let batch = Mutex(Batch())

        /// A key never handed out before.
        static func next() -> UInt32 {
            batch.withLock { batch in
                if batch.next == batch.keys.count {
                    batch.keys.withUnsafeMutableBytes { Self.fill($0) }
                    batch.next = 0
                }
                defer { batch.next += 1 }
                return batch.keys[batch.next]
            }
        }

        /// Fills `bytes` from the kernel's random source, `/dev/urandom` (opened for the one read,
        /// so that no descriptor stays open: `getrandom` itself is not in the Glibc module), or
        /// from the system generator where that fails.
        private static func fill(_ bytes: UnsafeMutableRawBufferPointer) {
            var filled = 0
            let source = open("/dev/urandom", O_RDONLY | O_CLOEXEC)
            if source >= 0 {
                while filled < bytes.count {
                    let count = read(source, bytes.baseAddress! + filled, bytes.count - filled)
                    guard count > 0 else { break }
                    filled += count
                }
                close(source)
            }
            guard filled < bytes.count else { return }
            var generator = SystemRandomNumberGenerator()
            for index in filled..<bytes.count { bytes[index] = generator.next() }
        }
    }
#endif
