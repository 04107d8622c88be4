import Foundation
import NetworkingCore
import NetworkingWebSockets

#if os(Linux)
    import NetworkingCurl
#endif

extension WebSocketConnector {
    /// The connector of this platform for `transport`: on Linux the library's own framing over a
    /// libcurl socket, with a `CurlTransport`'s configuration (TLS settings and
    /// `User-Agent`) when that is the transport; elsewhere Foundation's `URLSessionWebSocketTask`.
    init(transport: any HTTPTransport) {
        #if os(Linux)
            let configuration = (transport as? CurlTransport)?.configuration ?? CurlTransport.Configuration()
            self.init(
                offersCompression: WebSocketZlibStream.isAvailable, userAgent: configuration.userAgent,
                make: { handshake, options in
                    WebSocketChannel(handshake: handshake, options: options) { url, serve in
                        CurlConnection(url: url, configuration: configuration, serve: serve)
                    }
                })
        #else
            self = Self.foundation(transport)
        #endif
    }
}
