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

        init(request: URLRequest, head: ResponseHead, body: Data, metrics: TransactionMetrics?) {
            self.request = request
            self.head = head
            self.body = body
            self.metrics = metrics
        }
    }

    private var storage: Storage

    /// The storage, copied first if another exchange shares it. Changes go through `_modify`, so
    /// that `exchange.body.append(…)` changes the body in place rather than a copy of it.
    private mutating func unique() -> Storage {
        if !isKnownUniquelyReferenced(&storage) {
            storage = Storage(
                request: storage.request, head: storage.head, body: storage.body, metrics: storage.metrics)
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
    public var head: ResponseHead { storage.head }
    /// The complete response body.
    public var body: Data {
        get { storage.body }
        _modify { yield &unique().body }
    }
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
    public init(request: URLRequest, head: ResponseHead, body: Data, metrics: TransactionMetrics? = nil) {
        storage = Storage(request: request, head: head, body: body, metrics: metrics)
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
