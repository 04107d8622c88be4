import Foundation

/// Identifies one request in events and logs.
public struct RequestContext: Sendable, Identifiable {
    /// Unique per request; shared by its start and completion events and stamped into logs.
    public let id: UUID
    /// The method.
    public let method: HTTPMethod
    /// The URL, or `nil` when the request could not be built.
    public let url: URL?
    /// The request's headers, as the caller set them (not redacted: that is up to a log), except
    /// that the value of `Proxy-Authorization`, a proxy's credential that no transport sends from
    /// a request's fields, is always `<redacted>`.
    public let headers: HTTPHeaders
    /// The request body, when it is in memory (loggers show it truncated).
    public let body: Data?
    /// The file the request body is read from, when it is one.
    public let bodyFile: URL?
    /// What kind of call made the request (the log shows no response body for a download).
    package let kind: Kind
    /// What the request asked of the policies along its way (`printsLogs` for loggers).
    public let options: RequestOptions
    /// The request's trace and its own span, when its client has tracing on (see
    /// `TracingSettings`); `nil` otherwise, and for a request that has a `traceparent` of its own.
    public let trace: RequestTrace?

    /// What kind of call made a request.
    @usableFromInline package enum Kind: Sendable, Hashable {
        /// A verb (`get`, `post`, …) or an endpoint sent through a client.
        case request
        /// A download (`downloadImage`, `downloadData`, file downloads): its body is binary.
        case download
    }

    /// Creates a context.
    package init(
        id: UUID = RequestIdentifier.next(), method: HTTPMethod, url: URL?, headers: HTTPHeaders, body: Data? = nil,
        kind: Kind = .request, options: RequestOptions = RequestOptions(), bodyFile: URL? = nil,
        trace: RequestTrace? = nil
    ) {
        self.bodyFile = bodyFile
        self.trace = trace
        self.id = id
        self.method = method
        self.url = url
        self.headers = headers.hidingProxyCredentials()
        self.body = body
        self.kind = kind
        self.options = options
    }
}
