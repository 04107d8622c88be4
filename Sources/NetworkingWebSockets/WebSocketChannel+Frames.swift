#if os(Linux)
    import Foundation
    import Glibc
    import NetworkingCore

    extension WebSocketChannel {
        /// Takes every complete frame out of the parser: messages to the consumer, pings answered,
        /// pongs matched to their pings, the peer's close answered; a breach fails the connection
        /// with its close code.
        func processFrames(_ session: inout Session) {
            while session.failure == nil, !session.closeReceived {
                let event: WebSocketMessageAssembler.Event
                do throws(WebSocketProtocolError) {
                    guard var frame = try session.parser.nextFrame() else { return }
                    if let inflater = session.inflater { frame = try inflater.decompress(frame) }
                    guard let assembled = try session.assembler.consume(frame) else { continue }
                    event = assembled
                } catch {
                    session.failure = .webSocket(error, url: handshake.url)
                    queueClose(&session, error.closeCode, "")
                    inbox.finish(session.failure)
                    return
                }
                switch event {
                case .text(let text): inbox.push(.text(text))
                case .binary(let bytes): inbox.push(.binary(Data(bytes)))
                case .ping(let payload):
                    guard !session.closeSent else { continue }
                    WebSocketFrame.encode(
                        opcode: .pong, payload: payload, maskingKey: Self.maskingKey(), into: &session.output)
                case .pong(let payload):
                    guard payload.count == 8 else { continue }  // unsolicited pongs are allowed and ignored
                    let id = payload.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
                    let answered = state.withLock { state in
                        let split = state.pings.partition { $0.id > id }
                        defer { state.pings.removeFirst(split) }
                        return state.pings[..<split].map(\.continuation)
                    }
                    for continuation in answered { continuation.resume() }
                case .close(let code, let reason):
                    session.closeReceived = true
                    state.withLock { $0.peerClose = (code, reason) }
                    // Echo the status (RFC 6455 §5.5.1), or close without one when it had none.
                    queueClose(&session, code, "")
                }
            }
        }

        /// The masked frame carrying `message`: its payload compressed by `deflater`, with RSV1 set,
        /// when there is one (RFC 7692 §6.1); as it is otherwise.
        static func encode(_ message: WebSocketMessage, compressingWith deflater: WebSocketDeflater?)
            throws(NetworkingError) -> [UInt8]
        {
            var frame: [UInt8] = []
            let key = maskingKey()
            switch (message, deflater) {
            case (.text(let text), nil):
                WebSocketFrame.encode(opcode: .text, payload: text.utf8, maskingKey: key, into: &frame)
            case (.binary(let data), nil):
                WebSocketFrame.encode(opcode: .binary, payload: data, maskingKey: key, into: &frame)
            case (.text(var text), let deflater?):
                guard let payload = text.withUTF8({ deflater.compress($0) }) else { throw compressionFailed }
                WebSocketFrame.encode(opcode: .text, payload: payload, rsv1: true, maskingKey: key, into: &frame)
            case (.binary(let data), let deflater?):
                let compressed = data.withUnsafeBytes { deflater.compress($0.assumingMemoryBound(to: UInt8.self)) }
                guard let payload = compressed else { throw compressionFailed }
                WebSocketFrame.encode(opcode: .binary, payload: payload, rsv1: true, maskingKey: key, into: &frame)
            }
            return frame
        }

        /// The error of a send whose message zlib failed to compress.
        private static var compressionFailed: NetworkingError {
            .transport(URLError(.unknown, userInfo: [NSLocalizedDescriptionKey: "zlib failed to compress a message"]))
        }

        /// Ends the connection: the socket is released, then the consumer, senders, pingers and
        /// closers are told.
        func finish(_ session: inout Session, _ error: NetworkingError?) {
            guard !session.done else { return }
            session.done = true
            let (senders, pings, closers) = state.withLock { state in
                state.end = .some(error)
                state.writer = nil
                defer {
                    state.sendWaiters = []
                    state.pings = []
                    state.endWaiters = []
                }
                return (state.sendWaiters, state.pings.map(\.continuation), state.endWaiters)
            }
            // No message is compressed after the end: the zlib stream goes now, not with the owner.
            deflater.withLock { $0 = nil }
            // The socket is closed before anyone hears of the end, so that a finished `close()`
            // leaves no descriptor behind.
            session.connection.release()
            let failure = error ?? NetworkingError.webSocketClosed
            for sender in senders { sender.resume(throwing: failure) }
            for ping in pings { ping.resume(throwing: failure) }
            inbox.finish(error)
            for closer in closers { closer.resume() }
        }
    }
#endif
