import Foundation
import Synchronization

/// The requests in flight, so they can be cancelled from outside the task awaiting them.
package final class RequestRegistry: Sendable {
    // @unchecked: `UnsafeCurrentTask` is not Sendable because it must not outlive its task. Here it
    // is only used under the lock while the entry exists, and `run` removes the entry (under the
    // lock) before it returns, so the task is alive whenever another thread cancels it.
    private struct Entry: @unchecked Sendable {
        let id: UInt64
        let key: String
        /// The task running the request.
        let task: UnsafeCurrentTask
    }

    /// The entries in the order they were registered: an array rather than a dictionary (no
    /// hashing), searched from the end when a registration ends (requests mostly end in the order
    /// they began, the last one first when they run one at a time).
    private struct State {
        var nextID: UInt64 = 0
        var entries: [Entry] = []
    }

    private let state = Mutex(State())

    /// Creates an empty registry.
    package init() {}

    /// Runs `operation` in the caller's task, registered under `key` until it ends, and returns
    /// its result. Cancelling the caller cancels it; so does `cancel(key:)` or `cancelAll()`.
    ///
    /// No task is created and no thread is switched to: the request costs no more than calling
    /// `operation` directly.
    ///
    /// The registration happens on the caller's executor before the first suspension, so on an
    /// actor a `cancelAll()` that runs after this call started always sees the request.
    package nonisolated(nonsending) func run<T: Sendable>(
        key: String, _ operation: @escaping @Sendable () async -> T
    ) async -> T {
        let id = register(key: key)
        defer { unregister(id) }
        return await operation()
    }

    /// Registers the current task under `key` (see `run(key:_:)`), for callers that run the
    /// operation themselves rather than in a closure; pass the result to `unregister(_:)` before
    /// the task ends. `nil` outside a task.
    package func register(key: String) -> UInt64? {
        guard let task = withUnsafeCurrentTask(body: { $0 }) else { return nil }
        return state.withLock { state in
            state.nextID &+= 1
            state.entries.append(Entry(id: state.nextID, key: key, task: task))
            return state.nextID
        }
    }

    /// Ends a registration made by `register(key:)`.
    package func unregister(_ id: UInt64?) {
        guard let id else { return }
        state.withLock { state in
            // Requests mostly end last-begun-first-ended when they run one at a time.
            if state.entries.last?.id == id {
                state.entries.removeLast()
            } else if let index = state.entries.lastIndex(where: { $0.id == id }) {
                state.entries.remove(at: index)
            }
        }
    }

    /// Cancels every request registered under `key`.
    ///
    /// Cancellation runs the requests' cancellation handlers on this thread, under the registry's
    /// lock (which keeps each task alive meanwhile): a handler must not call back into the registry.
    package func cancel(key: String) {
        state.withLock { state in
            for entry in state.entries where entry.key == key { entry.task.cancel() }
        }
    }

    /// Cancels every request in flight (see `cancel(key:)`).
    package func cancelAll() {
        state.withLock { state in
            for entry in state.entries { entry.task.cancel() }
        }
    }

    /// How many requests are in flight.
    package var count: Int { state.withLock { $0.entries.count } }
}
