#if os(Linux)
    import Foundation
    import Glibc
    import NetworkingCore
    import NetworkingCurl

    extension WebSocketChannel {
        /// The loop thread's state: the socket's bytes both ways and the protocol's progress.
        struct Session: ~Copyable {
            let connection: CurlConnection
            var parser: WebSocketFrameParser
            var assembler: WebSocketMessageAssembler
            /// The decompressor of incoming messages, when permessage-deflate was agreed.
            let inflater: WebSocketInflater?
            /// Frames taken from `pending`, being written.
            var output: [UInt8] = []
            var outputOffset = 0
            var closeSent = false
            var closeReceived = false
            /// When the close handshake must be over.
            var closeDeadline: ContinuousClock.Instant?
            var lastReceived = ContinuousClock.now
            /// Why the connection failed, once it did (reading stops; the close frame is flushed).
            var failure: NetworkingError?
            /// The connection is over: the socket is released and everyone told.
            var done = false
        }

        /// The loop thread's body: connect, handshake, then frames until the connection ends.
        func run() {
            Self.runningLoops.add(1, ordering: .relaxed)
            defer { Self.runningLoops.subtract(1, ordering: .relaxed) }
            let connection: CurlConnection
            let leftover: [UInt8]
            let agreement: WebSocketHandshake.Agreement
            let inflater: WebSocketInflater?
            do {
                var url = URLComponents(url: handshake.url, resolvingAgainstBaseURL: false)
                url?.scheme = ["wss", "https"].contains(handshake.url.scheme?.lowercased() ?? "") ? "https" : "http"
                guard let target = url?.url else {
                    throw NetworkingError.invalidRequest("the URL cannot be connected to")
                }
                // Built before connecting: a head that cannot be sent fails without opening a socket.
                let request = try handshake.requestHead()
                connection = try CurlConnection(url: target, configuration: configuration)
                (agreement, leftover) = try shakeHands(connection, request: request)
                inflater = try makeCodecs(for: agreement.compression)
            } catch {
                let failure = NetworkingError(error)
                let opening = state.withLock { state in
                    state.end = .some(failure)
                    defer { state.opening = nil }
                    return state.opening
                }
                opening?.resume(throwing: failure)
                inbox.finish(failure)
                return
            }
            state.withLock { $0.opening }?.resume(returning: agreement)
            state.withLock { $0.opening = nil }
            var session = Session(
                connection: connection,
                parser: WebSocketFrameParser(
                    sender: .server, maxFrameSize: options.maxFrameSize,
                    allowsCompression: agreement.compression != nil),
                assembler: WebSocketMessageAssembler(maxMessageSize: options.maxMessageSize), inflater: inflater)
            session.parser.append(leftover)
            processFrames(&session)
            while !session.done { turn(&session) }
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

        /// Writes the upgrade request (the handshake's `requestHead()`) and reads the response head;
        /// the bytes after the head are the first frames.
        private func shakeHands(_ connection: CurlConnection, request: [UInt8]) throws(NetworkingError) -> (
            WebSocketHandshake.Agreement, [UInt8]
        ) {
            let deadline = ContinuousClock.now + .milliseconds(Int(options.handshakeTimeout * 1000))
            var offset = 0
            while offset < request.count {
                let result = request.withUnsafeBytes {
                    connection.send(UnsafeRawBufferPointer(rebasing: $0[offset...]))
                }
                switch result {
                case .done(let count): offset += count
                case .wouldBlock: try waitDuringHandshake(connection, events: Int16(POLLOUT), deadline: deadline)
                case .failed(let error): throw .transport(error)
                }
            }
            var received: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 16 * 1024)
            while true {
                let result = buffer.withUnsafeMutableBytes { connection.receive(into: $0) }
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
                    received.append(contentsOf: buffer[..<count])
                    if let length = WebSocketHandshake.responseHeadLength(in: received) {
                        let agreement = try handshake.validate(responseHead: received[..<length])
                        return (agreement, Array(received[length...]))
                    }
                    guard received.count <= WebSocketHandshake.maxResponseHeadSize else { throw .invalidResponse }
                case .wouldBlock: try waitDuringHandshake(connection, events: Int16(POLLIN), deadline: deadline)
                case .failed(let error): throw .transport(error)
                }
            }
        }

        private func waitDuringHandshake(
            _ connection: CurlConnection, events: Int16, deadline: ContinuousClock.Instant
        ) throws(NetworkingError) {
            let remaining = deadline - ContinuousClock.now
            guard remaining > .zero else {
                throw .transport(
                    URLError(.timedOut, userInfo: [NSLocalizedDescriptionKey: "the WebSocket handshake timed out"]))
            }
            var descriptors = [
                pollfd(fd: connection.socket, events: events, revents: 0),
                pollfd(fd: wakeDescriptor, events: Int16(POLLIN), revents: 0),
            ]
            _ = poll(&descriptors, 2, Self.milliseconds(remaining))
            drainWakeups()
            if state.withLock({ $0.abandoned }) { throw .cancelled }
        }

        /// One pass: take what other threads queued, write, read, then wait for the socket, a
        /// wakeup or the next deadline.
        private func turn(_ session: inout Session) {
            drainWakeups()
            takeQueued(&session)
            write(&session)
            if session.closeSent, session.closeReceived || session.failure != nil,
                session.outputOffset == session.output.count
            {
                return finish(&session, session.failure)
            }
            var readAgainSoon = false
            if session.failure == nil, !session.closeReceived, inbox.hasRoom { readAgainSoon = read(&session) }
            if session.done { return }
            if session.closeSent, session.closeReceived || session.failure != nil,
                session.outputOffset == session.output.count
            {
                return finish(&session, session.failure)
            }
            let now = ContinuousClock.now
            var timeout: Duration? = readAgainSoon ? .zero : nil
            if let deadline = session.closeDeadline {
                guard deadline > now else { return finish(&session, session.failure) }
                timeout = min(timeout ?? deadline - now, deadline - now)
            }
            // Silence while the consumer holds the socket unread is not idleness.
            if !inbox.hasRoom { session.lastReceived = now }
            if let idle = options.idleTimeout, session.failure == nil, !session.closeSent {
                let deadline = session.lastReceived + .milliseconds(Int(idle * 1000))
                guard deadline > now else {
                    session.failure = .transport(
                        URLError(
                            .timedOut,
                            userInfo: [
                                NSLocalizedDescriptionKey: "nothing arrived on the WebSocket connection for \(idle) s"
                            ]))
                    queueClose(&session, .goingAway, "idle timeout")
                    return
                }
                timeout = min(timeout ?? deadline - now, deadline - now)
            }
            // Frames queued while the output was being written wait for the next pass: a sender
            // that queued them has already woken the loop for this one.
            if session.outputOffset == session.output.count, state.withLock({ !$0.pending.isEmpty }) {
                timeout = .zero
            }
            var events: Int16 = 0
            if session.failure == nil, !session.closeReceived, inbox.hasRoom { events |= Int16(POLLIN) }
            if session.outputOffset < session.output.count { events |= Int16(POLLOUT) }
            var descriptors = [
                pollfd(fd: session.connection.socket, events: events, revents: 0),
                pollfd(fd: wakeDescriptor, events: Int16(POLLIN), revents: 0),
            ]
            _ = poll(&descriptors, 2, timeout.map(Self.milliseconds) ?? -1)
        }

        /// Moves queued frames into the output once it is written out, and notes a close queued
        /// by another thread (`close`, or the owner gone).
        private func takeQueued(_ session: inout Session) {
            let (waiters, closeQueued) = state.withLock { state in
                var waiters: [CheckedContinuation<Void, any Error>] = []
                if session.outputOffset == session.output.count, !state.pending.isEmpty {
                    session.output.removeAll(keepingCapacity: true)
                    session.outputOffset = 0
                    swap(&session.output, &state.pending)
                    swap(&waiters, &state.sendWaiters)
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
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            for _ in 0..<16 {
                let result = buffer.withUnsafeMutableBytes { session.connection.receive(into: $0) }
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
                    session.parser.append(buffer[..<count])
                    processFrames(&session)
                    if session.failure != nil || session.closeReceived || !inbox.hasRoom { return false }
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
