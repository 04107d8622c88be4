import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends one request and returns the response, whatever its status.
///
/// A transport returns an exchange for every HTTP response, including 4xx and 5xx (turning
/// those into errors is the pipeline's job, after the interceptors have seen them). It throws a
/// `NetworkingError` only when there is no HTTP response: `.transport`, `.invalidResponse`,
/// `.cancelled`. It must honour task cancellation promptly.
public protocol HTTPTransport: Sendable {
    /// Sends `request` and returns the complete exchange.
    func send(_ request: URLRequest) async throws(NetworkingError) -> HTTPExchange
}

/// A transport made from a closure, for tests and adapters.
public struct ClosureTransport: HTTPTransport {
    private let handler: @Sendable (URLRequest) async throws(NetworkingError) -> HTTPExchange

    /// Creates a transport that calls `handler` for each request.
    public init(_ handler: @escaping @Sendable (URLRequest) async throws(NetworkingError) -> HTTPExchange) {
        self.handler = handler
    }

    /// Calls the handler with `request`.
    public func send(_ request: URLRequest) async throws(NetworkingError) -> HTTPExchange {
        try await handler(request)
    }
}

/// A transport that caps the response bodies it collects in memory.
public protocol ResponseBodyLimitedTransport: HTTPTransport {
    /// The largest response body collected in memory, in bytes.
    var maxResponseBodySize: Int { get }
}
