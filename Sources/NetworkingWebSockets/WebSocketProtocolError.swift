/// A breach of the WebSocket protocol by the peer, and the close code the connection fails with.
///
/// Thrown by the frame parser and the message assembler; a connection that meets one sends a
/// close frame with `closeCode` and ends its message sequence with a `NetworkingError` whose
/// `underlyingError` is this value.
public struct WebSocketProtocolError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The status the connection is closed with: 1002 for a framing error, 1007 for text that is
    /// not UTF-8, 1009 for a frame or message over the size limit.
    public let closeCode: WebSocketCloseCode
    /// What the peer did, as a sentence fragment ("a control frame was fragmented").
    public let reason: String

    /// Creates an error closing with `closeCode` for `reason`.
    package init(_ closeCode: WebSocketCloseCode, _ reason: String) {
        self.closeCode = closeCode
        self.reason = reason
    }

    /// A framing error (1002).
    static func framing(_ reason: String) -> WebSocketProtocolError { WebSocketProtocolError(.protocolError, reason) }

    /// A sentence naming the breach and the close code.
    public var description: String { "The WebSocket peer broke the protocol: \(reason) (close code \(closeCode))." }
}
