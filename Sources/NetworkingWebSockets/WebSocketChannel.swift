#if os(Linux)
    import Foundation
    import Glibc
    import NetworkingCore
    import Synchronization

    /// One WebSocket connection with the library's own framing over a `ServedConnection` (on
    /// Linux a libcurl socket served by one of the process's shared connection loops, see
    /// WebSocketChannel+Loop.swift): the transport's thread reads the socket, and no Swift
    /// concurrency thread ever waits for it. Other threads hand the loop frames to send and
    /// requests (close, ping, the owner gone) under a lock, and wake it through the connection;
    /// on a plain socket, a sender that finds nothing queued ahead of its frame writes it itself,
    /// without blocking (WebSocketChannel+Writing.swift).
    package final class WebSocketChannel: WebSocketConnection {
        struct State: ~Copyable {
            /// Encoded frames the loop has not taken yet.
            var pending: [UInt8] = []
            /// Senders waiting for `pending` to drain.
            var sendWaiters: [CheckedContinuation<Void, any Error>] = []
            /// Whether a close frame was queued (nothing may be sent after it).
            var closeQueued = false
            /// Outstanding pings, by the number their payload carries.
            var pings: [(id: UInt64, continuation: CheckedContinuation<Void, any Error>)] = []
            var nextPingID: UInt64 = 0
            /// The peer's close frame, once it came: its code (nil when it had none) and reason.
            var peerClose: (code: WebSocketCloseCode?, reason: String)?
            /// The handshake's waiter, until it completes.
            var opening: CheckedContinuation<WebSocketHandshake.Agreement, any Error>?
            /// Those waiting for the connection to end (`close`).
            var endWaiters: [CheckedContinuation<Void, Never>] = []
            /// Set once the connection has ended: the error, or `.some(nil)` for a clean close.
            var end: NetworkingError?? = nil
            /// Whether the owner is gone (or the consumer was cancelled): close with 1001 and end.
            var abandoned = false
            /// The connection, once `open` made it (woken by other threads).
            var connection: (any ServedConnection)?
            /// The connection's writer for other threads, from the handshake to the end, when it has one.
            var writer: (any ServedConnectionWriter)?
            /// Who writes to the socket (see `SocketHolder`).
            var socketHolder = SocketHolder.nobody
            /// The loop has output to write and waits for a sender to hand the socket back.
            var loopWaitsForSocket = false
            /// When a sender last wrote its frame itself (`monotonicNanoseconds`).
            var lastSenderWrite: UInt64 = 0
        }

        let state = Mutex(State())
        let handshake: WebSocketHandshake
        let options: WebSocketOptions
        /// Makes the connection to a URL (http or https), served by the handler given.
        let connect: @Sendable (URL, @escaping ServedConnectionHandler) -> any ServedConnection
        /// The compressor of outgoing messages once permessage-deflate is agreed (set by the loop
        /// before the handshake completes). Its lock is held from compressing a message to queueing
        /// its frame, so that frames reach the wire in the order their context saw them.
        let deflater = Mutex<WebSocketDeflater?>(nil)
        /// Received messages on their way to the consumer (set once, in `init`).
        nonisolated(unsafe) private(set) var inbox: WebSocketInbox!
        /// The opening handshake's progress, from `open` until the connection is open or failed.
        /// The loop thread's only once `open` handed the connection over.
        nonisolated(unsafe) var handshakeProgress: HandshakeProgress?
        /// The open connection's state. The loop thread's only.
        nonisolated(unsafe) var session: Session?

        /// A connection for `handshake` with `options`, over what `connect` makes.
        package init(
            handshake: WebSocketHandshake, options: WebSocketOptions,
            connect: @escaping @Sendable (URL, @escaping ServedConnectionHandler) -> any ServedConnection
        ) {
            self.handshake = handshake
            self.options = options
            self.connect = connect
            inbox = WebSocketInbox(
                capacity: options.receiveBufferSize, onRoom: { [weak self] in self?.wake() },
                onCancel: { [weak self] in self?.abandon() })
        }

        /// Has the loop serve the connection (a frame queued, room in the inbox, a close).
        func wake() { state.withLock { $0.connection }?.wake() }

        /// Connects on a shared loop and waits for the handshake; returns what it agreed.
        package func open() async throws(NetworkingError) -> WebSocketHandshake.Agreement {
            var url = URLComponents(url: handshake.url, resolvingAgainstBaseURL: false)
            url?.scheme = ["wss", "https"].contains(handshake.url.scheme?.lowercased() ?? "") ? "https" : "http"
            guard let target = url?.url else { throw .invalidRequest("the URL cannot be connected to") }
            // Built before connecting: a head that cannot be sent fails without opening a socket.
            handshakeProgress = HandshakeProgress(
                request: try handshake.requestHead(),
                deadline: .now + .milliseconds(Int(options.handshakeTimeout * 1000)))
            // The connection holds this channel until the loop releases it, so that a channel whose
            // owner is gone still closes cleanly.
            let connection = connect(target) { [self] in serve($0, $1) }
            // The loop thread resumes after taking the waiter under `state`: taking it after the
            // await orders what the loop built before this task reads it.
            defer { state.withLock { _ in } }
            do {
                return try await withTaskCancellationHandler {
                    try await withCheckedThrowingContinuation {
                        (continuation: CheckedContinuation<WebSocketHandshake.Agreement, any Error>) in
                        state.withLock {
                            $0.opening = continuation
                            $0.connection = connection
                        }
                        connection.open()
                    }
                } onCancel: {
                    abandon()
                }
            } catch {
                throw NetworkingError(error)
            }
        }

        /// Queues a data message, compressed when permessage-deflate was agreed; suspends while
        /// the send buffer is full.
        package func send(_ message: WebSocketMessage) async throws(NetworkingError) {
            let compressedAndQueued = try deflater.withLock { (deflater) throws(NetworkingError) -> Bool? in
                guard let deflater else { return nil }
                return try enqueue(Self.encode(message, compressingWith: deflater))
            }
            if let compressedAndQueued {
                wake()
                return try await waitForRoom(after: compressedAndQueued)
            }
            let (overBuffer, wakes) = try sendDirectlyOrQueue(Self.encode(message, compressingWith: nil))
            if wakes { wake() }
            try await waitForRoom(after: overBuffer)
        }

        /// Appends an encoded frame to `pending`; whether the send buffer is now over its size.
        private func enqueue(_ frame: [UInt8]) throws(NetworkingError) -> Bool {
            try state.withLock { (state) throws(NetworkingError) -> Bool in
                try Self.checkOpen(state)
                state.pending.append(contentsOf: frame)
                return state.pending.count > options.sendBufferSize
            }
        }

        /// When the send buffer is over its size (`mustWait`), suspends until the loop, woken
        /// already, has taken what it holds.
        private func waitForRoom(after mustWait: Bool) async throws(NetworkingError) {
            guard mustWait else { return }
            // The loop thread resumes after taking the waiter under `state`: taking it after the
            // await orders what the loop built before this task reads it.
            defer { state.withLock { _ in } }
            do {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                    let outcome: NetworkingError?? = state.withLock { state in
                        if let end = state.end { return .some(end ?? NetworkingError.webSocketClosed) }
                        guard state.pending.count > options.sendBufferSize else { return .some(nil) }
                        state.sendWaiters.append(continuation)
                        return nil
                    }
                    guard let outcome else { return }
                    if let error = outcome { continuation.resume(throwing: error) } else { continuation.resume() }
                }
            } catch {
                throw NetworkingError(error)
            }
        }

        /// Sends a ping and waits for its pong.
        package func ping() async throws(NetworkingError) {
            // The loop thread resumes after taking the waiter under `state`: taking it after the
            // await orders what the loop built before this task reads it.
            defer { state.withLock { _ in } }
            do {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                    let failure: NetworkingError? = state.withLock { state in
                        do throws(NetworkingError) {
                            try Self.checkOpen(state)
                        } catch { return error }
                        state.nextPingID += 1
                        let id = state.nextPingID
                        let payload = (0..<8).map { UInt8(truncatingIfNeeded: id >> UInt64(56 - $0 * 8)) }
                        WebSocketFrame.encode(
                            opcode: .ping, payload: payload, maskingKey: Self.maskingKey(), into: &state.pending)
                        state.pings.append((id, continuation))
                        return nil
                    }
                    if let failure { continuation.resume(throwing: failure) } else { wake() }
                }
            } catch {
                throw NetworkingError(error)
            }
        }

        /// Starts the closing handshake with `code` and `reason` and waits until the connection ended.
        package func close(code: WebSocketCloseCode, reason: String) async {
            let queued = state.withLock { state in
                guard !state.closeQueued, state.end == nil else { return false }
                state.closeQueued = true
                let payload = WebSocketMessageAssembler.closePayload(code: code, reason: reason)
                WebSocketFrame.encode(
                    opcode: .close, payload: payload, maskingKey: Self.maskingKey(), into: &state.pending)
                return true
            }
            if queued { wake() }
            // The loop thread resumes after taking the waiter under `state`: taking it after the
            // await orders what the loop built before this task reads it.
            defer { state.withLock { _ in } }
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let ended = state.withLock { state in
                    if state.end != nil { return true }
                    state.endWaiters.append(continuation)
                    return false
                }
                if ended { continuation.resume() }
            }
        }

        /// Closes with 1001 without waiting: the owner is gone or its consumer was cancelled.
        package func abandon() {
            state.withLock { state in
                state.abandoned = true
                guard !state.closeQueued, state.end == nil else { return }
                state.closeQueued = true
                let payload = WebSocketMessageAssembler.closePayload(code: .goingAway, reason: "")
                WebSocketFrame.encode(
                    opcode: .close, payload: payload, maskingKey: Self.maskingKey(), into: &state.pending)
            }
            wake()
        }

        /// The next message received; `nil` once the connection closed cleanly.
        package func nextMessage() async throws(NetworkingError) -> WebSocketMessage? { try await inbox.next() }

        /// The peer's close frame, once it came.
        package var peerClose: (code: WebSocketCloseCode?, reason: String)? { state.withLock { $0.peerClose } }

        static func checkOpen(_ state: borrowing State) throws(NetworkingError) {
            if let end = state.end { throw end ?? NetworkingError.webSocketClosed }
            if state.closeQueued || state.abandoned { throw NetworkingError.webSocketClosed }
        }

        /// A fresh random masking key (RFC 6455 §5.3).
        static func maskingKey() -> UInt32 { WebSocketMaskingKeys.next() }
    }
#endif
