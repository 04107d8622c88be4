#if os(Linux)
    import Foundation
    import NetworkingCore
    import NetworkingCurl
    import Synchronization

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    extension Networking {
        /// Opens a WebSocket connection to `path`, joined to the base URL like a request's path
        /// (`http` becomes `ws`, `https` becomes `wss`; an absolute `ws://` or `wss://` URL is used
        /// as is), offering `protocols` as subprotocols, most preferred first.
        ///
        /// The opening handshake is a request like any other up to the transport: it carries the
        /// client's header fields and authorization header and `options.headers`, and runs through
        /// the interceptors, so an `AuthTokenInterceptor` sets its credential and an
        /// `AuthRefreshInterceptor` refreshes one that a 401 refused and tries once more (each try
        /// is a new connection). The interceptors see the server's refusal as an exchange, and a
        /// successful upgrade as one with status 101. The TLS settings are the transport's when it
        /// is a `CurlTransport` (its CA file and pinned key). Observers, the response store and
        /// fakes do not see the handshake, and redirects are not followed.
        ///
        /// - Throws: `.http` (with the response metadata) when the server answers 4xx or 5xx,
        ///   `.validation` when it answers something other than a valid upgrade, `.transport` when
        ///   it cannot be reached or the handshake times out, `.invalidRequest` for a URL, a
        ///   subprotocol or a header field that cannot be sent, `.cancelled` when the calling task
        ///   is cancelled.
        public func webSocket(
            _ path: String, protocols: [String] = [], options: WebSocketOptions = WebSocketOptions()
        ) async throws(NetworkingError) -> WebSocket {
            let pipeline = pipeline()
            let configuration = (transport as? CurlTransport)?.configuration ?? CurlTransport.Configuration()
            // What interceptors see of the handshake; the transport writes these fields itself
            // (with a fresh Sec-WebSocket-Key for each connection).
            var headers: HTTPHeaders = ["Upgrade": "websocket", "Connection": "Upgrade", "Sec-WebSocket-Version": "13"]
            if !protocols.isEmpty { headers["Sec-WebSocket-Protocol"] = protocols.joined(separator: ", ") }
            for (name, value) in options.headers.sorted(by: { $0.key < $1.key }) { headers[name] = value }
            let request = try pipeline.builder.makeURLRequest(
                HTTPRequest(method: .get, path: Self.httpForm(of: path), headers: headers))
            let attempts = WebSocketAttempts()
            let handshakeTransport = ClosureTransport { (request) throws(NetworkingError) -> HTTPExchange in
                try await attempts.attempt(
                    request, protocols: protocols, options: options, configuration: configuration)
            }
            let exchange = try await InterceptorChain(
                interceptors: pipeline.interceptors, transport: handshakeTransport
            )
            .send(request)
            guard exchange.statusCode == 101, let (url, chosen, channel) = attempts.takeLast() else {
                attempts.discard()
                if exchange.statusCode >= 400 { throw .http(HTTPError(metadata: exchange.metadata)) }
                throw .validation(
                    reason: "the WebSocket handshake ended with status \(exchange.statusCode) instead of 101",
                    exchange.metadata)
            }
            return WebSocket(url: url, negotiatedProtocol: chosen, channel: channel)
        }

        /// `path` with a `ws`/`wss` scheme given as `http`/`https`, as the request builder takes it.
        static func httpForm(of path: String) -> String {
            let lowered = path.lowercased()
            if lowered.hasPrefix("ws://") { return "http://" + path.dropFirst(5) }
            if lowered.hasPrefix("wss://") { return "https://" + path.dropFirst(6) }
            return path
        }

        /// The `ws`/`wss` form of an `http`/`https` URL.
        static func webSocketURL(_ url: URL) throws(NetworkingError) -> URL {
            guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
                throw .invalidRequest("\(url.absoluteString) is not a valid URL")
            }
            switch components.scheme?.lowercased() {
            case "http", "ws": components.scheme = "ws"
            case "https", "wss": components.scheme = "wss"
            default: throw .invalidRequest("\(url.absoluteString) is not an http, https, ws or wss URL")
            }
            guard let result = components.url else { throw .invalidRequest("\(url.absoluteString) is not a valid URL") }
            return result
        }
    }

    /// The connections one `webSocket` call opened, one per time the interceptors sent the
    /// handshake; the last successful one is kept, the others closed.
    private final class WebSocketAttempts: Sendable {
        private let last = Mutex<(URL, String?, WebSocketChannel)?>(nil)

        /// Connects and shakes hands; the server's answer as an exchange (101 for an upgrade).
        func attempt(
            _ request: URLRequest, protocols: [String], options: WebSocketOptions,
            configuration: CurlTransport.Configuration
        ) async throws(NetworkingError) -> HTTPExchange {
            guard let httpURL = request.url else { throw .invalidRequest("the handshake request has no URL") }
            let url = try Networking.webSocketURL(httpURL)
            let handshake = WebSocketHandshake(
                url: url, protocols: protocols, headers: HTTPHeaders(request.allHTTPHeaderFields ?? [:]))
            let channel = WebSocketChannel(handshake: handshake, options: options, configuration: configuration)
            let head: (status: Int, fields: [String: String], body: Data)
            do throws(NetworkingError) {
                let chosen = try await channel.open()
                let previous = last.withLock { last in
                    defer { last = (url, chosen, channel) }
                    return last?.2
                }
                previous?.abandon()
                var fields = ["Upgrade": "websocket", "Connection": "Upgrade"]
                if let chosen { fields["Sec-WebSocket-Protocol"] = chosen }
                head = (101, fields, Data())
            } catch {
                guard case .http(let refusal) = error else { throw error }
                head = (refusal.statusCode, refusal.metadata.headers.dictionary, refusal.metadata.body)
            }
            guard
                let response = HTTPURLResponse(
                    url: httpURL, statusCode: head.status, httpVersion: "HTTP/1.1", headerFields: head.fields)
            else { throw .invalidResponse }
            return HTTPExchange(request: request, response: response, body: head.body)
        }

        /// The last connection opened, handed over.
        func takeLast() -> (URL, String?, WebSocketChannel)? {
            last.withLock { last in
                defer { last = nil }
                return last
            }
        }

        /// Closes a connection opened but not handed over (an interceptor replaced the upgrade).
        func discard() { takeLast()?.2.abandon() }
    }
#endif
