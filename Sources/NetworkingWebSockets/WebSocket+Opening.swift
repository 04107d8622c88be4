import Foundation
import NetworkingCore
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension WebSocket {
    /// Runs the opening handshake `request` (a GET, as a front door built it) on `pipeline`
    /// (`Pipeline.upgrade`: its observers, interceptors and hop loop, with its redirect policy and
    /// cookie jar, as for any request) and opens the connection the last successful upgrade made;
    /// the observers are told about the handshake as about a request (a success has status 101).
    package static func open(
        _ request: URLRequest, requestOptions: RequestOptions = RequestOptions(), pipeline: Pipeline,
        protocols: [String], options: WebSocketOptions, connector: WebSocketConnector
    ) async throws(NetworkingError) -> WebSocket {
        // Refused before interceptors, observers or the network see anything of the handshake.
        for (name, value) in options.headers.sorted(by: { $0.key < $1.key }) {
            try WebSocketHandshake.validateField(name: name, value: value)
        }
        var request = request
        request.httpMethod = "GET"
        request.httpBody = nil
        // What interceptors see of the handshake; the connection writes these fields itself
        // (with a fresh Sec-WebSocket-Key for each connection).
        request.setValue("websocket", forHTTPHeaderField: "Upgrade")
        request.setValue("Upgrade", forHTTPHeaderField: "Connection")
        request.setValue("13", forHTTPHeaderField: "Sec-WebSocket-Version")
        if !protocols.isEmpty {
            request.setValue(protocols.joined(separator: ", "), forHTTPHeaderField: "Sec-WebSocket-Protocol")
        }
        if let offer = connector.compressionOffer(options) {
            request.setValue(offer.description, forHTTPHeaderField: "Sec-WebSocket-Extensions")
        }
        for (name, value) in options.headers.sorted(by: { $0.key < $1.key }) {
            request.setValue(value, forHTTPHeaderField: name)
        }
        return try await handshake(
            request, requestOptions: requestOptions, pipeline: pipeline, protocols: protocols, options: options,
            connector: connector)
    }

    /// Runs the handshake on the pipeline, as any request (observers, interceptors, the hop loop),
    /// with a connection attempt for its transport; the last attempt a 101 answered is the socket.
    private static func handshake(
        _ request: URLRequest, requestOptions: RequestOptions, pipeline: Pipeline, protocols: [String],
        options: WebSocketOptions, connector: WebSocketConnector
    ) async throws(NetworkingError) -> WebSocket {
        let attempts = WebSocketAttempts()
        // Each hop is one try: the pipeline follows redirects as for any request (credentials
        // stripped across origins, the jar's cookies on each hop); only a 101 opens a connection.
        let handshakeTransport = ClosureTransport(exchange: { (request) throws(NetworkingError) -> HTTPExchange in
            try await attempts.attempt(request, protocols: protocols, options: options, connector: connector)
        })
        let sent = await pipeline.send(
            request, kind: .request, options: requestOptions, transport: handshakeTransport,
            check: Self.upgradeFailure)
        let opened = sent.decoded { (_) throws(NetworkingError) -> WebSocket in
            guard let (url, agreement, connection) = attempts.takeLast() else { throw .invalidResponse }
            return WebSocket(url: url, agreement: agreement, connection: connection)
        }
        // A failed handshake leaves no connection open, even one an interceptor failed after it opened.
        if case .failure = opened { attempts.discard() }
        return try opened.get()
    }

    /// Why the handshake's final response opens no connection: `nil` for 101, `.http` for an
    /// error status, and `.validation` for any other (a 2xx or a redirect not followed).
    private static func upgradeFailure(_ exchange: HTTPExchange) -> NetworkingError? {
        switch exchange.statusCode {
        case 101:
            return nil
        case 400...:
            return .http(HTTPError(metadata: exchange.metadata))
        default:
            return .validation(
                reason: "the WebSocket handshake ended with status \(exchange.statusCode) instead of 101",
                exchange.metadata)
        }
    }

    /// The `ws`/`wss` form of an `http`/`https` URL.
    package static func webSocketURL(_ url: URL) throws(NetworkingError) -> URL {
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

private final class WebSocketAttempts: Sendable {
    private let last = Mutex<(URL, WebSocketHandshake.Agreement, any WebSocketConnection)?>(nil)

    /// Connects and shakes hands; the server's answer as an exchange (101 for an upgrade).
    func attempt(
        _ request: URLRequest, protocols: [String], options: WebSocketOptions,
        connector: WebSocketConnector
    ) async throws(NetworkingError) -> HTTPExchange {
        guard let httpURL = request.url else { throw .invalidRequest("the handshake request has no URL") }
        let url = try WebSocket.webSocketURL(httpURL)
        var headers = HTTPHeaders(request.allHTTPHeaderFields ?? [:])
        if let userAgent = connector.userAgent, headers["User-Agent"] == nil { headers["User-Agent"] = userAgent }
        let handshake = WebSocketHandshake(
            url: url, protocols: protocols, headers: headers, compression: connector.compressionOffer(options))
        let connection = connector.connection(for: handshake, options: options)
        let head: (status: Int, fields: [String: String], body: Data)
        do throws(NetworkingError) {
            let agreement = try await connection.open()
            let previous = last.withLock { last in
                defer { last = (url, agreement, connection) }
                return last?.2
            }
            previous?.abandon()
            var fields = ["Upgrade": "websocket", "Connection": "Upgrade"]
            if let chosen = agreement.subprotocol { fields["Sec-WebSocket-Protocol"] = chosen }
            if let extensions = agreement.extensionsField { fields["Sec-WebSocket-Extensions"] = extensions }
            head = (101, fields, Data())
        } catch {
            switch error {
            case .http(let refusal):
                head = (refusal.statusCode, refusal.metadata.headers.dictionary, refusal.metadata.body)
            case .validation(_, let answer) where RedirectPolicy.isRedirect(answer.statusCode):
                head = (answer.statusCode, answer.headers.dictionary, answer.body)  // followed by the caller
            default:
                throw error
            }
        }
        guard
            let response = HTTPURLResponse(
                url: httpURL, statusCode: head.status, httpVersion: "HTTP/1.1", headerFields: head.fields)
        else { throw .invalidResponse }
        return HTTPExchange(request: request, response: response, body: head.body)
    }

    /// The last connection opened, handed over.
    func takeLast() -> (URL, WebSocketHandshake.Agreement, any WebSocketConnection)? {
        last.withLock { last in
            defer { last = nil }
            return last
        }
    }

    /// Closes a connection opened but not handed over (an interceptor replaced the upgrade).
    func discard() { takeLast()?.2.abandon() }
}
