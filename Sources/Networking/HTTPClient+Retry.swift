import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// Per-endpoint retries. The budget lives in one place (the endpoint's `retryCount`, else the
// client's `maxRetries`) and travels beside the request as `RequestOptions.maxAttempts`; the policy (which
// failures are worth retrying, the backoff) is the `RetryInterceptor` among the interceptors.

extension HTTPClient {
    /// The default retry policy a client adds when it has none: backoff starting at 0.2 s and
    /// doubling (with full jitter), idempotent methods only.
    public static func defaultRetryInterceptor() -> RetryInterceptor { RetryInterceptor(delay: 0.2) }

    /// How many times `endpoint`'s request may be retried: none unless the endpoint is idempotent
    /// (`Endpoint.isIdempotent`); otherwise its `retryCount`, or the client's `maxRetries` when that
    /// is negative.
    public func retryBudget<R: Endpoint>(for endpoint: R) -> Int {
        guard endpoint.isIdempotent else { return 0 }
        return endpoint.retryCount >= 0 ? endpoint.retryCount : configuration.maxRetries
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
                retryableMethods: retry.retryableMethods.union([method]),
                environment: retry.environment)
        }
    }
}
