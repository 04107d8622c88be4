#if os(Linux)
    import Glibc
    import NetworkingCore

    extension WebSocketChannel {
        /// Who writes to the socket at the moment. Frames reach the wire in the order they were
        /// queued because one writer at a time holds the socket, and a sender takes it only when
        /// nothing is queued ahead of its frame.
        enum SocketHolder {
            case nobody
            /// The loop thread, writing its output (frames taken from `pending`, pongs, its close).
            case loop
            /// A sender, writing its frame on its own thread through the connection's writer.
            case sender
        }

        /// How long after a sender's own write the next frame is queued for the loop instead: a
        /// burst of sends goes out in the loop's few large writes (one system call for many
        /// frames, and fewer segments for the peer to read), while a send after a quiet spell
        /// (an answer to a message, a request) is written at once.
        static let burstWindowNanoseconds: UInt64 = 50_000

        /// Sends an encoded data frame: written by the calling thread when the connection has a
        /// writer, nothing is queued ahead of it, nobody else writes and no sender wrote in the
        /// last `burstWindowNanoseconds` (so that an echo costs no wake-up of the loop thread);
        /// queued for the loop otherwise, with whatever the socket did not take. Returns whether
        /// the send buffer is now over its size, and whether the loop must be woken for what is
        /// queued (only the first frame queued after the loop took the queue wakes it: it takes
        /// the later ones with it).
        func sendDirectlyOrQueue(_ frame: [UInt8]) throws(NetworkingError) -> (overBuffer: Bool, wakes: Bool) {
            let now = Self.monotonicNanoseconds()
            let taken = try state.withLock {
                (state) throws(NetworkingError) -> Result<any ServedConnectionWriter, QueuedFrame> in
                try Self.checkOpen(state)
                if let writer = state.writer, state.socketHolder == .nobody, !state.loopWaitsForSocket,
                    state.pending.isEmpty, now &- state.lastSenderWrite >= Self.burstWindowNanoseconds
                {
                    state.socketHolder = .sender
                    state.lastSenderWrite = now
                    return .success(writer)
                }
                let wasEmpty = state.pending.isEmpty
                state.pending.append(contentsOf: frame)
                return .failure(QueuedFrame(overBuffer: state.pending.count > options.sendBufferSize, wakes: wasEmpty))
            }
            let writer: any ServedConnectionWriter
            switch taken {
            case .success(let taken): writer = taken
            case .failure(let queued): return (queued.overBuffer, queued.wakes)
            }
            var written = 0
            frame.withUnsafeBytes { bytes in
                while written < bytes.count {
                    // A failure leaves the rest to the loop, whose own write fails the connection.
                    guard case .done(let count) = writer.send(UnsafeRawBufferPointer(rebasing: bytes[written...])),
                        count > 0
                    else { return }
                    written += count
                }
            }
            return state.withLock { state in
                state.socketHolder = .nobody
                // Frames queued meanwhile came after this one: what the socket did not take goes first.
                if written < frame.count { state.pending.insert(contentsOf: frame[written...], at: 0) }
                return (
                    state.pending.count > options.sendBufferSize, !state.pending.isEmpty || state.loopWaitsForSocket
                )
            }
        }

        /// What queueing a frame found (a `Result`'s failure only to carry it).
        struct QueuedFrame: Error {
            var overBuffer: Bool
            var wakes: Bool
        }

        /// A monotonic clock's nanoseconds, read without `Duration` arithmetic.
        static func monotonicNanoseconds() -> UInt64 {
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            return UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
        }

        /// Takes the socket for the loop's output, unless a sender holds it (which then wakes the
        /// loop when it is done); whether the loop holds it.
        func holdSocket(_ session: inout Session) -> Bool {
            guard !session.holdsSocket else { return true }
            session.holdsSocket = state.withLock { state in
                guard state.socketHolder != .sender else {
                    state.loopWaitsForSocket = true
                    return false
                }
                state.socketHolder = .loop
                state.loopWaitsForSocket = false
                return true
            }
            return session.holdsSocket
        }

        /// Hands the socket back once the loop's output is written out, so that a sender may
        /// write its next frame itself.
        func releaseSocket(_ session: inout Session) {
            guard session.holdsSocket else { return }
            session.holdsSocket = false
            state.withLock { $0.socketHolder = .nobody }
        }
    }
#endif
