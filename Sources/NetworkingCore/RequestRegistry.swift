import Foundation
import Synchronization

/// The requests in flight, so they can be cancelled from outside the task awaiting them.
public final class RequestRegistry: Sendable {
    private struct Entry {
        let key: String
        let cancel: @Sendable () -> Void
    }

    private let entries = Mutex<[UUID: Entry]>([:])

    /// Creates an empty registry.
    public init() {}

    /// Runs `operation` in a task of its own, registered under `key` until it ends, and returns
    /// its result. Cancelling the caller cancels it; so does `cancel(key:)` or `cancelAll()`.
    ///
    /// The registration happens on the caller's executor before the first suspension, so on an
    /// actor a `cancelAll()` that runs after this call started always sees the request.
    public nonisolated(nonsending) func run<T: Sendable>(
        key: String, _ operation: @escaping @Sendable () async -> T
    ) async -> T {
        let id = UUID()
        let task = Task.detached(priority: Task.currentPriority) { await operation() }
        entries.withLock { $0[id] = Entry(key: key, cancel: { task.cancel() }) }
        defer { _ = entries.withLock { $0.removeValue(forKey: id) } }
        return await withTaskCancellationHandler {
            await task.value
        } onCancel: {
            task.cancel()
        }
    }

    /// Cancels every request registered under `key`.
    public func cancel(key: String) {
        let matching = entries.withLock { $0.values.filter { $0.key == key } }
        for entry in matching { entry.cancel() }
    }

    /// Cancels every request in flight.
    public func cancelAll() {
        let all = entries.withLock { Array($0.values) }
        for entry in all { entry.cancel() }
    }

    /// How many requests are in flight.
    public var count: Int { entries.withLock { $0.count } }
}
