import Synchronization

/// The shared state behind one `AuthRefreshInterceptor`: the current credential, the ones it
/// replaced, the refresh in flight with the requests waiting on it, and the last refresh that failed.
///
/// The refresh runs in a task of its own, so cancelling the request that started it does not
/// cancel it for the others; each waiter can still be cancelled on its own, and then ends at once.
final class RefreshCoordinator: Sendable {
    typealias Waiter = CheckedContinuation<String?, any Error>

    private struct Flight {
        let id: Int
        /// The credential the request that started the refresh carried.
        let trigger: String?
        var waiters: [Int: Waiter] = [:]
    }

    /// The last refresh to end, when it failed: for the requests that were already out then.
    private struct Failure {
        /// The credential it was to replace.
        let trigger: String?
        let error: any Error
    }

    private struct State {
        var current: String?
        /// Credentials a refresh replaced, most recent last (bounded).
        var superseded: [String] = []
        var flight: Flight?
        var nextID = 0
        /// How many refreshes have ended.
        var ended = 0
        /// The last refresh to end, if it failed (the `ended`th).
        var failure: Failure?
    }

    /// How many replaced credentials are remembered.
    static let supersededLimit = 16

    private let state = Mutex(State())

    /// The credential the last successful refresh returned.
    var current: String? { state.withLock { $0.current } }

    /// How many refreshes have ended. A request reads it as it goes out and hands it to
    /// `credential(after:sentAfter:refresh:)` if it is refused, which then knows whether a refresh
    /// ended while the request was out.
    var endedRefreshes: Int { state.withLock { $0.ended } }

    /// The current credential if `credential` is one a refresh has replaced, so the request can go
    /// out with the current one instead of earning a 401 first; `nil` otherwise.
    func replacement(for credential: String?) -> String? {
        guard let credential else { return nil }
        return state.withLock { state in
            guard let current = state.current, credential != current, state.superseded.contains(credential)
            else { return nil }
            return current
        }
    }

    /// Called after a request carrying `credential` was refused. Returns the credential to replay
    /// with, or `nil` to give up:
    /// - a refresh in flight is joined;
    /// - a request that carried a replaced credential (or none) while a current one is known is
    ///   replayed with the current one, without a refresh;
    /// - a request that was out when a refresh of its credential failed (`sentAfter`, read from
    ///   `endedRefreshes` as it went out, is older than that failure) fails with the same error:
    ///   it belongs to that refresh as much as the requests that waited on it;
    /// - otherwise a refresh starts, and this request waits on it with any that fail meanwhile.
    /// A refresh that throws fails every waiter with that error, as a `NetworkingError`.
    func credential(
        after credential: String?, sentAfter ended: Int, refresh: @escaping @Sendable () async throws -> String?
    ) async throws -> String? {
        let waiterID = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        // A refresh takes its waiters out under `state` before resuming them: taking that lock
        // after the await orders what the refresh built before this task's reads of it.
        defer { state.withLock { _ in } }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (waiter: Waiter) in
                enum Action {
                    case resume(Result<String?, any Error>)
                    case start(Int)
                    case wait
                }
                let action = state.withLock { state -> Action in
                    if Task.isCancelled { return .resume(.failure(CancellationError())) }
                    if state.flight != nil {
                        state.flight?.waiters[waiterID] = waiter
                        return .wait
                    }
                    if let current = state.current, credential != current,
                        credential == nil || state.superseded.contains(credential ?? "")
                    {
                        return .resume(.success(current))
                    }
                    if let failure = state.failure, state.ended > ended, failure.trigger == credential {
                        return .resume(.failure(failure.error))
                    }
                    let flightID = state.nextID
                    state.nextID += 1
                    state.flight = Flight(id: flightID, trigger: credential, waiters: [waiterID: waiter])
                    return .start(flightID)
                }
                switch action {
                case .resume(let result): waiter.resume(with: result)
                case .wait: break
                case .start(let flightID): Task { await self.run(flightID, refresh: refresh) }
                }
            }
        } onCancel: {
            let waiter = state.withLock { $0.flight?.waiters.removeValue(forKey: waiterID) }
            waiter?.resume(throwing: CancellationError())
        }
    }

    private func run(_ flightID: Int, refresh: @Sendable () async throws -> String?) async {
        let result: Result<String?, any Error>
        do {
            let value = try await refresh()
            if let value { try RequestBuilder.validate(HTTPHeaders.Field(name: "Authorization", value: value)) }
            result = .success(value)
        } catch {
            result = .failure(NetworkingError.credential(error, from: AuthRefreshInterceptor.self, at: .tokenRefresh))
        }
        let waiters = state.withLock { state -> [Waiter] in
            guard let flight = state.flight, flight.id == flightID else { return [] }
            state.flight = nil
            state.ended += 1
            if case .failure(let error) = result {
                state.failure = Failure(trigger: flight.trigger, error: error)
            } else {
                state.failure = nil
            }
            if case .success(let value?) = result {
                for old in [flight.trigger, state.current] {
                    guard let old, old != value, !state.superseded.contains(old) else { continue }
                    state.superseded.append(old)
                }
                state.superseded.removeAll { $0 == value }
                if state.superseded.count > Self.supersededLimit {
                    state.superseded.removeFirst(state.superseded.count - Self.supersededLimit)
                }
                state.current = value
            }
            return Array(flight.waiters.values)
        }
        for waiter in waiters { waiter.resume(with: result) }
    }
}
