import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One request and the response it got: what every transport returns and every interceptor sees.
///
/// A value, stored as one reference to its fields (copied on write): an exchange is handed
/// through every step of a request, and in async code a struct of Foundation values (whose size
/// this module only learns at run time) costs an allocation and a field-by-field copy at each of
/// them, where a reference is one retain.
public struct HTTPExchange: Sendable {
    /// The fields, shared between copies until one of them is changed.
    // @unchecked: a `Storage` is changed only through `unique()`, that is while this exchange is
    // its only owner, so no other thread can be reading it then (the rule `Array` follows).
    private final class Storage: @unchecked Sendable {
        var request: URLRequest
        var head: ResponseHead
        var body: Data
        var metrics: TransactionMetrics?
        var trailers: HTTPHeaders
        /// A 2xx body the pipeline reads as a stream or writes to a file, handed from the
        /// innermost step to the pipeline beside the empty `body` interceptors see.
        var arriving: ResponseBodyStream?

        init(
            request: URLRequest, head: ResponseHead, body: Data, metrics: TransactionMetrics?,
            trailers: HTTPHeaders = HTTPHeaders(), arriving: ResponseBodyStream? = nil
        ) {
            self.request = request
            self.head = head
            self.body = body
            self.metrics = metrics
            self.trailers = trailers
            self.arriving = arriving
        }
    }

    private var storage: Storage

    /// The storage, copied first if another exchange shares it. Changes go through `_modify`, so
    /// that `exchange.body.append(…)` changes the body in place rather than a copy of it.
    private mutating func unique() -> Storage {
        if !isKnownUniquelyReferenced(&storage) {
            storage = Storage(
                request: storage.request, head: storage.head, body: storage.body, metrics: storage.metrics,
                trailers: storage.trailers, arriving: storage.arriving)
        }
        return storage
    }

    /// The request as sent.
    public var request: URLRequest {
        get { storage.request }
        _modify { yield &unique().request }
    }
    /// The response. When the transport handed over a `ResponseHead`, it is built on first use.
    public var response: HTTPURLResponse {
        get { storage.head.response }
        set { unique().head = ResponseHead(newValue) }
    }
    /// The status line and fields, read without building `response` when the transport parsed them.
    public package(set) var head: ResponseHead {
        get { storage.head }
        set { unique().head = newValue }
    }
    /// The complete response body.
    public var body: Data {
        get { storage.body }
        _modify { yield &unique().body }
    }
    /// The fields that followed the body (HTTP/1.1 chunked trailers); empty for none.
    public var trailers: HTTPHeaders {
        get { storage.trailers }
        _modify { yield &unique().trailers }
    }
    /// The body still arriving: a transport's streamed response, or the one the innermost step
    /// handed over for a stream or a download.
    package var arrivingBody: ResponseBodyStream? { storage.arriving }
    /// What was measured about the transfer, if anything.
    public var metrics: TransactionMetrics? {
        get { storage.metrics }
        _modify { yield &unique().metrics }
    }

    /// Creates an exchange.
    public init(request: URLRequest, response: HTTPURLResponse, body: Data, metrics: TransactionMetrics? = nil) {
        storage = Storage(request: request, head: ResponseHead(response), body: body, metrics: metrics)
    }

    /// Creates an exchange from a head the transport parsed itself (see `ResponseHead`).
    public init(
        request: URLRequest, head: ResponseHead, body: Data, trailers: HTTPHeaders = HTTPHeaders(),
        metrics: TransactionMetrics? = nil
    ) {
        storage = Storage(request: request, head: head, body: body, metrics: metrics, trailers: trailers)
    }

    /// An exchange whose body is still arriving: interceptors see it with an empty body, the
    /// pipeline reads `arriving`.
    package init(request: URLRequest, head: ResponseHead, arriving: ResponseBodyStream, metrics: TransactionMetrics?) {
        storage = Storage(request: request, head: head, body: Data(), metrics: metrics, arriving: arriving)
    }

    /// The response status code.
    public var statusCode: Int { storage.head.statusCode }

    /// Whether the status is 2xx.
    public var isSuccess: Bool { (200..<300).contains(storage.head.statusCode) }

    /// The status, headers and body as `ResponseMetadata`.
    public var metadata: ResponseMetadata {
        ResponseMetadata(statusCode: statusCode, headers: responseHeaders, body: body, url: storage.head.url)
    }

    /// A response header, looked up case-insensitively.
    public func header(_ name: String) -> String? { storage.head.header(name) }

    /// The response's header fields, with their names as received (see `ResponseHead.headerFields`).
    public var responseHeaders: HTTPHeaders { storage.head.headerFields }
}
