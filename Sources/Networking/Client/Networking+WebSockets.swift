import Foundation
import NetworkingCore

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
    /// successful upgrade as one with status 101; observers, events and logs see it as a request
    /// (a success with status 101, or its failure). Redirects of the handshake follow the
    /// transport's `RedirectPolicy`, and the client's cookie jar chooses each hop's cookies. The
    /// response store and fakes do not see the handshake.
    ///
    /// On Linux the library frames the messages itself over a libcurl connection, with the TLS
    /// settings of the transport when it is a `CurlTransport` (its CA file and pinned key). On
    /// Apple platforms Foundation's `URLSessionWebSocketTask` carries them, in a session with the
    /// configuration of the transport when it is a `URLSessionTransport`; the WebSockets article
    /// lists what differs there.
    ///
    /// - Throws: `.http` (with the response metadata) when the server answers 4xx or 5xx,
    ///   `.validation` when it answers something other than a valid upgrade, `.transport` when
    ///   it cannot be reached or the handshake times out, `.invalidRequest` for a URL, a
    ///   subprotocol or a header field that cannot be sent (a name that is not a token, a value
    ///   with a line break, a NUL or another control character; those of `options.headers` are
    ///   refused before anything is sent), `.cancelled` when the calling task is cancelled.
    public func webSocket(
        _ path: String, protocols: [String] = [], options: WebSocketOptions = WebSocketOptions()
    ) async throws(NetworkingError) -> WebSocket {
        let pipeline = pipeline()
        let request = try pipeline.builder.makeURLRequest(HTTPRequest(method: .get, path: Self.httpForm(of: path)))
        return try await WebSocket.open(
            request, pipeline: pipeline, protocols: protocols, options: options,
            connector: WebSocketConnector(transport: transport))
    }

    /// `path` with a `ws`/`wss` scheme given as `http`/`https`, as the request builder takes it.
    static func httpForm(of path: String) -> String {
        let lowered = path.lowercased()
        if lowered.hasPrefix("ws://") { return "http://" + path.dropFirst(5) }
        if lowered.hasPrefix("wss://") { return "https://" + path.dropFirst(6) }
        return path
    }
}
