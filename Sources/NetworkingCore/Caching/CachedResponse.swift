import Foundation

/// A response as a cache keeps it: status, headers, body, and when it was received.
public struct CachedResponse: Sendable, Hashable {
    /// The HTTP status code.
    public var statusCode: Int
    /// The response headers.
    public var headers: HTTPHeaders
    /// The complete body.
    public var body: Data
    /// The URL the response came from, when known.
    public var url: URL?
    /// When the response was received or last revalidated, minus any `Age` it arrived with: the
    /// instant its age is counted from.
    public var storedAt: Date
    /// The request headers named by the response's `Vary`, with the values they had (a header the
    /// request did not carry is absent). A later request matches only if it carries the same values.
    public var variantHeaders: HTTPHeaders

    /// Creates a cached response.
    public init(
        statusCode: Int, headers: HTTPHeaders, body: Data, url: URL? = nil, storedAt: Date = Date(),
        variantHeaders: HTTPHeaders = [:]
    ) {
        self.statusCode = statusCode
        self.headers = headers
        self.body = body
        self.url = url
        self.storedAt = storedAt
        self.variantHeaders = variantHeaders
    }
}
