import Foundation

/// How a WebSocket connection is opened and what it accepts.
public struct WebSocketOptions: Sendable {
    /// The largest frame accepted from the server, in bytes (16 MiB by default); a larger one
    /// fails the connection with close code 1009.
    public var maxFrameSize: Int
    /// The largest message accepted from the server, summed over its fragments, in bytes (16 MiB
    /// by default); a larger one fails the connection with close code 1009.
    public var maxMessageSize: Int
    /// How long the connection may stay silent (no byte received) before it fails with
    /// `.transport(URLError(.timedOut))`, in seconds; `nil` (the default) for no limit. A `ping()`
    /// now and then keeps a quiet but healthy connection alive.
    public var idleTimeout: TimeInterval?
    /// The longest the opening handshake may take, connection included, in seconds (30 by default).
    public var handshakeTimeout: TimeInterval
    /// How long to wait for the server's close frame after sending one, in seconds (5 by
    /// default); the connection is dropped after it.
    public var closeTimeout: TimeInterval
    /// How many bytes of received messages may wait for the consumer before the connection stops
    /// reading from the socket (1 MiB by default; a single larger message is still delivered).
    public var receiveBufferSize: Int
    /// How many bytes of sent messages may wait for the socket before `send` suspends (1 MiB by
    /// default).
    public var sendBufferSize: Int
    /// Header fields sent with the handshake besides the client's default headers and credentials.
    /// A name that is not an HTTP token, or a value holding a line break, a NUL or another control
    /// character (the horizontal tab aside), makes `webSocket` fail with `.invalidRequest` before
    /// anything is sent.
    public var headers: [String: String]
    /// The permessage-deflate (RFC 7692) parameters offered, so that messages both ways are
    /// compressed when the server agrees; `nil` to offer no compression. On by default, offering
    /// `permessage-deflate; client_max_window_bits` as browsers do. Not offered either when zlib
    /// (`libz.so.1`) cannot be loaded. The message size limit applies to the inflated size.
    public var compression: WebSocketCompression?

    /// Options with the defaults above; change any of them.
    public init(
        maxFrameSize: Int = 16 << 20, maxMessageSize: Int = 16 << 20, idleTimeout: TimeInterval? = nil,
        handshakeTimeout: TimeInterval = 30, closeTimeout: TimeInterval = 5, receiveBufferSize: Int = 1 << 20,
        sendBufferSize: Int = 1 << 20, headers: [String: String] = [:],
        compression: WebSocketCompression? = WebSocketCompression()
    ) {
        self.maxFrameSize = maxFrameSize
        self.maxMessageSize = maxMessageSize
        self.idleTimeout = idleTimeout
        self.handshakeTimeout = handshakeTimeout
        self.closeTimeout = closeTimeout
        self.receiveBufferSize = receiveBufferSize
        self.sendBufferSize = sendBufferSize
        self.headers = headers
        self.compression = compression
    }
}
