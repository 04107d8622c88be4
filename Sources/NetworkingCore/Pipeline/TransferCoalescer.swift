import Foundation
import Synchronization

/// Shares one transfer among concurrent callers asking for the same key.
///
/// The first caller for a key starts the operation in a task of its own; callers that arrive while
/// it runs wait for the same result. A waiter whose task is cancelled stops waiting at once (with
/// `.cancelled`) without disturbing the others; the operation itself is cancelled only when every
/// waiter has gone. A caller arriving after the operation finished starts a new one.
///
/// The download cache shares its misses through one (`DataCacheTransport`), and a pipeline its
/// coalesced requests (`CoalescingTransport`).
package final class TransferCoalescer: Sendable {
    /// What one caller gets of a shared run: its result, and whether the caller joined a run
    /// another caller started (`false` for the caller whose operation ran).
    package struct Shared: Sendable {
        /// The run's result.
        package let result: Result<HTTPExchange, NetworkingError>
        /// Whether the caller joined another caller's run.
        package let joined: Bool
    }

    private typealias Waiter = CheckedContinuation<Shared, Never>

    private struct Flight {
        let id: UUID
        /// The caller whose operation runs.
        let leader: UUID
        var waiters: [UUID: Waiter]
        var task: Task<Void, Never>?
    }

    private let flights = Mutex<[String: Flight]>([:])

    /// Creates a coalescer with nothing in flight.
    package init() {}

    /// How many distinct operations are in flight.
    package var inFlightCount: Int { flights.withLock { $0.count } }

    /// How many callers are waiting, over all keys.
    package var waiterCount: Int { flights.withLock { $0.values.reduce(0) { $0 + $1.waiters.count } } }

    /// Runs `operation` for `key`, or joins the run already in flight for it.
    package func run(
        key: String, _ operation: @escaping @Sendable () async throws(NetworkingError) -> HTTPExchange
    ) async throws(NetworkingError) -> HTTPExchange {
        try await share(key: key, operation).result.get()
    }

    /// Runs `operation` for `key`, or joins the run already in flight for it, and says which.
    package func share(
        key: String, _ operation: @escaping @Sendable () async throws(NetworkingError) -> HTTPExchange
    ) async -> Shared {
        let waiterID = UUID()
        let shared = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: Waiter) in
                join(key: key, waiterID: waiterID, continuation: continuation, operation: operation)
            }
        } onCancel: {
            leave(key: key, waiterID: waiterID)
        }
        // The flight took its waiters out under `flights` before resuming them: taking that lock
        // here orders the result it built before this task's reads of it.
        flights.withLock { _ in }
        return shared
    }

    private func join(
        key: String, waiterID: UUID, continuation: Waiter,
        operation: @escaping @Sendable () async throws(NetworkingError) -> HTTPExchange
    ) {
        enum Role {
            case cancelled, joined
            case leader(UUID)
        }
        let role = flights.withLock { flights -> Role in
            // Checked under the lock: a cancellation handler that ran before this point found nothing to do.
            if Task.isCancelled { return .cancelled }
            if flights[key] != nil {
                flights[key]?.waiters[waiterID] = continuation
                return .joined
            }
            let id = UUID()
            flights[key] = Flight(id: id, leader: waiterID, waiters: [waiterID: continuation], task: nil)
            return .leader(id)
        }
        switch role {
        case .cancelled:
            continuation.resume(returning: Shared(result: .failure(.cancelled), joined: false))
        case .joined:
            break
        case .leader(let id):
            // Detached: the transfer is shared, so no one waiter's cancellation may end it. It
            // needs nothing of the leader's task: the request it sends is complete (its hop's
            // cookies included).
            let task = Task.detached(priority: Task.currentPriority) { [self] in
                let result: Result<HTTPExchange, NetworkingError>
                do throws(NetworkingError) {
                    result = .success(try await operation())
                } catch {
                    result = .failure(error)
                }
                finish(key: key, flightID: id, result: result)
            }
            let abandoned = flights.withLock { flights -> Bool in
                guard flights[key]?.id == id else { return true }
                flights[key]?.task = task
                return false
            }
            if abandoned { task.cancel() }
        }
    }

    private func leave(key: String, waiterID: UUID) {
        let (waiter, joined, task) = flights.withLock { flights -> (Waiter?, Bool, Task<Void, Never>?) in
            guard var flight = flights[key], let waiter = flight.waiters.removeValue(forKey: waiterID) else {
                return (nil, false, nil)
            }
            let joined = flight.leader != waiterID
            if flight.waiters.isEmpty {
                flights[key] = nil
                return (waiter, joined, flight.task)
            }
            flights[key] = flight
            return (waiter, joined, nil)
        }
        waiter?.resume(returning: Shared(result: .failure(.cancelled), joined: joined))
        task?.cancel()
    }

    private func finish(key: String, flightID: UUID, result: Result<HTTPExchange, NetworkingError>) {
        let (leader, waiters) = flights.withLock { flights -> (UUID?, [UUID: Waiter]) in
            guard let flight = flights[key], flight.id == flightID else { return (nil, [:]) }
            flights[key] = nil
            return (flight.leader, flight.waiters)
        }
        for (id, waiter) in waiters { waiter.resume(returning: Shared(result: result, joined: id != leader)) }
    }
}
