import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One request and the response it got: what every transport returns and every interceptor sees.
public struct HTTPExchange: Sendable {
    /// The request as sent.
    public var request: URLRequest
    /// The response. When the transport handed over a `ResponseHead`, it is built on first use.
    public var response: HTTPURLResponse {
        get { head.response }
        set { head = ResponseHead(newValue) }
    }
    /// The status line and fields, read without building `response` when the transport parsed them.
    public private(set) var head: ResponseHead
    /// The complete response body.
    public var body: Data
    /// What was measured about the transfer, if anything.
    public var metrics: TransactionMetrics?

    /// Creates an exchange.
    public init(request: URLRequest, response: HTTPURLResponse, body: Data, metrics: TransactionMetrics? = nil) {
        self.request = request
        self.head = ResponseHead(response)
        self.body = body
        self.metrics = metrics
    }

    /// Creates an exchange from a head the transport parsed itself (see `ResponseHead`).
    public init(request: URLRequest, head: ResponseHead, body: Data, metrics: TransactionMetrics? = nil) {
        self.request = request
        self.head = head
        self.body = body
        self.metrics = metrics
    }

    /// The response status code.
    public var statusCode: Int { head.statusCode }

    /// Whether the status is 2xx.
    public var isSuccess: Bool { (200..<300).contains(head.statusCode) }

    /// The status, headers and body as `ResponseMetadata`.
    public var metadata: ResponseMetadata { ResponseMetadata(response: response, body: body) }

    /// A response header, looked up case-insensitively.
    public func header(_ name: String) -> String? { head.header(name) }
}
