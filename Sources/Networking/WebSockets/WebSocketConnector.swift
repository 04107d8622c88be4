import Foundation
import NetworkingCore

#if os(Linux)
    import NetworkingCurl
#endif
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// How a client's WebSocket connections are made, chosen from its transport: the redirect policy
/// the handshake follows, the compression offered, and a connection for each try.
///
/// On Linux a connection is the library's own framing over a libcurl socket, with a
/// `CurlTransport`'s configuration (TLS settings, redirect policy) when that is the transport. On
/// Apple platforms it is Foundation's `URLSessionWebSocketTask`, in a session made from a
/// `URLSessionTransport`'s configuration when that is the transport; Foundation there decides
/// compression itself, so the library offers none.
struct WebSocketConnector: Sendable {
    /// The policy the handshake's redirects are followed under.
    let redirectPolicy: RedirectPolicy
    /// Whether a permessage-deflate offer can be honoured.
    private let offersCompression: Bool
    /// The `User-Agent` the handshake sends when its request has none: the transport's, as for
    /// any other request (`nil` where Foundation writes its own).
    let userAgent: String?
    private let make: @Sendable (WebSocketHandshake, WebSocketOptions) -> any WebSocketConnection

    /// The connector of this platform for `transport`.
    init(transport: any HTTPTransport) {
        #if os(Linux)
            self = Self.curl(transport)
        #else
            self = Self.foundation(transport)
        #endif
    }

    private init(
        redirectPolicy: RedirectPolicy, offersCompression: Bool, userAgent: String?,
        make: @escaping @Sendable (WebSocketHandshake, WebSocketOptions) -> any WebSocketConnection
    ) {
        self.redirectPolicy = redirectPolicy
        self.offersCompression = offersCompression
        self.userAgent = userAgent
        self.make = make
    }

    /// The permessage-deflate offer `options` ask for, when the connections can honour it.
    func compressionOffer(_ options: WebSocketOptions) -> WebSocketCompression? {
        offersCompression ? options.compression : nil
    }

    /// A connection, not open yet, for one try of `handshake`.
    func connection(for handshake: WebSocketHandshake, options: WebSocketOptions) -> any WebSocketConnection {
        make(handshake, options)
    }

    #if os(Linux)
        /// The library's own framing over libcurl.
        private static func curl(_ transport: any HTTPTransport) -> WebSocketConnector {
            let configuration = (transport as? CurlTransport)?.configuration ?? CurlTransport.Configuration()
            return WebSocketConnector(
                redirectPolicy: configuration.redirectPolicy, offersCompression: WebSocketZlibStream.isAvailable,
                userAgent: configuration.userAgent,
                make: { WebSocketChannel(handshake: $0, options: $1, configuration: configuration) })
        }
    #endif

    /// Foundation's `URLSessionWebSocketTask` (compiled everywhere, used on Apple platforms).
    static func foundation(_ transport: any HTTPTransport) -> WebSocketConnector {
        let sessionTransport = transport as? URLSessionTransport
        return WebSocketConnector(
            redirectPolicy: sessionTransport?.redirectPolicy ?? .default, offersCompression: false, userAgent: nil,
            make: { handshake, options in
                URLSessionWebSocketConnection(
                    handshake: handshake, options: options,
                    configuration: sessionTransport?.session.configuration ?? .default)
            })
    }
}
