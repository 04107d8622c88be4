import Foundation

/// One moment in a request's life, as `events()` delivers it.
///
/// Every request yields one `.started` and then exactly one `.completed`, both carrying the same
/// `RequestContext` (so the same `id`).
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

    /// Creates the `.completed` event for a completion.
    package init(_ completion: RequestCompletion) {
        self = .completed(completion.context, completion.outcome, completion.duration, completion.metrics)
    }
}
