import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

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
