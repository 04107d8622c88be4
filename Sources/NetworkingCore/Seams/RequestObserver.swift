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
}

extension RequestObserver {
    /// `false`: the observer hears about every request.
    public var observesFailuresOnly: Bool { false }
}
