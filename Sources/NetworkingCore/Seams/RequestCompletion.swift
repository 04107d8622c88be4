import Foundation

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

extension RequestOutcome {
    /// The error, for a failure.
    public var error: NetworkingError? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
