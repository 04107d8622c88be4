import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends one request and returns the response head with its body, whatever the status: the one
/// seam between the library and the network.
///
/// A transport sends one hop: it follows no redirect and keeps no cookie. The pipeline does both
/// for every transport alike (see `RedirectPolicy` and `CookieJar`), so a transport of one's own,
/// a fake or a recorder gets redirects, cookies and credential stripping without a line of its own.
///
/// A transport returns a response for every HTTP response, 4xx and 5xx included (turning those
/// into errors is the pipeline's job, after the interceptors have seen them). It throws a
/// `NetworkingError` only when there is no HTTP response (`.transport`, `.invalidResponse`,
/// `.cancelled`), and honours task cancellation promptly. Collecting with a cap, writing to a file,
/// progress and resumable downloads are built over this one method, once, for every transport.
///
/// A transport of one's own is a few lines:
///
/// ```swift
/// struct EchoTransport: HTTPTransport {
///     func send(_ request: TransportRequest) async throws(NetworkingError) -> TransportResponse {
///         let body = try await request.body?.collect(upTo: 1 << 20) ?? Data()
///         let head = ResponseHead(url: request.head.url!, statusCode: 200, headerFields: [:])!
///         return TransportResponse(request: request.head, head: head, body: body)
///     }
/// }
/// ```
public protocol HTTPTransport: Sendable {
    /// Sends `request` and returns once the response head has arrived (or, for a transport that
    /// collects bodies, once the whole response has).
    func send(_ request: TransportRequest) async throws(NetworkingError) -> TransportResponse
}

extension HTTPTransport {
    /// Sends a `URLRequest` (its body taken off as an `HTTPBody`) and collects the whole response
    /// body: for calling a transport directly, outside any pipeline.
    public func send(_ request: URLRequest) async throws(NetworkingError) -> HTTPExchange {
        try await TransportStep(transport: self).send(request)
    }

    /// Sends `request` and collects the whole response body, up to `request.responseBodyLimit`:
    /// what a transport that wraps another and works on whole responses (a cache, a recorder)
    /// reads.
    public func exchange(for request: TransportRequest) async throws(NetworkingError) -> HTTPExchange {
        try await send(request).collect(upTo: request.responseBodyLimit)
    }

    /// Sends `head` with `request`'s body and reading, and collects the whole response body: for
    /// a wrapper that changes the head (a conditional request, a credential) before passing it on.
    package func exchange(for request: TransportRequest, head: URLRequest) async throws(NetworkingError)
        -> HTTPExchange
    {
        var forwarded = request
        forwarded.head = head
        return try await exchange(for: forwarded)
    }
}
