import Foundation

/// One attempt of a request: one pass through the innermost step of the interceptor chain, where
/// the request leaves for the transport (its redirects included).
///
/// A request is usually sent once. A retry policy (`RetryInterceptor`) sends it again after a
/// transient failure, and a token refresh (`AuthRefreshInterceptor`) replays it with the new
/// credential; each time is an attempt, numbered from 1. Observers hear about each attempt as it
/// ends (``RequestObserver/requestAttemptEnded(_:context:)``), and a request made of more than one
/// lists them in ``RequestCompletion/attempts`` and ``TransactionMetrics/attempts``.
///
/// An interceptor of your own that calls `next` more than once makes attempts too; the library
/// counts them, with the reason ``Reason/unspecified``.
public struct RequestAttempt: Sendable, Hashable {
    /// Why an attempt was made.
    public enum Reason: Sendable, Hashable {
        /// The request's first attempt.
        case first
        /// A retry policy sent the request again after the previous attempt's outcome: a status it
        /// retries (`.response(statusCode:)`) or a transient error (`.failure`).
        case retry(after: Outcome)
        /// The request was replayed with a new credential after a token refresh, the previous
        /// attempt having been refused with `statusCode` (401 or 403).
        case tokenRefresh(statusCode: Int)
        /// The transport sent the request again on its own: the server said it had not processed
        /// the previous attempt (see ``TransactionMetrics/Resend``).
        case resent(TransactionMetrics.Resend.Cause)
        /// An interceptor sent the request again without saying why.
        case unspecified
    }

    /// How an attempt ended, as the innermost step saw it (before the interceptors judged it).
    public enum Outcome: Sendable, Hashable {
        /// A response arrived, whatever its status.
        case response(statusCode: Int)
        /// The attempt failed without a response the interceptors could see.
        case failure(NetworkingError)

        /// The status, for a response.
        public var statusCode: Int? {
            if case .response(let statusCode) = self { return statusCode }
            return nil
        }

        /// The error, for a failure.
        public var error: NetworkingError? {
            if case .failure(let error) = self { return error }
            return nil
        }

        /// Two failures are equal when their errors read the same (`NetworkingError` is not
        /// `Equatable`).
        public static func == (lhs: Outcome, rhs: Outcome) -> Bool {
            switch (lhs, rhs) {
            case (.response(let left), .response(let right)): left == right
            case (.failure(let left), .failure(let right)): left.localizedDescription == right.localizedDescription
            default: false
            }
        }

        /// Hashes the status, or the error's description.
        public func hash(into hasher: inout Hasher) {
            switch self {
            case .response(let statusCode): hasher.combine(statusCode)
            case .failure(let error): hasher.combine(error.localizedDescription)
            }
        }
    }

    /// The attempt's number: 1 for the first.
    public let number: Int
    /// Why it was made.
    public let reason: Reason
    /// How long the request waited before it: the backoff a retry policy chose (or the one
    /// `Retry-After` asked for), the time a token refresh took; zero for the first attempt and for
    /// an attempt nobody labelled.
    public let delay: Duration
    /// How it ended.
    public let outcome: Outcome
    /// What was measured of it (its own start, end and phases, and its redirects), when its
    /// transport measured anything.
    public let metrics: TransactionMetrics?
    /// The span of each hop of the attempt, when the request was traced (see
    /// ``RequestCompletion/attemptSpanIDs``, which lists the spans of every attempt); empty
    /// otherwise.
    public let spanIDs: [TraceContext.SpanID]

    /// Creates an attempt.
    public init(
        number: Int, reason: Reason, delay: Duration = .zero, outcome: Outcome, metrics: TransactionMetrics? = nil,
        spanIDs: [TraceContext.SpanID] = []
    ) {
        self.number = number
        self.reason = reason
        self.delay = delay
        self.outcome = outcome
        self.metrics = metrics
        self.spanIDs = spanIDs
    }
}
