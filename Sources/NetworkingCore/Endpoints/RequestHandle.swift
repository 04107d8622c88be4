import Foundation

/// A request running in a task of its own, which you can cancel.
public final class RequestHandle: Sendable {
    private let task: Task<Void, Never>

    /// Wraps the task running a request.
    package init(_ task: Task<Void, Never>) { self.task = task }

    /// Cancels the request; its completion handler receives `.failure(.cancelled)`.
    public func cancel() { task.cancel() }

    /// Whether `cancel()` was called.
    public var isCancelled: Bool { task.isCancelled }

    /// Waits until the request has finished and its completion handler has returned.
    public func wait() async { await task.value }
}
