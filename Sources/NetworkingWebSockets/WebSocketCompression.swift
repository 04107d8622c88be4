/// The parameters of permessage-deflate (RFC 7692), the WebSocket extension that compresses each
/// message with DEFLATE: what a client offers, and what the server agreed to.
///
/// As `WebSocketOptions.compression` it is the offer. The default offers compression with the
/// server free to choose every parameter, as browsers do (`permessage-deflate;
/// client_max_window_bits`); setting a property asks for less memory on one side or the other.
/// As `WebSocket.negotiatedCompression` it is what the server's answer settled for the connection.
public struct WebSocketCompression: Sendable, Hashable, CustomStringConvertible {
    /// Whether the server starts each message with an empty compression context
    /// (`server_no_context_takeover`): less memory kept between messages, a worse ratio. In an
    /// offer, `true` requires it of the server.
    public var serverNoContextTakeover: Bool
    /// Whether the client starts each message with an empty compression context
    /// (`client_no_context_takeover`). In an offer, `true` announces that the client will; the
    /// server can also require it.
    public var clientNoContextTakeover: Bool
    /// The size of the server's compression window, as a power of two (8 to 15, 15 meaning 32
    /// KiB). In an offer, a value under 15 requires the server to use no larger window
    /// (`server_max_window_bits`).
    public var serverMaxWindowBits: Int
    /// The size of the client's compression window, as a power of two (8 to 15). In an offer, a
    /// value under 15 announces that the client uses no larger window; the server can ask for a
    /// smaller one either way (`client_max_window_bits`).
    public var clientMaxWindowBits: Int

    /// The extension's name in `Sec-WebSocket-Extensions`.
    static let name = "permessage-deflate"
    /// The window sizes RFC 7692 §7.1.2 allows.
    static let windowBits = 8...15

    /// Parameters with the defaults above: every context kept, every window at its largest.
    public init(
        serverNoContextTakeover: Bool = false, clientNoContextTakeover: Bool = false, serverMaxWindowBits: Int = 15,
        clientMaxWindowBits: Int = 15
    ) {
        self.serverNoContextTakeover = serverNoContextTakeover
        self.clientNoContextTakeover = clientNoContextTakeover
        self.serverMaxWindowBits = serverMaxWindowBits
        self.clientMaxWindowBits = clientMaxWindowBits
    }

    /// The extension as a `Sec-WebSocket-Extensions` element: the offer a client sends (with
    /// `client_max_window_bits` always present, so that the server may choose it), or the
    /// parameters agreed.
    public var description: String {
        var parts = [Self.name]
        if serverNoContextTakeover { parts.append("server_no_context_takeover") }
        if clientNoContextTakeover { parts.append("client_no_context_takeover") }
        if serverMaxWindowBits < 15 { parts.append("server_max_window_bits=\(serverMaxWindowBits)") }
        parts.append(
            clientMaxWindowBits < 15 ? "client_max_window_bits=\(clientMaxWindowBits)" : "client_max_window_bits")
        return parts.joined(separator: "; ")
    }
}
