import Foundation
import NetworkingCore
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One WebSocket connection over Foundation's `URLSessionWebSocketTask`: the connection under a
/// `WebSocket` on Apple platforms, where Foundation writes the upgrade, masks and frames the
/// messages, answers pings and closes. It compiles everywhere, so the compiler checks it on Linux
/// too, but Linux uses `WebSocketChannel`: Foundation there needs a libcurl built with WebSocket
/// support, which Debian's is not.
///
/// Each connection has a session of its own, whose delegate reports the opening, the peer's close
/// and the end; the session is invalidated when the connection ends, so nothing outlives it. A
/// receiving task asks for the next message only while the inbox has room (back-pressure).
final class URLSessionWebSocketConnection: WebSocketConnection {
    private struct State {
        var task: URLSessionWebSocketTask?
        /// The handshake's waiter, until the upgrade or the end.
        var opening: CheckedContinuation<String?, any Error>?
        /// The server's answer when it refused the upgrade with an HTTP authentication challenge.
        var refusal: HTTPURLResponse?
        /// Why the server's certificate was refused in the server-trust challenge (Apple platforms).
        var distrust: NetworkingError?
        var peerClose: (code: WebSocketCloseCode?, reason: String)?
        var closeQueued = false
        var lastReceived = ContinuousClock.now
        /// The receiving task's waiter while the inbox is full.
        var roomWaiter: CheckedContinuation<Void, Never>?
        var endWaiters: [CheckedContinuation<Void, Never>] = []
        /// Set once the connection ended: the error, or `.some(nil)` for a clean close.
        var end: NetworkingError?? = nil
    }

    private let state = Mutex(State())
    private let handshake: WebSocketHandshake
    private let options: WebSocketOptions
    private let session: URLSession
    /// Why the client's path or trust settings cannot be honoured here: the opening fails with it.
    private let unsupportedSettings: NetworkingError?
    /// Received messages on their way to the consumer (set once, in `init`).
    nonisolated(unsafe) private(set) var inbox: WebSocketInbox!

    /// A connection for `handshake`, in a session made from `configuration` (copied), trusting
    /// servers as `trust` says (on Apple platforms, in the server-trust challenge: see
    /// `URLSessionWebSocketRelay`). With `unsupportedSettings`, the settings of the client this
    /// connection cannot honour, opening it fails with that error and nothing is sent.
    init(
        handshake: WebSocketHandshake, options: WebSocketOptions, configuration: URLSessionConfiguration,
        trust: ServerTrust = .system, unsupportedSettings: NetworkingError? = nil
    ) {
        self.handshake = handshake
        self.options = options
        self.unsupportedSettings = unsupportedSettings
        let relay = URLSessionWebSocketRelay(trust: trust)
        // A session of its own, from a copy without any background identifier: a second session
        // with a background session's identifier is undefined behaviour, and a background session
        // runs no WebSocket task (see `nonBackgroundCopy()`).
        session = URLSession(configuration: configuration.nonBackgroundCopy(), delegate: relay, delegateQueue: nil)
        inbox = WebSocketInbox(
            capacity: options.receiveBufferSize, onRoom: { [weak self] in self?.madeRoom() },
            onCancel: { [weak self] in self?.abandon() })
        relay.connection.withLock { $0 = self }
    }

    package var peerClose: (code: WebSocketCloseCode?, reason: String)? { state.withLock { $0.peerClose } }

    package func nextMessage() async throws(NetworkingError) -> WebSocketMessage? { try await inbox.next() }

    /// Sends the upgrade and waits for it. Throws `.http` (4xx and 5xx) or `.validation` (any
    /// other status, redirects included) with the server's answer when it refused; the error of
    /// the server-trust check when the server's certificate was refused; and, before anything is
    /// sent, `.invalidRequest` for the client's settings this connection cannot honour.
    package func open() async throws(NetworkingError) -> WebSocketHandshake.Agreement {
        do {
            return try await upgrade()
        } catch {
            end(error, cancelling: true)  // lets the session go, and with it its delegate
            throw error
        }
    }

