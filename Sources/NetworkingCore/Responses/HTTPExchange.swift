import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One request and the response it got: what every transport returns and every interceptor sees.
public struct HTTPExchange: Sendable {
    /// The request as sent.
    public var request: URLRequest
    /// The status line and fields, read without building `response` when the transport parsed them.
    public package(set) var head: ResponseHead
    /// The complete response body.
    public var body: Data
    /// What was measured about the transfer, if anything.
    public var metrics: TransactionMetrics?
    /// The fields that followed the body (HTTP/1.1 chunked trailers); empty for none.
    public var trailers: HTTPHeaders
    /// The body still arriving: a transport's streamed response, or the one the innermost step
    /// handed over for a stream or a download, beside the empty `body` interceptors see.
    package private(set) var arrivingBody: ResponseBodyStream?

    /// The response. When the transport handed over a `ResponseHead` of its own, it is built for
    /// each read (see `ResponseHead.response`); setting it replaces the head, and keeps the rest of
    /// the exchange (a body still arriving included), so an interceptor can rewrite a status or a
    /// header field without rebuilding the exchange.
    public var response: HTTPURLResponse {
        get { head.response }
        set { head = ResponseHead(newValue) }
    }

    /// Creates an exchange from Foundation's response: `init(request:head:body:trailers:metrics:)`
    /// with `ResponseHead(response)`.
    package init(request: URLRequest, response: HTTPURLResponse, body: Data, metrics: TransactionMetrics? = nil) {
        self.init(request: request, head: ResponseHead(response), body: body, metrics: metrics)
    }

    /// Creates an exchange: a head the transport parsed itself, or `ResponseHead(_:)` of an
    /// `HTTPURLResponse` (see `ResponseHead`).
    public init(
        request: URLRequest, head: ResponseHead, body: Data, trailers: HTTPHeaders = HTTPHeaders(),
        metrics: TransactionMetrics? = nil
    ) {
        self.request = request
        self.head = head
        self.body = body
        self.metrics = metrics
        self.trailers = trailers
        self.arrivingBody = nil
    }

    /// An exchange whose body is still arriving: interceptors see it with an empty body, the
    /// pipeline reads `arriving`.
    package init(request: URLRequest, head: ResponseHead, arriving: ResponseBodyStream, metrics: TransactionMetrics?) {
        self.init(request: request, head: head, body: Data(), metrics: metrics)
        self.arrivingBody = arriving
    }

    /// The response status code.
    public var statusCode: Int { head.statusCode }

    /// Whether the status is 2xx.
    public var isSuccess: Bool { (200..<300).contains(head.statusCode) }

    /// The status, headers and body as `ResponseMetadata`.
    public var metadata: ResponseMetadata {
        ResponseMetadata(statusCode: statusCode, headers: responseHeaders, body: body, url: head.url)
    }

    /// A response header, looked up case-insensitively.
    public func header(_ name: String) -> String? { head.header(name) }

    /// The response's header fields, with their names as received (see `ResponseHead.headerFields`).
    package var responseHeaders: HTTPHeaders { head.headerFields }
}
