import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A response whose body is still arriving, as the streaming calls return it (`stream` on
/// `Networking`, which answers only 2xx responses this way, and on a transport).
public struct StreamedResponse: Sendable {
    /// The request as sent (the last hop, after redirects).
    public var request: URLRequest
    /// The status line and header fields, as received.
    public var head: ResponseHead
    /// The body, read as it arrives; its trailers follow it.
    public var body: ResponseBodyStream
    /// What was measured by the time the head arrived (the redirects followed, timings), if anything.
    public var metrics: TransactionMetrics?

    /// Creates a streamed response.
    package init(
        request: URLRequest, head: ResponseHead, body: ResponseBodyStream, metrics: TransactionMetrics? = nil
    ) {
        self.request = request
        self.head = head
        self.body = body
        self.metrics = metrics
    }

    /// A transport's response, its body read as a stream.
    package init(_ response: TransportResponse) {
        self.init(request: response.request, head: response.head, body: response.body, metrics: response.metrics)
    }

    /// The response, built from `head` for each read (see `ResponseHead.response`).
    public var response: HTTPURLResponse { head.response }

    /// The status code.
    public var statusCode: Int { head.statusCode }

    /// A response header, looked up case-insensitively.
    public func header(_ name: String) -> String? { head.header(name) }
}
