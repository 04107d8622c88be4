import Foundation
import NetworkingCore
import NetworkingWebSockets

#if os(Linux)
    import NetworkingCurl
#endif

extension WebSocketConnector {
    /// The connector of this platform for `transport`: on Linux the library's own framing over a
    /// libcurl socket, with a `CurlTransport`'s configuration (TLS settings and `User-Agent`) when
    /// that is the transport; elsewhere Foundation's `URLSessionWebSocketTask`.
    ///
    /// Either way the handshake carries the `User-Agent` the transport's own requests carry when
    /// the request has none (Foundation's task sends its session's, as for any request).
    init(transport: any HTTPTransport) {
        #if os(Linux)
            let configuration = (transport as? CurlTransport)?.configuration ?? CurlTransport.Configuration()
            self.init(
                offersCompression: WebSocketZlibStream.isAvailable, userAgent: Self.userAgent(of: transport),
                make: { handshake, options in
                    WebSocketChannel(handshake: handshake, options: options) { url, serve in
                        CurlConnection(url: url, configuration: configuration, serve: serve)
                    }
                })
        #else
            self = Self.foundation(transport)
        #endif
    }

    #if os(Linux)
        /// The `User-Agent` that `transport` sends with a request that has none: a
        /// `CurlTransport`'s configured one; for a `URLSessionTransport`, its session's
        /// `httpAdditionalHeaders` value or else Foundation's own; for any other transport, the
        /// default `CurlTransport`'s, which sends the handshake.
        static func userAgent(of transport: any HTTPTransport) -> String? {
            if let curl = transport as? CurlTransport { return curl.configuration.userAgent }
            guard let session = transport as? URLSessionTransport else {
                return CurlTransport.Configuration.defaultUserAgent
            }
            let additional = session.session.configuration.httpAdditionalHeaders ?? [:]
            for case (let name as String, let value as String) in additional
            where name.caseInsensitiveCompare("User-Agent") == .orderedSame {
                return value
            }
            return CurlTransport.Configuration.foundationUserAgent
        }
    #endif
}
