import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// Per-endpoint retries, in two regimes:
// - an endpoint that sets `retryCount` (0 or more) has opted in: the client sends the whole request
//   again (interceptors, transport, status check, decoding) after any failure, whatever the
//   method, waiting at least 0.2 s before the first retry and twice as long before each next one,
//   and never less than a `Retry-After` of the failed response asks for (one asking for longer than
//   the client's retry policy waits at most ends the retries, with the server's answer);
// - an endpoint that leaves it negative gets the client's `maxRetries`, applied by the retry policy
//   (the `RetryInterceptor` among the interceptors: transient failures of idempotent requests
//   only), the budget travelling beside the request as `RequestOptions.maxAttempts`.

extension HTTPClient {
    /// The default retry policy a client adds when it has none: backoff starting at 0.2 s and
    /// doubling (with full jitter), idempotent methods only.
    public static func defaultRetryInterceptor() -> RetryInterceptor { RetryInterceptor(delay: 0.2) }

    /// The wait before the first retry of an endpoint that sets its own `retryCount`; it doubles
    /// before each next retry.
    package static let endpointRetryBaseDelay: Duration = .milliseconds(200)

    /// How many times `endpoint`'s request may be retried: its `retryCount` when that is 0 or more
    /// (whatever its method: the endpoint asked for it); otherwise the client's `maxRetries` if the
    /// endpoint is idempotent (`Endpoint.isIdempotent`), else none.
    package func retryBudget<R: Endpoint>(for endpoint: R) -> Int {
        if endpoint.retryCount >= 0 { return endpoint.retryCount }
        return endpoint.isIdempotent ? configuration.maxRetries : 0
    }

    /// Sends `endpoint` through `pipeline` and, when the endpoint sets `retryCount` above 0, sends
    /// it again after any failure but cancellation or an invalid request (which another attempt
    /// cannot change), while retries remain and its body can be sent again (a one-shot stream that
    /// started being sent is not: its failure is thrown as it is); the last failure is thrown. The
    /// retry policy among the interceptors is then turned off for the request, so the count is the
    /// endpoint's alone. A retry never leaves before the time a `Retry-After` of the failed response
    /// names; when that is further away than the retry policy's `maxDelay`, the failure is thrown at
    /// once. When the retry policy gives idempotency keys, every attempt carries the same key.
    nonisolated(nonsending) func sendRetryingOnAnyFailure<T: Decodable, R: Endpoint>(
        _ endpoint: R, on pipeline: Pipeline
    ) async throws(NetworkingError) -> T {
        let retries = endpoint.retryCount
        guard retries > 0 else { return try await send(endpoint, on: pipeline) }
        var options = requestOptions(for: endpoint)
        options.maxAttempts = 1
        let policy = retryPolicy
        var pipeline = pipeline
        if policy.idempotencyKeys, RetryInterceptor.keyedMethods.contains(endpoint.method) {
            // Each attempt runs the interceptors again: the key is chosen once, outside them.
            pipeline.interceptors.insert(IdempotencyKeyStamp(key: RetryInterceptor.newIdempotencyKey()), at: 0)
        }
        // The whole request, waits included, can be cancelled with `cancelAllRequests()`.
        let registration = registry.register(key: endpoint.path)
        defer { registry.unregister(registration) }
        var retry = 0
        while true {
            do {
                return try await send(endpoint, on: pipeline, options: options)
            } catch {
                retry += 1
                guard retry <= retries, Self.isWorthRetrying(error), Self.sendsReplayableBody(endpoint),
                    let delay = Self.endpointRetryWait(
                        beforeRetry: retry, retryAfter: Self.retryAfter(of: error), cap: policy.maxDelay)
                else {
                    throw error
                }
                try await Self.wait(delay)
            }
        }
    }

    /// The client's retry policy: the first `RetryInterceptor` among its interceptors, else the one
    /// it adds (`defaultRetryInterceptor()`).
    var retryPolicy: RetryInterceptor {
        configuration.interceptors.lazy.compactMap { $0 as? RetryInterceptor }.first ?? Self.defaultRetryInterceptor()
    }

