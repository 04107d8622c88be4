import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A transport made from a closure, for tests and adapters.
public struct ClosureTransport: HTTPTransport {
    private let handler: @Sendable (TransportRequest) async throws(NetworkingError) -> TransportResponse

    /// Creates a transport that calls `handler` for each request.
    public init(_ handler: @escaping @Sendable (TransportRequest) async throws(NetworkingError) -> TransportResponse) {
        self.handler = handler
    }

    /// Creates a transport that answers each request with the exchange `handler` returns for it,
    /// its body put on the request first: bytes as `httpBody`, a file as an `httpBodyStream` over
    /// it, and a stream read into `httpBody` (at most 16 MiB).
    public init(exchange handler: @escaping @Sendable (URLRequest) async throws(NetworkingError) -> HTTPExchange) {
        self.handler = { (request) throws(NetworkingError) in
            TransportResponse(try await handler(try await request.collectingBody()))
        }
    }

    /// Calls the handler with `request`.
    public func send(_ request: TransportRequest) async throws(NetworkingError) -> TransportResponse {
        try await handler(request)
    }
}
