import Foundation
import NetworkingCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// How a client's WebSocket connections are made: the compression offered, and a connection for
/// each try (the handshake's redirects are followed by the client's pipeline, as any request's). The umbrella picks one from the client's
/// transport (`WebSocketConnector(transport:)`): on Linux the library's own framing over a libcurl
/// socket (`WebSocketChannel`), elsewhere Foundation's `URLSessionWebSocketTask` (`foundation`),
/// which decides compression itself, so the library offers none.
package struct WebSocketConnector: Sendable {
    /// Whether a permessage-deflate offer can be honoured.
    private let offersCompression: Bool
    /// The `User-Agent` the handshake sends when its request has none: the transport's, as for
    /// any other request (`nil` where Foundation writes its own).
    let userAgent: String?
    private let make: @Sendable (WebSocketHandshake, WebSocketOptions) -> any WebSocketConnection

    /// A connector that makes each try's connection with `make`.
    package init(
        offersCompression: Bool, userAgent: String?,
        make: @escaping @Sendable (WebSocketHandshake, WebSocketOptions) -> any WebSocketConnection
    ) {
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

    /// Foundation's `URLSessionWebSocketTask` (compiled everywhere, used on Apple platforms), in a
    /// session made from a `URLSessionTransport`'s configuration when that is the transport, with
    /// its proxies (`connectionProxyDictionary`) and its `ServerTrust`, checked as for its requests
    /// (`.reportOnly` pins aside, which a WebSocket does not check). A network path or trust
    /// setting that transport cannot honour fails each opening with the `.invalidRequest` its
    /// requests fail with, before anything is sent, rather than being ignored.
    package static func foundation(_ transport: any HTTPTransport) -> WebSocketConnector {
        let sessionTransport = transport as? URLSessionTransport
        return WebSocketConnector(
            offersCompression: false, userAgent: nil,
            make: { handshake, options in
                URLSessionWebSocketConnection(
                    handshake: handshake, options: options,
                    configuration: sessionTransport?.session.configuration ?? .default,
                    trust: sessionTransport?.trust ?? .system, unsupportedSettings: sessionTransport?.settingsError)
            })
    }
}