    /// The wait before retry number `retry` of an endpoint that sets its own `retryCount`, after a
    /// failure whose response asked for `retryAfter`: the longer of that and the backoff, since a
    /// retry never leaves before the time the server named; `nil` (no retry) when the server asked
    /// for longer than `cap`.
    static func endpointRetryWait(
        beforeRetry retry: Int, retryAfter: Duration?, cap: Duration, random: Double = Double.random(in: 0...1)
    ) -> Duration? {
        let backoff = endpointRetryDelay(beforeRetry: retry, random: random)
        guard let retryAfter else { return backoff }
        return retryAfter <= cap ? Swift.max(backoff, retryAfter) : nil
    }

    /// The wait a response's `Retry-After` asked for, when `error` is a status outside 2xx with one.
    static func retryAfter(of error: NetworkingError) -> Duration? {
        guard case .http(let error) = error else { return nil }
        return error.retryAfter
    }

    /// The wait before retry number `retry` (1 for the first) of an endpoint that sets its own
    /// `retryCount`: `endpointRetryBaseDelay × 2^(retry−1)`, plus a random quarter of it at most, so
    /// that clients that failed together do not come back together.
    static func endpointRetryDelay(beforeRetry retry: Int, random: Double = Double.random(in: 0...1)) -> Duration {
        let floor = endpointRetryBaseDelay * (1 << Swift.min(Swift.max(0, retry - 1), 30))
        return floor + floor * (Swift.min(1, Swift.max(0, random)) / 4)
    }

    /// Whether another attempt can change the outcome of a request that failed with `error`:
    /// not when it was cancelled, nor when the request itself is invalid.
    static func isWorthRetrying(_ error: NetworkingError) -> Bool {
        switch error {
        case .cancelled, .invalidRequest: return false
        case .transport, .http, .decoding, .validation, .invalidResponse: return true
        }
    }

    /// Whether `endpoint`'s body can be sent again: every body but a one-shot stream
    /// (`HTTPBody.IterationBehavior.single`) that started being sent, which is never sent twice.
    static func sendsReplayableBody<R: Endpoint>(_ endpoint: R) -> Bool {
        guard case .requestBody(.stream(let body, _), _) = endpoint.task else { return true }
        return body.canBeSentAgain
    }

    private static func wait(_ delay: Duration) async throws(NetworkingError) {
        do {
            try await Task.sleep(for: delay)
        } catch {
            throw .cancelled
        }
    }

    /// `interceptors` with a retry policy: as they are when one is there, else with
    /// `defaultRetryInterceptor()` added innermost (so a retry never runs the other interceptors
    /// again).
    static func withRetryPolicy(_ interceptors: [any HTTPInterceptor]) -> [any HTTPInterceptor] {
        interceptors.contains { $0 is RetryInterceptor } ? interceptors : interceptors + [defaultRetryInterceptor()]
    }

    /// `interceptors` with every `RetryInterceptor` allowed to retry `method`, for the request of an
    /// endpoint that declares itself idempotent although its method is not (a `POST` with an
    /// idempotency key).
    static func allowingRetries(of method: HTTPMethod, in interceptors: [any HTTPInterceptor]) -> [any HTTPInterceptor]
    {
        interceptors.map { interceptor in
            guard let retry = interceptor as? RetryInterceptor, !retry.retryableMethods.contains(method) else {
                return interceptor
            }
            return RetryInterceptor(
                maxAttempts: retry.maxAttempts, baseDelay: retry.baseDelay, maxDelay: retry.maxDelay,
                retryableStatusCodes: retry.retryableStatusCodes,
                retryableMethods: retry.retryableMethods.union([method]), idempotencyKeys: retry.idempotencyKeys,
                environment: retry.environment)
        }
    }
}

/// Gives every attempt of an endpoint's request the same `Idempotency-Key`, chosen once before the
/// first (a key the request already has is kept), where the endpoint layer sends the whole request
/// again.
private struct IdempotencyKeyStamp: HTTPInterceptor {
    /// The key every attempt carries.
    let key: String

    func intercept(
        _ request: URLRequest, next: @Sendable (URLRequest) async throws -> HTTPExchange
    ) async throws -> HTTPExchange {
        let field = RetryInterceptor.idempotencyKeyField
        guard request.value(forHTTPHeaderField: field) == nil else { return try await next(request) }
        var keyed = request
        keyed.setValue(key, forHTTPHeaderField: field)
        return try await next(keyed)
    }
}
