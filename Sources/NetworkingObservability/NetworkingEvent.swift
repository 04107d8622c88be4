import Foundation

/// One moment in a request's life, as `events()` delivers it.
///
/// Every request yields one `.started` and then exactly one `.completed`, both carrying the same
/// `RequestContext` (so the same `id`). A request retried or replayed after a token refresh is
/// still one request: its attempts are in the `.completed` event's metrics (``attempts``).
///
/// ```swift
/// for await event in stream {
///     switch event {
///     case let .started(context):
///         print("→ [\(context.id)] \(context.method) \(context.url?.absoluteString ?? "")")
///     case let .completed(context, outcome, duration, metrics):
///         if case let .success(statusCode, byteCount) = outcome { print(statusCode, byteCount, duration) }
///         _ = (context, metrics)
///     }
/// }
/// ```
public enum NetworkingEvent: Sendable {
    /// How a request ended: `.success(statusCode:byteCount:)` or `.failure(NetworkingError)`.
    public typealias Outcome = RequestOutcome

    /// A request is about to be sent (after it was built, before the interceptors run).
    case started(RequestContext)
    /// A request ended: how, after how long, and what was measured (`nil` when nothing was, such
    /// as a request that could not be built or never got a response).
    case completed(RequestContext, Outcome, Duration, TransactionMetrics?)

    /// The request this event is about.
    public var context: RequestContext {
        switch self {
        case .started(let context), .completed(let context, _, _, _): return context
        }
    }

    /// The attempts of a completed request that made more than one (retried, or replayed after a
    /// token refresh), in order, from its metrics (``TransactionMetrics/attempts``); empty for a
    /// request sent once and for `.started`.
    ///
    /// Attempts ride in the `.completed` event's metrics rather than in a case or an associated
    /// value of their own, so that the `switch` statements written over this enum keep compiling.
    public var attempts: [RequestAttempt] {
        if case .completed(_, _, _, let metrics) = self { return metrics?.attempts ?? [] }
        return []
    }

    /// Creates the `.completed` event for a completion.
    package init(_ completion: RequestCompletion) {
        self = .completed(completion.context, completion.outcome, completion.duration, completion.metrics)
    }
}
