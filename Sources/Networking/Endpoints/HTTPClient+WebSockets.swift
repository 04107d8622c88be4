import Foundation
import NetworkingCore

extension HTTPClient {
    /// Opens a WebSocket connection to an endpoint: its URL (`http` as `ws`, `https` as `wss`),
    /// headers and query, with the client's default headers, sent as a GET whatever the
    /// endpoint's method, through the client's interceptors. Otherwise as
    /// `Networking.webSocket(_:protocols:options:)` (the same errors; the `.test` and `.preview`
    /// environments are not consulted).
    public func webSocket<R: Endpoint>(
        _ endpoint: R, protocols: [String] = [], options: WebSocketOptions = WebSocketOptions()
    ) async throws(NetworkingError) -> WebSocket {
        let pipeline = pipeline(for: endpoint)
        return try await WebSocket.open(
            try makeRequest(for: endpoint).0, requestOptions: requestOptions(for: endpoint), pipeline: pipeline,
            protocols: protocols, options: options, connector: WebSocketConnector(transport: transport))
    }
}
