import Foundation

/// A downloaded body with the response's status and headers (from the cache: as first received).
public struct DataResponse: Sendable {
    /// The body.
    public let data: Data
    /// The HTTP status code.
    public let statusCode: Int
    /// The response headers, looked up case-insensitively.
    public let headers: HTTPHeaders

    /// Creates a response.
    package init(data: Data, statusCode: Int, headers: HTTPHeaders) {
        self.data = data
        self.statusCode = statusCode
        self.headers = headers
    }
}

extension DataResponse {
    /// The body, status and headers of `exchange`.
    init(_ exchange: HTTPExchange) {
        self.init(data: exchange.body, statusCode: exchange.statusCode, headers: exchange.responseHeaders)
    }
}