    private func upgrade() async throws(NetworkingError) -> WebSocketHandshake.Agreement {
        if let unsupportedSettings { throw unsupportedSettings }
        _ = try handshake.requestHead()  // the same checks of the URL, subprotocols and fields
        var request = URLRequest(url: handshake.url, timeoutInterval: options.handshakeTimeout)
        for field in handshake.headers where !WebSocketHandshake.reservedNames.contains(field.name.lowercased()) {
            request.addValue(field.value, forHTTPHeaderField: field.name)
        }
        if !handshake.protocols.isEmpty {
            request.setValue(handshake.protocols.joined(separator: ", "), forHTTPHeaderField: "Sec-WebSocket-Protocol")
        }
        let task = session.webSocketTask(with: request)
        task.maximumMessageSize = options.maxMessageSize
        let subprotocol: String?
        do {
            subprotocol = try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<String?, any Error>) in
                    let ended = state.withLock { state -> NetworkingError?? in
                        if let end = state.end { return .some(end) }
                        state.opening = continuation
                        state.task = task
                        return nil
                    }
                    if let ended {
                        continuation.resume(throwing: ended ?? NetworkingError.webSocketClosed)
                    } else {
                        task.resume()
                    }
                }
            } onCancel: {
                task.cancel()
            }
        } catch {
            if Task.isCancelled { throw .cancelled }
            throw state.withLock({ $0.distrust }) ?? refusal(of: task) ?? Self.map(error)
        }
        Task { [weak self] in await self?.receive(from: task) }
        if let idle = options.idleTimeout { Task { [weak self] in await self?.watchIdleness(limit: idle) } }
        return WebSocketHandshake.Agreement(subprotocol: subprotocol)
    }

    /// The error that says how the server refused the upgrade, when it answered over HTTP.
    private func refusal(of task: URLSessionWebSocketTask) -> NetworkingError? {
        guard
            let response = state.withLock({ $0.refusal }) ?? task.response as? HTTPURLResponse,
            response.statusCode != 101
        else { return nil }
        let metadata = ResponseMetadata(response: response, body: Data())
        if response.statusCode >= 400 { return .http(HTTPError(metadata: metadata)) }
        return .validation(
            reason:
                "the server refused the WebSocket upgrade: it answered with status \(response.statusCode) instead of 101",
            metadata)
    }

    package func send(_ message: WebSocketMessage) async throws(NetworkingError) {
        let task = try openTask()
        do {
            switch message {
            case .text(let text): try await task.send(.string(text))
            case .binary(let data): try await task.send(.data(data))
            }
        } catch {
            throw ended ?? Self.map(error)
        }
    }

    package func ping() async throws(NetworkingError) {
        let task = try openTask()
        do {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                task.sendPing { error in
                    if let error { continuation.resume(throwing: error) } else { continuation.resume() }
                }
            }
        } catch {
            throw ended ?? Self.map(error)
        }
        state.withLock { $0.lastReceived = .now }
    }

    package func close(code: WebSocketCloseCode, reason: String) async {
        startClosing(code: code, reason: reason)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ended = state.withLock { state in
                if state.end != nil { return true }
                state.endWaiters.append(continuation)
                return false
            }
            if ended { continuation.resume() }
        }
    }

    package func abandon() { startClosing(code: .goingAway, reason: "") }

    /// Sends a close frame once, then gives the peer `closeTimeout` to answer before the
    /// connection is dropped.
    private func startClosing(code: WebSocketCloseCode, reason: String) {
        let task = state.withLock { state -> URLSessionWebSocketTask? in
            guard !state.closeQueued, state.end == nil else { return nil }
            state.closeQueued = true
            return state.task
        }
        guard let task else { return }
        // Foundation names the codes it can send; another is sent as 1000.
        let closeCode = URLSessionWebSocketTask.CloseCode(rawValue: Int(code.rawValue)) ?? .normalClosure
        let payload = WebSocketMessageAssembler.closePayload(code: code, reason: reason)
        task.cancel(with: closeCode, reason: Data(payload.dropFirst(2)))
        let closeTimeout = options.closeTimeout
        Task { [weak self] in
            try? await Task.sleep(for: .milliseconds(Int(closeTimeout * 1000)))
            self?.end(nil, cancelling: true)
        }
    }

    /// The task, or the error of a connection that is closing or closed.
    private func openTask() throws(NetworkingError) -> URLSessionWebSocketTask {
        try state.withLock { (state) throws(NetworkingError) -> URLSessionWebSocketTask in
            if let end = state.end { throw end ?? NetworkingError.webSocketClosed }
            guard let task = state.task, !state.closeQueued else { throw NetworkingError.webSocketClosed }
            return task
        }
    }

    /// The error the connection ended with, once it ended.
    private var ended: NetworkingError? {
        state.withLock { state in state.end.map { $0 ?? NetworkingError.webSocketClosed } }
    }

    // MARK: - Receiving

    /// Takes messages from Foundation while the inbox has room, until the connection ends.
    private func receive(from task: URLSessionWebSocketTask) async {
        while ended == nil {
            await waitForRoom()
            do {
                let message = try await task.receive()
                state.withLock { $0.lastReceived = .now }
                switch message {
                case .string(let text): inbox.push(.text(text))
                case .data(let data): inbox.push(.binary(data))
                @unknown default: continue
                }
            } catch {
                // A receive fails when the connection ends: the end says how, unless the
                // failure is the receive's own (a message over the limit).
                let failure = Self.map(error)
                if case .transport(let cause) = failure, cause.code == .dataLengthExceedsMaximum {
                    startClosing(code: .messageTooBig, reason: "")
                    end(failure, cancelling: false)
                }
                return
            }
        }
    }

    private func waitForRoom() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state in
                if state.end != nil || inbox.hasRoom { return true }
                state.roomWaiter = continuation
                return false
            }
            if ready { continuation.resume() }
        }
    }

    private func madeRoom() {
        state.withLock { state in
            defer { state.roomWaiter = nil }
            return state.roomWaiter
        }?.resume()
    }

    /// Fails the connection when nothing arrived for `limit` seconds while the consumer kept up.
    private func watchIdleness(limit: TimeInterval) async {
        let interval = Duration.milliseconds(Int(limit * 1000))
        while true {
            try? await Task.sleep(for: interval / 4)
            let silentSince = state.withLock { state in state.end == nil ? state.lastReceived : nil }
            guard let silentSince else { return }
            guard ContinuousClock.now - silentSince >= interval, inbox.hasRoom else { continue }
            let failure = NetworkingError.transport(
                URLError(
                    .timedOut,
                    userInfo: [NSLocalizedDescriptionKey: "nothing arrived on the WebSocket connection for \(limit) s"])
            )
            startClosing(code: .goingAway, reason: "idle timeout")
            end(failure, cancelling: false)
            return
        }
    }

    // MARK: - The end

    /// Ends the connection once: everyone waiting is told, the session is let go.
    private func end(_ error: NetworkingError?, cancelling: Bool) {
        typealias Waiters = (
            opening: CheckedContinuation<String?, any Error>?, ends: [CheckedContinuation<Void, Never>],
            room: CheckedContinuation<Void, Never>?, task: URLSessionWebSocketTask?
        )
        let ending = state.withLock { state -> Waiters? in
            guard state.end == nil else { return nil }
            state.end = .some(error)
            defer {
                state.opening = nil
                state.endWaiters = []
                state.roomWaiter = nil
            }
            return (state.opening, state.endWaiters, state.roomWaiter, state.task)
        }
        guard let (opening, endWaiters, roomWaiter, task) = ending else { return }
        if cancelling { task?.cancel() }
        opening?.resume(throwing: error ?? NetworkingError.webSocketClosed)
        inbox.finish(error)
        roomWaiter?.resume()
        for waiter in endWaiters { waiter.resume() }
        session.finishTasksAndInvalidate()
    }

    /// A failure of Foundation's as the library reports it: a message over `maximumMessageSize`
    /// (`EMSGSIZE`) as on Linux, another socket error as a lost connection.
    private static func map(_ error: any Error) -> NetworkingError {
        let cause = error as NSError
        guard cause.domain == NSPOSIXErrorDomain else { return NetworkingError(error) }
        let code: URLError.Code = cause.code == Int(EMSGSIZE) ? .dataLengthExceedsMaximum : .networkConnectionLost
        return .transport(URLError(code, userInfo: [NSUnderlyingErrorKey: cause]))
    }

    // MARK: - Delegate events

    func opened(subprotocol: String?) {
        state.withLock { state in
            defer { state.opening = nil }
            return state.opening
        }?.resume(returning: subprotocol)
    }

    func peerClosed(code: URLSessionWebSocketTask.CloseCode, reason: Data?) {
        let code = code.rawValue == 1005 ? nil : WebSocketCloseCode(rawValue: UInt16(clamping: code.rawValue))
        state.withLock { $0.peerClose = (code, reason.map { String(decoding: $0, as: UTF8.self) } ?? "") }
    }

    func refused(with response: HTTPURLResponse?) { state.withLock { $0.refusal = response } }

    /// The server-trust check refused the server's certificate with `error`: the task's end
    /// reports it instead of URLSession's cancellation.
    func distrusted(_ error: NetworkingError) { state.withLock { $0.distrust = error } }

    /// The task ended: cleanly after a close either way, otherwise with its error (the refusal of
    /// the server's certificate; a cancellation nobody asked for is a lost connection, as on Linux).
    func completed(with error: (any Error)?) {
        let (closing, distrust) = state.withLock { ($0.peerClose != nil || $0.closeQueued, $0.distrust) }
        guard let error, !closing else { return end(nil, cancelling: false) }
        if let distrust { return end(distrust, cancelling: false) }
        let failure = Self.map(error)
        end(failure.isCancelled ? .transport(URLError(.networkConnectionLost)) : failure, cancelling: false)
    }
}
