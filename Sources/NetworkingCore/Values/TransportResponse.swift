import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a transport returns: the request as sent, the response head, and the body, either
/// complete or still arriving, followed by its trailers.
public struct TransportResponse: Sendable {
    /// The body's two forms.
    private enum Body: Sendable {
        case complete(Data, trailers: HTTPHeaders)
        case arriving(ResponseBodyStream)
    }

    /// The request as sent (the last hop, after redirects).
    public var request: URLRequest
    /// The status line and header fields.
    public var head: ResponseHead
    /// What was measured about the transfer, when the transport measures and knew it on return.
    public var metrics: TransactionMetrics?
    private var content: Body

    /// A response whose body arrived whole.
    public init(
        request: URLRequest, head: ResponseHead, body: Data, trailers: HTTPHeaders = HTTPHeaders(),
        metrics: TransactionMetrics? = nil
    ) {
        self.request = request
        self.head = head
        self.metrics = metrics
        content = .complete(body, trailers: trailers)
    }

    /// A response whose body is still arriving; its trailers are the stream's.
    public init(
        request: URLRequest, head: ResponseHead, stream: ResponseBodyStream, metrics: TransactionMetrics? = nil
    ) {
        self.request = request
        self.head = head
        self.metrics = metrics
        content = .arriving(stream)
    }

    /// The response of an exchange (an adapter over an exchange-returning API, a made-up response).
    public init(_ exchange: HTTPExchange) {
        self.init(
            request: exchange.request, head: exchange.head, body: exchange.body, trailers: exchange.trailers,
            metrics: exchange.metrics)
    }

    /// The response as an `HTTPURLResponse`.
    public var response: HTTPURLResponse { head.response }
    /// The status code.
    public var statusCode: Int { head.statusCode }

    /// The body, when it arrived whole; `nil` while it is still arriving.
    public var completeBody: Data? {
        if case .complete(let data, _) = content { return data }
        return nil
    }

    /// The body as a stream (a complete body is one chunk).
    public var body: ResponseBodyStream {
        switch content {
        case .complete(let data, let trailers): return ResponseBodyStream(data: data, trailers: trailers)
        case .arriving(let stream): return stream
        }
    }

    /// Reads the rest of the body and returns the response as an exchange; more than `limit`
    /// bytes cancels the transfer and throws `.transport(URLError(.dataLengthExceedsMaximum))`.
    public func collect(upTo limit: Int) async throws(NetworkingError) -> HTTPExchange {
        switch content {
        case .complete(let data, let trailers):
            guard data.count <= limit else { throw .bodyTooLarge(limit: limit) }
            return HTTPExchange(request: request, head: head, body: data, trailers: trailers, metrics: metrics)
        case .arriving(let stream):
            let data = try await stream.collect(upTo: limit)
            return HTTPExchange(request: request, head: head, body: data, trailers: stream.trailers, metrics: metrics)
        }
    }

    /// Cancels a body still arriving (a response nobody reads).
    public func cancel() {
        if case .arriving(let stream) = content { stream.cancel() }
    }
}
