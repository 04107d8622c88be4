#if os(Linux)
    import Foundation
    import Glibc
    import NetworkingCore

    extension WebSocketChannel {
        /// The opening handshake's progress: the upgrade request written so far and the response
        /// read so far.
        struct HandshakeProgress {
            /// The upgrade request (the handshake's `requestHead()`).
            let request: [UInt8]
            /// When the handshake, connection included, must be over.
            let deadline: ContinuousClock.Instant
            var written = 0
            var received: [UInt8] = []
        }

        /// The open connection's state: the socket's bytes both ways and the protocol's progress.
        struct Session {
            let connection: any ServedConnection
            var parser: WebSocketFrameParser
            var assembler: WebSocketMessageAssembler
            /// The decompressor of incoming messages, when permessage-deflate was agreed.
            let inflater: WebSocketInflater?
            /// Whether the socket is plain (it has a writer for other threads): a read that did not
            /// fill the buffer emptied it, where TLS may still hold bytes the socket no longer shows.
            var isPlain = false
            /// Frames taken from `pending`, being written.
            var output: [UInt8] = []
            var outputOffset = 0
            /// Whether the loop holds the socket for writing its output (see `SocketHolder`).
            var holdsSocket = false
            var closeSent = false
            var closeReceived = false
            /// When the close handshake must be over.
            var closeDeadline: ContinuousClock.Instant?
            var lastReceived = ContinuousClock.now
            /// Why the connection failed, once it did (reading stops; the close frame is flushed).
            var failure: NetworkingError?
            /// The connection is over: everyone is told, and the loop releases the socket.
            var done = false
        }

        /// The loop's call (on its thread): the handshake until it is done, then frames until the
        /// connection ends; returns what to wait for next.
        func serve(_ connection: any ServedConnection, _ event: ServedConnectionEvent) -> ServedConnectionInterest {
            if case .failed(let error) = event {
                failOpening(error)
                return .close
            }
            if var session = session.take() {
                let interest = turn(&session)
                self.session = session
                return interest
            }
            guard var progress = handshakeProgress.take() else { return .close }
            if state.withLock({ $0.abandoned }) {
                failOpening(.cancelled)
                return .close
            }
            guard ContinuousClock.now < progress.deadline else {
                failOpening(
                    .transport(
                        URLError(.timedOut, userInfo: [NSLocalizedDescriptionKey: "the WebSocket handshake timed out"]))
                )
                return .close
            }
            guard connection.isOpen else {
                handshakeProgress = progress
                return ServedConnectionInterest(deadline: progress.deadline)  // still connecting
            }
            do throws(NetworkingError) {
                guard let (agreement, leftover) = try shakeHands(connection, &progress) else {
                    let wantsToWrite = progress.written < progress.request.count
                    handshakeProgress = progress
                    return ServedConnectionInterest(
                        readable: !wantsToWrite, writable: wantsToWrite, deadline: progress.deadline)
                }
                var session = Session(
                    connection: connection,
                    parser: WebSocketFrameParser(
                        sender: .server, maxFrameSize: options.maxFrameSize,
                        allowsCompression: agreement.compression != nil),
                    assembler: WebSocketMessageAssembler(maxMessageSize: options.maxMessageSize),
                    inflater: try makeCodecs(for: agreement.compression))
                let writer = agreement.compression == nil ? connection.directWriter() : nil
                session.isPlain = writer != nil
                state.withLock { $0.writer = writer }
                state.withLock { $0.opening }?.resume(returning: agreement)
                state.withLock { $0.opening = nil }
                session.parser.append(leftover)
                processFrames(&session)
                let interest = turn(&session)
                self.session = session
                return interest
            } catch {
                failOpening(error)
                return .close
            }
        }

        /// Ends a connection that never opened: the opener and the consumer get `failure`.
        private func failOpening(_ failure: NetworkingError) {
            handshakeProgress = nil
            let waiter = state.withLock { state in
                state.end = .some(failure)
                defer { state.opening = nil }
                return state.opening
            }
            waiter?.resume(throwing: failure)
            inbox.finish(failure)
        }

        /// The compressor (installed for senders) and the decompressor (returned, for the loop) of
        /// the compression agreed; neither when none was.
        private func makeCodecs(for compression: WebSocketCompression?) throws(NetworkingError) -> WebSocketInflater? {
            guard let compression else { return nil }
            let installed = deflater.withLock { deflater in
                deflater = WebSocketDeflater(compression)
                return deflater != nil
            }
            guard installed, let inflater = WebSocketInflater(compression, maxMessageSize: options.maxMessageSize)
            else {
                throw .transport(
                    URLError(
                        .cannotConnectToHost,
                        userInfo: [NSLocalizedDescriptionKey: "zlib could not start a permessage-deflate stream"]))
            }
            return inflater
        }

        /// Writes what the socket takes of the upgrade request, then reads what it has of the
        /// response head; once the head is complete, what it agreed and the bytes after it (the
        /// first frames). `nil` while the socket has no more room or bytes for now.
        private func shakeHands(_ connection: any ServedConnection, _ progress: inout HandshakeProgress)
            throws(NetworkingError)
            -> (
                WebSocketHandshake.Agreement, [UInt8]
            )?
        {
            while progress.written < progress.request.count {
                let offset = progress.written
                let result = progress.request.withUnsafeBytes {
                    connection.send(UnsafeRawBufferPointer(rebasing: $0[offset...]))
                }
                switch result {
                case .done(let count): progress.written += count
                case .wouldBlock: return nil
                case .failed(let error): throw .transport(error)
                }
            }
            let buffer = WebSocketReadBuffer.take()
            defer { WebSocketReadBuffer.give(buffer) }
            while true {
                let result = connection.receive(into: buffer)
                switch result {
                case .done(0):
                    throw .transport(
                        URLError(
                            .networkConnectionLost,
                            userInfo: [
                                NSLocalizedDescriptionKey:
                                    "the server closed the connection during the WebSocket handshake"
                            ]
                        ))
                case .done(let count):
                    progress.received.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[..<count]))
                    if let length = WebSocketHandshake.responseHeadLength(in: progress.received) {
                        let agreement = try handshake.validate(responseHead: progress.received[..<length])
                        return (agreement, Array(progress.received[length...]))
                    }
                    guard progress.received.count <= WebSocketHandshake.maxResponseHeadSize else {
                        throw .invalidResponse
                    }
                case .wouldBlock: return nil
                case .failed(let error): throw .transport(error)
                }
            }
        }

        /// One pass: take what other threads queued, write, read; then what to wait for: the
        /// socket, a wakeup, or the next deadline (close handshake, idle timeout).
        private func turn(_ session: inout Session) -> ServedConnectionInterest {
            takeQueued(&session)
            write(&session)
            if isOver(session) { finish(&session, session.failure) }
            if session.done { return .close }
            var readAgainSoon = false
            if session.failure == nil, !session.closeReceived, inbox.hasRoom { readAgainSoon = read(&session) }
            if !session.done, isOver(session) { finish(&session, session.failure) }
            if session.done { return .close }
            let now = ContinuousClock.now
            var deadline: ContinuousClock.Instant?
            if let closeDeadline = session.closeDeadline {
                guard closeDeadline > now else {
                    finish(&session, session.failure)
                    return .close
                }
                deadline = closeDeadline
            }
            // Silence while the consumer holds the socket unread is not idleness.
            if !inbox.hasRoom { session.lastReceived = now }
            if let idle = options.idleTimeout, session.failure == nil, !session.closeSent {
                let idleDeadline = session.lastReceived + .milliseconds(Int(idle * 1000))
                guard idleDeadline > now else {
                    session.failure = .transport(
                        URLError(
                            .timedOut,
                            userInfo: [
                                NSLocalizedDescriptionKey: "nothing arrived on the WebSocket connection for \(idle) s"
                            ]))
                    queueClose(&session, .goingAway, "idle timeout")
                    return ServedConnectionInterest(again: true)
                }
                deadline = min(deadline ?? idleDeadline, idleDeadline)
            }
            // Frames queued while the output was being written wait for the next pass: a sender
            // that queued them has already woken the loop for this one.
            if session.outputOffset == session.output.count, state.withLock({ !$0.pending.isEmpty }) {
                readAgainSoon = true
            }
            // Output waiting for a sender to hand the socket back waits for its wake-up, not the socket.
            let writes = session.outputOffset < session.output.count && holdSocket(&session)
            return ServedConnectionInterest(
                readable: session.failure == nil && !session.closeReceived && inbox.hasRoom,
                writable: writes, again: readAgainSoon, deadline: deadline)
        }

        /// Whether both close frames are through (or the connection failed after sending its own)
        /// and the output is written out.
        private func isOver(_ session: Session) -> Bool {
            session.closeSent && (session.closeReceived || session.failure != nil)
                && session.outputOffset == session.output.count
        }

        /// Moves queued frames into the output once it is written out, and notes a close queued
        /// by another thread (`close`, or the owner gone).
        private func takeQueued(_ session: inout Session) {
            let (waiters, closeQueued) = state.withLock { state in
                var waiters: [CheckedContinuation<Void, any Error>] = []
                // A sender writing its frame holds the socket: what was queued after it waits.
                if session.outputOffset == session.output.count, !state.pending.isEmpty, state.socketHolder != .sender {
                    session.output.removeAll(keepingCapacity: true)
                    session.outputOffset = 0
                    swap(&session.output, &state.pending)
                    swap(&waiters, &state.sendWaiters)
                    // Taken with the frames, so that no sender writes ahead of them.
                    state.socketHolder = .loop
                    state.loopWaitsForSocket = false
                    session.holdsSocket = true
                }
                // A close queued by another thread is the last frame queued: once `pending` is
                // empty, it is in the output.
                return (waiters, (state.closeQueued, state.closeQueued && state.pending.isEmpty))
            }
            for waiter in waiters { waiter.resume() }
            let (queued, inOutput) = closeQueued
            // The close handshake's time runs from when the close is queued, even while the
            // frames before it cannot be written.
            if queued, session.closeDeadline == nil { session.closeDeadline = closeDeadline() }
            if inOutput, !session.closeSent { markCloseSent(&session) }
        }

        /// Queues a close frame of the loop's own (an answer, a failure, the owner gone).
        func queueClose(_ session: inout Session, _ code: WebSocketCloseCode?, _ reason: String) {
            // Frames still queued are dropped: nothing may follow the close frame. A close queued
            // already (by `close`, or the owner gone) goes out after what precedes it.
            let alreadyQueued = state.withLock { state in
                if state.closeQueued { return true }
                state.closeQueued = true
                state.pending.removeAll()
                return false
            }
            guard !alreadyQueued else { return }
            let payload = code.map { WebSocketMessageAssembler.closePayload(code: $0, reason: reason) } ?? []
            WebSocketFrame.encode(
                opcode: .close, payload: payload, maskingKey: Self.maskingKey(), into: &session.output)
            markCloseSent(&session)
        }

        private func markCloseSent(_ session: inout Session) {
            guard !session.closeSent else { return }
            session.closeSent = true
            if session.closeDeadline == nil { session.closeDeadline = closeDeadline() }
        }

        private func closeDeadline() -> ContinuousClock.Instant {
            .now + .milliseconds(Int(options.closeTimeout * 1000))
        }

        private func write(_ session: inout Session) {
            guard session.outputOffset < session.output.count, holdSocket(&session) else { return }
            defer { if session.outputOffset == session.output.count { releaseSocket(&session) } }
            while session.outputOffset < session.output.count {
                let offset = session.outputOffset
                let result = session.output.withUnsafeBytes {
                    session.connection.send(UnsafeRawBufferPointer(rebasing: $0[offset...]))
                }
                switch result {
                case .done(let count): session.outputOffset += count
                case .wouldBlock: return
                case .failed(let error): return finish(&session, session.failure ?? .transport(error))
                }
            }
        }

        /// Reads until the socket has nothing more, the consumer has no room, or a pass's share is
        /// used; whether to read again without waiting.
        private func read(_ session: inout Session) -> Bool {
            let buffer = WebSocketReadBuffer.take()
            defer { WebSocketReadBuffer.give(buffer) }
            for _ in 0..<16 {
                let result = session.connection.receive(into: buffer)
                switch result {
                case .done(0):
                    let error = NetworkingError.transport(
                        URLError(
                            .networkConnectionLost,
                            userInfo: [
                                NSLocalizedDescriptionKey: "the server closed the connection without a close frame"
                            ]))
                    finish(&session, session.closeReceived ? nil : session.failure ?? error)
                    return false
                case .done(let count):
                    session.lastReceived = .now
                    session.parser.append(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
                    processFrames(&session)
                    if session.failure != nil || session.closeReceived || !inbox.hasRoom { return false }
                    // A plain socket read short has nothing more: the next bytes wake the loop.
                    if session.isPlain, count < buffer.count { return false }
                case .wouldBlock: return false
                case .failed(let error):
                    finish(&session, session.failure ?? .transport(error))
                    return false
                }
            }
            return true
        }
    }
#endif
