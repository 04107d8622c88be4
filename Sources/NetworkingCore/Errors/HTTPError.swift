import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A response whose status was outside 2xx, with everything the server sent.
public struct HTTPError: Error, Sendable, LocalizedError {
    /// The status, headers and full body of the response.
    public let metadata: ResponseMetadata

    /// Creates an error from a response's metadata.
    public init(metadata: ResponseMetadata) { self.metadata = metadata }

    /// The HTTP status code.
    public var statusCode: Int { metadata.statusCode }

    /// Whether the status is 4xx.
    public var isClientError: Bool { (400..<500).contains(statusCode) }

    /// Whether the status is 5xx.
    public var isServerError: Bool { (500..<600).contains(statusCode) }

    /// A sentence naming the status code and its standard reason phrase.
    public var errorDescription: String? {
        "The server returned status \(statusCode) (\(HTTPURLResponse.localizedString(forStatusCode: statusCode)))."
    }
}
