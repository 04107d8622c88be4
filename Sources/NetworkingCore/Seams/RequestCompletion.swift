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
    /// The span of each attempt the request made, in order, when it was traced (see
    /// `RequestContext.trace`): the parent id each attempt sent in `traceparent`, one per hop of
    /// each try (a retry, a replay after a token refresh and each redirect count; so does an attempt
    /// a response cache or a fake answered). Empty otherwise.
    public let attemptSpanIDs: [TraceContext.SpanID]
    /// How many attempts the request made (see ``RequestAttempt``): 1 for a request sent once, more
    /// when it was retried or replayed after a token refresh, 0 when it never reached the
    /// transport (an interceptor answered or failed it first, or it could not be built).
    public let attemptCount: Int
    /// Every attempt, in order, with why it was made, the wait before it, how it ended and its own
    /// metrics, when the request made more than one (they are ``TransactionMetrics/attempts``);
    /// empty for a request sent once, whose one attempt is the request itself.
    public var attempts: [RequestAttempt] { metrics?.attempts ?? [] }
    /// The final response, when there was one (for logs: status, headers, body).
    ///
    /// Made each time it is read, from the exchange (or the error) the completion keeps: most
    /// completions go to observers that ignore successes (the default logger logs failures only),
    /// and a response's header fields cost more to gather than the rest of the completion.
    public var response: ResponseMetadata? {
        switch source {
        case .metadata(let metadata): metadata
        case .exchange(let exchange): exchange?.metadata ?? outcome.error?.responseMetadata
        }
    }
    private let source: ResponseSource

    /// Where `response` comes from.
    private enum ResponseSource: Sendable {
        /// Metadata made by whoever created the completion.
        case metadata(ResponseMetadata?)
        /// The final exchange, if any; without one, the outcome's error carries the response.
        case exchange(HTTPExchange?)
    }

    /// Creates a completion.
    package init(
        context: RequestContext, outcome: RequestOutcome, duration: Duration, metrics: TransactionMetrics?,
        response: ResponseMetadata?, attemptSpanIDs: [TraceContext.SpanID] = [], attemptCount: Int = 1
    ) {
        self.init(
            context: context, outcome: outcome, duration: duration, metrics: metrics, source: .metadata(response),
            attemptSpanIDs: attemptSpanIDs, attemptCount: attemptCount)
    }

    /// A completion whose `response` is the metadata of `exchange`, else of the outcome's error,
    /// made only when an observer reads it.
    init(
        context: RequestContext, outcome: RequestOutcome, duration: Duration, metrics: TransactionMetrics?,
        exchange: HTTPExchange?, attemptSpanIDs: [TraceContext.SpanID] = [], attemptCount: Int = 1
    ) {
        self.init(
            context: context, outcome: outcome, duration: duration, metrics: metrics, source: .exchange(exchange),
            attemptSpanIDs: attemptSpanIDs, attemptCount: attemptCount)
    }

    private init(
        context: RequestContext, outcome: RequestOutcome, duration: Duration, metrics: TransactionMetrics?,
        source: ResponseSource, attemptSpanIDs: [TraceContext.SpanID], attemptCount: Int
    ) {
        self.attemptCount = attemptCount
        self.context = context
        self.outcome = outcome
        self.duration = duration
        self.metrics = metrics
        self.source = source
        self.attemptSpanIDs = attemptSpanIDs
    }
}

extension RequestOutcome {
    /// The error, for a failure (`if case .failure(let error) = outcome` outside the library).
    package var error: NetworkingError? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
