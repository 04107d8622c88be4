import Foundation
import NetworkingCore

/// An open WebSocket connection (RFC 6455), made by `Networking.webSocket(_:protocols:options:)`.
///
/// Send with `send(_:)`, receive by iterating `messages` (one consumer at a time), check the
/// connection with `ping()`, end it with `close(code:reason:)`. Pings from the server are
/// answered automatically, and a close from the server is answered and ends `messages`
/// normally, with `closeCode` and `closeReason` telling what it said.
///
/// The connection lives as long as this object (and its `messages`): when the last reference
/// goes, it closes with 1001 (going away). Cancelling the task that iterates `messages` closes it the same way.
///
/// ```swift
/// let socket = try await networking.webSocket("/chat", protocols: ["chat.v1"])
/// try await socket.send(.text("hello"))
/// for try await message in socket.messages { print(message) }
/// ```
public final class WebSocket: Sendable {
    /// The URL connected to (`ws` or `wss`).
    public let url: URL
    /// The subprotocol the server chose among those offered, if any.
    public let negotiatedProtocol: String?
    /// The permessage-deflate parameters agreed with the server, when messages are compressed
    /// both ways; `nil` when compression was not offered (`WebSocketOptions.compression`) or
    /// the server declined it.
    public let negotiatedCompression: WebSocketCompression?
    /// The connection under the socket: the library's own framing on Linux, Foundation's on Apple
    /// platforms.
    let connection: any WebSocketConnection

    init(url: URL, agreement: WebSocketHandshake.Agreement, connection: any WebSocketConnection) {
        self.url = url
        self.negotiatedProtocol = agreement.subprotocol
        self.negotiatedCompression = agreement.compression
        self.connection = connection
    }

    deinit { connection.abandon() }

    /// The messages the server sends, in order. The sequence ends normally when the
    /// connection closes cleanly (either side), and throws when it fails: a protocol breach
    /// (`NetworkingError.webSocketProtocolError` tells which), a message over the limit, the
    /// idle timeout, or a connection lost without a close frame.
    public var messages: Messages { Messages(socket: self) }

    /// Sends a message (compressed when `negotiatedCompression` says so); suspends while the
    /// send buffer is full. Throws `.invalidRequest` once the connection is closing or closed,
    /// or the error it failed with.
    public func send(_ message: WebSocketMessage) async throws(NetworkingError) {
        try await connection.send(message)
    }

    /// Sends a ping and returns when the server's pong arrives.
    public func ping() async throws(NetworkingError) { try await connection.ping() }

    /// Closes the connection: sends a close frame with `code` and `reason` (cut to fit 123
    /// bytes of UTF-8), then returns once the server answered or `closeTimeout` passed. Only
    /// codes allowed on the wire can be sent; another code sends 1000.
    public func close(code: WebSocketCloseCode = .normalClosure, reason: String = "") async {
        await connection.close(code: code.isAllowedOnWire ? code : .normalClosure, reason: reason)
    }

    /// The status code of the server's close frame, once it came (`.noStatusReceived` when it
    /// carried none); `nil` before, or when the connection ended without one.
    public var closeCode: WebSocketCloseCode? {
        connection.peerClose.map { $0.code ?? .noStatusReceived }
    }

    /// The reason of the server's close frame, once it came.
    public var closeReason: String? { connection.peerClose?.reason }

    /// The messages of a connection, as an `AsyncSequence` that throws `NetworkingError`.
    public struct Messages: AsyncSequence, Sendable {
        /// Kept so that the connection stays open while its messages are read.
        let socket: WebSocket

        /// An iterator over the messages.
        public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(socket: socket) }

        /// Takes the messages one at a time.
        public struct AsyncIterator: AsyncIteratorProtocol {
            let socket: WebSocket

            /// The next message, or `nil` once the connection closed cleanly.
            public mutating func next() async throws(NetworkingError) -> WebSocketMessage? {
                try await socket.connection.nextMessage()
            }
        }
    }
}
