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

    /// A sentence naming the status code and its standard reason phrase, followed by the title and
    /// the detail of the response's problem details when it has them (see ``problem``).
    public var errorDescription: String? {
        let status =
            "The server returned status \(statusCode) (\(HTTPURLResponse.localizedString(forStatusCode: statusCode)))"
        guard let summary = problem?.summary else { return status + "." }
        return status + ": " + summary
    }

    /// The problem details of the response (RFC 9457), when its `Content-Type` is
    /// `application/problem+json` and its body a JSON object of at most
    /// `ProblemDetails.maximumBodySize` bytes; `nil` otherwise. Read from the body each time it is
    /// asked for.
    public var problem: ProblemDetails? { ProblemDetails(metadata) }

    /// How long the server asked the client to wait before trying again, from the response's
    /// `Retry-After` field (RFC 9110 §10.2.3): its number of seconds, or the time from now until its
    /// date (zero once the date has passed). `nil` when there is no such field, or its value is
    /// malformed (negative, neither form, more than a year away).
    public var retryAfter: Duration? { RetryAfter.delay(in: metadata.headers, now: Date()) }
}
