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
    /// What kind of call made the request.
    public let kind: Kind
    /// What the request asked of the policies along its way (`printsLogs` for loggers).
    public let options: RequestOptions

    /// What kind of call made a request.
    public enum Kind: Sendable, Hashable {
        /// A verb (`get`, `post`, …) or an endpoint sent through a client.
        case request
        /// A download (`downloadImage`, `downloadData`, file downloads): its body is binary.
        case download
    }

    /// Creates a context.
    package init(
        id: UUID = RequestIdentifier.next(), method: HTTPMethod, url: URL?, headers: HTTPHeaders, body: Data? = nil,
        kind: Kind = .request, options: RequestOptions = RequestOptions(), bodyFile: URL? = nil
    ) {
        self.bodyFile = bodyFile
        self.id = id
        self.method = method
        self.url = url
        self.headers = headers.hidingProxyCredentials()
        self.body = body
        self.kind = kind
        self.options = options
    }
}

/// How a request ended.
public enum RequestOutcome: Sendable {
    /// A response arrived and was accepted.
    case success(statusCode: Int, byteCount: Int)
    /// The request failed.
    case failure(NetworkingError)
}

/// A completed request as observers see it.
public struct RequestCompletion: Sendable {
    /// The request.
    public let context: RequestContext
    /// How it ended.
    public let outcome: RequestOutcome
    /// Time from start to completion.
    public let duration: Duration
    /// What was measured, if anything.
    public let metrics: TransactionMetrics?
    /// The final response, when there was one (for logs: status, headers, body).
    public var response: ResponseMetadata? { lazyResponse.value }
    private let lazyResponse: LazyResponseMetadata

    /// Creates a completion.
    package init(
        context: RequestContext, outcome: RequestOutcome, duration: Duration, metrics: TransactionMetrics?,
        response: ResponseMetadata?
    ) {
        self.context = context
        self.outcome = outcome
        self.duration = duration
        self.metrics = metrics
        self.lazyResponse = LazyResponseMetadata(response)
    }

    /// A completion whose `response` (the metadata of `exchange`, else of the outcome's error) is
    /// built only if an observer reads it.
    init(
        context: RequestContext, outcome: RequestOutcome, duration: Duration, metrics: TransactionMetrics?,
        exchange: HTTPExchange?
    ) {
        self.context = context
        self.outcome = outcome
        self.duration = duration
        self.metrics = metrics
        self.lazyResponse = LazyResponseMetadata(exchange: exchange, error: outcome.error)
    }
}

/// Told when each request starts and completes. Implementations must return quickly and never
/// block: they run on the request's own task.
public protocol RequestObserver: Sendable {
    /// A request is starting.
    func requestStarted(_ context: RequestContext)
    /// A request has completed; called exactly once per started request.
    func requestCompleted(_ completion: RequestCompletion)
    /// Whether this observer ignores requests that succeed (a log of failures). When every
    /// observer of a request says so, a request that succeeds is not reported at all, so that
    /// observing it costs nothing, and one that fails is reported once it has failed: its
    /// `requestStarted` comes just before its `requestCompleted` (with the same context, and the
    /// duration measured from the real start). `false` by default.
    var observesFailuresOnly: Bool { get }
}

extension RequestObserver {
    /// `false`: the observer hears about every request.
    public var observesFailuresOnly: Bool { false }
}

extension RequestOutcome {
    /// The error, for a failure.
    public var error: NetworkingError? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
