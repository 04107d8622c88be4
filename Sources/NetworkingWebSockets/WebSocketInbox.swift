import Foundation
import NetworkingCore
import Synchronization

/// The messages a connection received and its consumer has not taken yet, with the back-pressure
/// between them: the connection asks `hasRoom` before reading from the socket, and is woken
/// (`onRoom`) when the consumer has taken enough for it to read again.
final class WebSocketInbox: Sendable {
    private struct State: ~Copyable {
        var queue: [WebSocketMessage] = []
        var head = 0
        var bufferedBytes = 0
        var waiter: CheckedContinuation<WebSocketMessage?, any Error>?
        /// `nil` while open; then the error the sequence ends with, or `.some(nil)` for a clean end.
        var end: NetworkingError?? = nil
        var cancelled = false
    }

    /// Per-message bookkeeping counted against the buffer, so that many empty messages fill it too.
    private static let overhead = 64

    private let state = Mutex(State())
    private let capacity: Int
    /// Called, off the lock, when the consumer made room after `hasRoom` had turned false.
    private let onRoom: @Sendable () -> Void
    /// Called, off the lock, when the consuming task is cancelled while it waits.
    private let onCancel: @Sendable () -> Void

    init(capacity: Int, onRoom: @escaping @Sendable () -> Void, onCancel: @escaping @Sendable () -> Void) {
        self.capacity = max(capacity, 1)
        self.onRoom = onRoom
        self.onCancel = onCancel
    }

    /// Whether the connection should read more from the socket.
    var hasRoom: Bool { state.withLock { $0.bufferedBytes < capacity } }

    /// Hands a message to the consumer (or queues it).
    func push(_ message: WebSocketMessage) {
        let waiter: CheckedContinuation<WebSocketMessage?, any Error>? = state.withLock { state in
            guard state.end == nil else { return nil }
            if let waiter = state.waiter {
                state.waiter = nil
                return waiter
            }
            state.queue.append(message)
            state.bufferedBytes += message.byteCount + Self.overhead
            return nil
        }
        waiter?.resume(returning: message)
    }

    /// Ends the sequence after the queued messages: cleanly, or with `error`.
    func finish(_ error: NetworkingError?) {
        let waiter: CheckedContinuation<WebSocketMessage?, any Error>? = state.withLock { state in
            guard state.end == nil else { return nil }
            state.end = .some(error)
            defer { state.waiter = nil }
            return state.waiter
        }
        guard let waiter else { return }
        if let error { waiter.resume(throwing: error) } else { waiter.resume(returning: nil) }
    }

    /// The next message; `nil` once the connection closed cleanly; the connection's error when it
    /// failed; `.cancelled` when the calling task is cancelled (the connection then closes with 1001).
    func next() async throws(NetworkingError) -> WebSocketMessage? {
        // A message already queued (the loop pushes all a read brought, several per wake-up) is
        // taken without a continuation, a cancellation handler or a suspension.
        if let ready = takeQueued() { return try ready.get() }
        // The loop thread resumes after taking the waiter under `state`: taking it after the
        // await orders what the loop built before this task reads it.
        defer { state.withLock { _ in } }
        do {
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation {
                    (continuation: CheckedContinuation<WebSocketMessage?, any Error>) in
                    let (outcome, madeRoom) = take(orPark: continuation)
                    if madeRoom { onRoom() }
                    guard let outcome else { return }
                    continuation.resume(with: outcome)
                }
            } onCancel: {
                let waiter = state.withLock { state in
                    state.cancelled = true
                    defer { state.waiter = nil }
                    return state.waiter
                }
                waiter?.resume(throwing: NetworkingError.cancelled)
                onCancel()
            }
        } catch {
            throw NetworkingError(error)
        }
    }

    /// A queued message (or the end, or the cancellation), without parking; `nil` when the
    /// consumer must wait.
    private func takeQueued() -> Result<WebSocketMessage?, NetworkingError>? {
        let (outcome, madeRoom) = state.withLock { state -> (Result<WebSocketMessage?, NetworkingError>?, Bool) in
            if state.cancelled || Task.isCancelled { return (nil, false) }  // the waiting path says so
            guard state.head < state.queue.count else { return (nil, false) }
            return Self.dequeue(&state, capacity: capacity)
        }
        if madeRoom { onRoom() }
        return outcome
    }

    /// Takes the first queued message; whether that made room.
    private static func dequeue(_ state: inout State, capacity: Int) -> (
        Result<WebSocketMessage?, NetworkingError>, Bool
    ) {
        let message = state.queue[state.head]
        state.head += 1
        let wasFull = state.bufferedBytes >= capacity
        state.bufferedBytes -= message.byteCount + Self.overhead
        if state.head == state.queue.count {
            state.queue.removeAll(keepingCapacity: state.queue.count <= 1024)
            state.head = 0
        }
        return (.success(message), wasFull && state.bufferedBytes < capacity)
    }

    /// A queued message or the end, or parks `continuation`; and whether taking made room.
    private func take(orPark continuation: CheckedContinuation<WebSocketMessage?, any Error>)
        -> (Result<WebSocketMessage?, any Error>?, Bool)
    {
        state.withLock { state in
            if state.cancelled || Task.isCancelled { return (.failure(NetworkingError.cancelled), false) }
            if state.head < state.queue.count {
                let (message, madeRoom) = Self.dequeue(&state, capacity: capacity)
                return (message.mapError { $0 as any Error }, madeRoom)
            }
            if let end = state.end {
                guard let error = end else { return (.success(nil), false) }
                state.end = .some(nil)  // thrown once; the sequence then just ends
                return (.failure(error), false)
            }
            guard state.waiter == nil else {
                return (
                    .failure(NetworkingError.invalidRequest("two tasks read one WebSocket's messages at once")), false
                )
            }
            state.waiter = continuation
            return (nil, false)
        }
    }
}
