#if os(Linux)
    import Foundation
    import NetworkingCore
    import NetworkingCurl

    extension Networking {
        /// Opens a WebSocket connection to `path`, joined to the base URL like a request's path
        /// (`http` becomes `ws`, `https` becomes `wss`; an absolute `ws://` or `wss://` URL is used
        /// as is), offering `protocols` as subprotocols, most preferred first.
        ///
        /// The handshake carries the client's header fields and its authorization header, and the
        /// transport's TLS settings when it is a `CurlTransport` (its CA file and pinned key).
        /// Interceptors, observers and the response store do not see it.
        ///
        /// - Throws: `.http` (with the response metadata) when the server answers 4xx or 5xx,
        ///   `.validation` when it answers something other than a valid upgrade, `.transport` when
        ///   it cannot be reached or the handshake times out, `.invalidRequest` for a URL, a
        ///   subprotocol or a header field that cannot be sent, `.cancelled` when the calling task
        ///   is cancelled.
        public func webSocket(
            _ path: String, protocols: [String] = [], options: WebSocketOptions = WebSocketOptions()
        ) async throws(NetworkingError) -> WebSocket {
            let url = try Self.webSocketURL(baseURL: baseURL, path: path)
            var headers = headerFields
            if let value = authorizationHeaderValue { headers[authorizationHeaderKey] = value }
            for (name, value) in options.headers.sorted(by: { $0.key < $1.key }) { headers[name] = value }
            let configuration = (transport as? CurlTransport)?.configuration ?? CurlTransport.Configuration()
            let handshake = WebSocketHandshake(url: url, protocols: protocols, headers: headers)
            let channel = WebSocketChannel(handshake: handshake, options: options, configuration: configuration)
            let chosen = try await channel.open()
            return WebSocket(url: url, negotiatedProtocol: chosen, channel: channel)
        }

        /// The `ws`/`wss` URL of `path` against `baseURL`.
        static func webSocketURL(baseURL: String, path: String) throws(NetworkingError) -> URL {
            let lowered = path.lowercased()
            let composed: URL
            if lowered.hasPrefix("ws://") || lowered.hasPrefix("wss://") {
                guard let url = URL(string: path) else { throw .invalidRequest("\(path) is not a valid URL") }
                composed = url
            } else {
                composed = try URLComposer.compose(baseURL: baseURL, path: path)
            }
            guard var components = URLComponents(url: composed, resolvingAgainstBaseURL: false) else {
                throw .invalidRequest("\(composed.absoluteString) is not a valid URL")
            }
            switch components.scheme?.lowercased() {
            case "http", "ws": components.scheme = "ws"
            case "https", "wss": components.scheme = "wss"
            default: throw .invalidRequest("\(composed.absoluteString) is not an http, https, ws or wss URL")
            }
            guard let url = components.url else {
                throw .invalidRequest("\(composed.absoluteString) is not a valid URL")
            }
            return url
        }
    }
#endif
