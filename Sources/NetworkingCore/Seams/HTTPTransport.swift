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

/// A request as a transport receives it: the head, the body, and how the caller reads the response.
///
/// Nothing in it is the library's own bookkeeping: the options of the request stop at the
/// interceptors (see `OptionsAwareInterceptor`), so whatever a transport does with `head`, it
/// sends only what the user asked for.
public struct TransportRequest: Sendable {
    /// How the caller reads the response body: a hint a transport may use to deliver the body in
    /// the cheapest form (any transport may ignore it and always stream, or always collect within
    /// `responseBodyLimit`).
    public enum BodyReading: Sendable, Hashable {
        /// The caller collects the whole body: a transport may hand it over complete.
        case whole
        /// The caller reads the body as it arrives (a stream, a download, progress).
        case streamed
    }

    /// The method, URL, header fields and timeout. Its `httpBody` and `httpBodyStream` are not
    /// read: the body is `body`.
    public var head: URLRequest
    /// The body, or `nil` for none.
    public var body: HTTPBody?
    /// How the caller reads the response body.
    public var reading: BodyReading
    /// The most bytes of response body held in memory for the caller: a transport that collects
    /// fails a larger body with `.transport(URLError(.dataLengthExceedsMaximum))`, a stream
    /// buffers no more for a slow reader. `Int.max` for a reader that holds none (a download to a
    /// file). A transport applies its own cap as well.
    public var responseBodyLimit: Int
    /// When the request's first hop was sent, for a hop after a redirect: a transport's limit on
    /// the whole request (`CurlTransport.Configuration.totalTimeout`) counts from it. `nil` for a
    /// first hop (the request starts now).
    package var firstHopStart: ContinuousClock.Instant?

    /// The default for `responseBodyLimit`: 128 MiB.
    @usableFromInline package static let defaultResponseBodyLimit = 128 * 1024 * 1024

    /// Creates a request.
    public init(
        head: URLRequest, body: HTTPBody? = nil, reading: BodyReading = .whole,
        responseBodyLimit: Int = TransportRequest.defaultResponseBodyLimit
    ) {
        self.head = head
        self.body = body
        self.reading = reading
        self.responseBodyLimit = responseBodyLimit
    }

    /// The head with the body on it, for an adapter to an API that takes a `URLRequest` with its
    /// body: bytes as `httpBody`, a file as an `InputStream` over it (not read here), and a stream
    /// read into `httpBody` (at most `limit` bytes, 16 MiB by default; a one-shot stream is read
    /// then).
    package func collectingBody(
        upTo limit: Int = FileBodyWriter.defaultMaxInMemoryBody
    ) async throws(NetworkingError) -> URLRequest {
        guard let body else { return head }
        var request = head
        if let file = body.fileURL {
            request.httpBody = nil
            request.httpBodyStream = InputStream(url: file)
        } else if let data = body.data {
            if request.httpBody != data { request.httpBody = data }
        } else {
            request.httpBodyStream = nil
            request.httpBody = try await body.collect(upTo: limit)
        }
        return request
    }

    /// The request's URL.
    public var url: URL? { head.url }
    /// The request's method.
    public var method: String { head.httpMethod ?? "GET" }
}

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
