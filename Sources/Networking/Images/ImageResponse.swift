import Foundation

/// A downloaded image with the response's status and headers (from the cache: as first received).
public struct ImageResponse: Sendable {
    /// The image.
    public let image: Image
    /// The HTTP status code.
    public let statusCode: Int
    /// The response headers, looked up case-insensitively.
    public let headers: HTTPHeaders

    /// Creates a response.
    package init(image: Image, statusCode: Int, headers: HTTPHeaders) {
        self.image = image
        self.statusCode = statusCode
        self.headers = headers
    }
}
