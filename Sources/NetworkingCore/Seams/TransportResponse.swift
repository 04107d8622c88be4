import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a transport returns, and what the streaming calls return (`stream` on `Networking`,
/// which answers only 2xx responses this way): the request as sent, the response head, and the
/// body, either complete or still arriving, followed by its trailers.
///
/// It is an `HTTPExchange` whose body may still be arriving, so a response made whole (a cache
/// hit, a fake, an adapter over an exchange-returning API) is handed to the interceptors as the
/// exchange it already is, not rebuilt.
public struct TransportResponse: Sendable {
    /// The request, head, metrics and (when complete) body and trailers; with `arrivingBody`, the
    /// stream the body is still arriving on (the exchange the innermost step hands over for a
    /// body read as it arrives).
    package private(set) var exchange: HTTPExchange

    /// A response whose body arrived whole.
    public init(
        request: URLRequest, head: ResponseHead, body: Data, trailers: HTTPHeaders = HTTPHeaders(),
        metrics: TransactionMetrics? = nil
    ) {
        exchange = HTTPExchange(request: request, head: head, body: body, trailers: trailers, metrics: metrics)
    }

    /// A response whose body is still arriving; its trailers are the stream's.
    public init(
        request: URLRequest, head: ResponseHead, stream: ResponseBodyStream, metrics: TransactionMetrics? = nil
    ) {
        exchange = HTTPExchange(request: request, head: head, arriving: stream, metrics: metrics)
    }

    /// The response of an exchange (an adapter over an exchange-returning API, a made-up response).
    public init(_ exchange: HTTPExchange) {
        self.exchange = exchange
    }

    /// The request as sent (the last hop, after redirects).
    public var request: URLRequest {
        get { exchange.request }
        set { exchange.request = newValue }
    }

    /// The status line and header fields.
    public var head: ResponseHead {
        get { exchange.head }
        set { exchange.head = newValue }
    }

    /// What was measured about the transfer, when the transport measures and knew it on return.
    public var metrics: TransactionMetrics? {
        get { exchange.metrics }
        set { exchange.metrics = newValue }
    }

    /// The response as an `HTTPURLResponse` (`head.response`).
    package var response: HTTPURLResponse { head.response }
    /// The status code.
    public var statusCode: Int { exchange.statusCode }

    /// A response header, looked up case-insensitively.
    public func header(_ name: String) -> String? { exchange.head.header(name) }

    /// The body, when it arrived whole; `nil` while it is still arriving.
    package var completeBody: Data? { exchange.arrivingBody == nil ? exchange.body : nil }

    /// The body as a stream (a complete body is one chunk).
    public var body: ResponseBodyStream {
        exchange.arrivingBody ?? ResponseBodyStream(data: exchange.body, trailers: exchange.trailers)
    }

    /// Reads the rest of the body and returns the response as an exchange; more than `limit`
    /// bytes cancels the transfer and throws `.transport(URLError(.dataLengthExceedsMaximum))`.
    public func collect(upTo limit: Int) async throws(NetworkingError) -> HTTPExchange {
        guard let stream = exchange.arrivingBody else {
            guard exchange.body.count <= limit else { throw .bodyTooLarge(limit: limit) }
            return exchange
        }
        let data = try await stream.collect(upTo: limit)
        return HTTPExchange(
            request: exchange.request, head: exchange.head, body: data, trailers: stream.trailers,
            metrics: exchange.metrics)
    }

    /// Cancels a body still arriving (a response nobody reads).
    public func cancel() {
        exchange.arrivingBody?.cancel()
    }
}
