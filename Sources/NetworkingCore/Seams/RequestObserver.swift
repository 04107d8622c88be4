import Foundation

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
    /// One attempt of a request has ended (see ``RequestAttempt``): its number, why it was made,
    /// the wait before it, how it ended and what was measured of it. Called between
    /// `requestStarted` and `requestCompleted`, once per attempt, a request sent only once
    /// included. When every observer of a request observes failures only, none is told of its
    /// attempts one by one (its start is not reported until it has failed); its completion lists
    /// them (``RequestCompletion/attempts``). Does nothing by default.
    func requestAttemptEnded(_ attempt: RequestAttempt, context: RequestContext)
}

extension RequestObserver {
    /// `false`: the observer hears about every request.
    public var observesFailuresOnly: Bool { false }

    /// Does nothing: the observer reads the attempts from the completion, if at all.
    public func requestAttemptEnded(_ attempt: RequestAttempt, context: RequestContext) {}
}
