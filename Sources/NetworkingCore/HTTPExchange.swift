import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One request and the response it got: what every transport returns and every interceptor sees.
public struct HTTPExchange: Sendable {
    /// The request as sent.
    public var request: URLRequest
    /// The response.
    public var response: HTTPURLResponse
    /// The complete response body.
    public var body: Data
    /// What was measured about the transfer, if anything.
    public var metrics: TransactionMetrics?

    /// Creates an exchange.
    public init(request: URLRequest, response: HTTPURLResponse, body: Data, metrics: TransactionMetrics? = nil) {
        self.request = request
        self.response = response
        self.body = body
        self.metrics = metrics
    }

    /// The response status code.
    public var statusCode: Int { response.statusCode }

    /// Whether the status is 2xx.
    public var isSuccess: Bool { (200..<300).contains(response.statusCode) }

    /// The status, headers and body as `ResponseMetadata`.
    public var metadata: ResponseMetadata { ResponseMetadata(response: response, body: body) }

    /// A response header, looked up case-insensitively.
    public func header(_ name: String) -> String? { response.value(forHTTPHeaderField: name) }
}
