import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Retries a request that failed transiently, with capped full-jitter exponential backoff.
///
/// A request is tried again when
/// - the response status is in `retryableStatusCodes` (408, 429, 500, 502, 503, 504 by default:
///   `NetworkingError.retryableStatusCodes`), or
/// - the transport failed with one of `NetworkingError.retryableURLErrorCodes`: a timeout, a lost
///   or refused connection, no network, or a DNS failure. These mean the request most likely did
///   not reach the server, or the connection broke under it, so another attempt can succeed.
///   Other errors (TLS failures, bad URLs, cancellation, anything the server answered) are final.
///
/// and only when its method is in `retryableMethods` (the idempotent ones by default: repeating a
/// `POST` that the server did process could charge twice) and its body can be sent again
/// (`URLRequest.isBodyReplayable`).
///
/// Before retry *n* (1, 2, …) it waits a random duration between zero and
/// `min(maxDelay, baseDelay × 2ⁿ⁻¹)` ("full jitter", so that clients that failed together do
/// not come back together). A `Retry-After` header on the response, in seconds or as an HTTP-date,
/// replaces that wait: the retry never leaves before the time the server named. When the server
/// asks for longer than `maxDelay`, the request is not retried: its response is the result at
/// once, and `HTTPError.retryAfter` reads the wait it asked for. A malformed value (negative, not
/// a number nor a date, more than a year away) is ignored, and the backoff applies. Cancelling the
/// request during a wait ends it at once with `.cancelled`. When the attempts run out, the last
/// response (or error) is the result.
///
/// With `idempotencyKeys`, each `POST` and `PATCH` carries an `Idempotency-Key` field
/// (draft-ietf-httpapi-idempotency-key-header): a random UUID, the same on every attempt, unless
/// the request already has one, which is kept. The server can then recognise a repeat of a request
/// it processed, so such requests are retried too, whatever `retryableMethods` says.
///
/// A request can carry its own budget in its options (`RequestOptions.maxAttempts`, handed down
/// the chain with it), which replaces `maxAttempts` for it (`1` turns retrying off for that
/// request); the endpoint layer uses it for per-endpoint retry counts.
///
/// Each retry is labelled for the request's observers: the attempt it makes says it is a retry,
/// after which status or error, and the wait chosen (see ``RequestAttempt``).
///
/// ```swift
/// await networking.setInterceptors([
///     RetryInterceptor(maxAttempts: 3, baseDelay: .milliseconds(500), maxDelay: .seconds(30))
/// ])
/// ```
public struct RetryInterceptor: OptionsAwareInterceptor {
    /// How many times a request is sent at most, the first attempt included.
    package let maxAttempts: Int
    /// The backoff before the first retry (its upper bound: the wait is random below it).
    package let baseDelay: Duration
    /// The longest wait between attempts, for the backoff and for `Retry-After` alike.
    package let maxDelay: Duration
    /// The response statuses that are retried.
    package let retryableStatusCodes: Set<Int>
    /// The methods that are retried.
    package let retryableMethods: Set<HTTPMethod>
    /// Whether `POST` and `PATCH` requests carry an `Idempotency-Key`, and are then retried.
    package let idempotencyKeys: Bool
    /// The clock, sleep and randomness the interceptor uses.
    package let environment: Environment

    /// Where `RetryInterceptor` gets the time, how it waits and where its randomness comes from;
    /// replace them to make tests deterministic and instant.
    public struct Environment: Sendable {
        /// The current date, for `Retry-After` dates.
        public var now: @Sendable () -> Date
        /// Waits for a duration; must throw when the task is cancelled.
        public var sleep: @Sendable (Duration) async throws -> Void
        /// A uniformly distributed number in `0...1`, for the jitter.
        public var random: @Sendable () -> Double

        /// Creates an environment.
        public init(
            now: @escaping @Sendable () -> Date, sleep: @escaping @Sendable (Duration) async throws -> Void,
            random: @escaping @Sendable () -> Double
        ) {
            self.now = now
            self.sleep = sleep
            self.random = random
        }

        /// The system clock, `Task.sleep` and the system random number generator.
        public static let live = Environment(
            now: { Date() }, sleep: { try await Task.sleep(for: $0) }, random: { Double.random(in: 0...1) })
    }

    /// Creates a retry policy.
    ///
    /// - Parameters:
    ///   - maxAttempts: Attempts in total, the first included (values below 1 count as 1).
    ///   - baseDelay: The upper bound of the wait before the first retry; it doubles each retry.
    ///   - maxDelay: The cap on any wait. A `Retry-After` asking for longer is not cut short: the
    ///     request is not retried, and its response is the result.
    ///   - retryableStatusCodes: The response statuses to retry.
    ///   - retryableMethods: The methods to retry; add `POST` only for endpoints that are safe to
    ///     repeat (for example because they take an idempotency key).
    ///   - idempotencyKeys: Whether each `POST` and `PATCH` carries an `Idempotency-Key` (a UUID, the
    ///     same on every attempt; one the request has is kept), which makes them retryable too.
    ///   - environment: The clock, sleep and randomness (`.live` unless testing).
    public init(
        maxAttempts: Int = 3, baseDelay: Duration = .milliseconds(500), maxDelay: Duration = .seconds(30),
        retryableStatusCodes: Set<Int> = NetworkingError.retryableStatusCodes,
        retryableMethods: Set<HTTPMethod> = HTTPMethod.idempotentMethods, idempotencyKeys: Bool = false,
        environment: Environment = .live
    ) {
        self.maxAttempts = Swift.max(1, maxAttempts)
        self.baseDelay = Swift.max(.zero, baseDelay)
        self.maxDelay = Swift.max(.zero, maxDelay)
        self.retryableStatusCodes = retryableStatusCodes
        self.retryableMethods = retryableMethods
        self.idempotencyKeys = idempotencyKeys
        self.environment = environment
    }

    /// The header field that carries an idempotency key (draft-ietf-httpapi-idempotency-key-header).
    public static let idempotencyKeyField = "Idempotency-Key"

    /// The methods that get an idempotency key with `idempotencyKeys`: the unsafe ones a server
    /// can deduplicate by key.
    package static let keyedMethods: Set<HTTPMethod> = [.post, .patch]

    /// Creates a retry policy whose first backoff is `delay` seconds, with the other defaults
    /// (3 attempts, 30 s cap). This is the form the endpoint client's configuration uses, where
    /// the budget comes from the client (`maxRetries`) through `RequestOptions.maxAttempts`.
    public init(delay: TimeInterval) {
        self.init(baseDelay: .milliseconds(Int64((Swift.max(0, delay) * 1000).rounded())))
    }

    /// Sends the request, and sends it again after a backoff delay while it fails transiently and attempts remain.
    public func intercept(
        _ request: URLRequest, options: RequestOptions,
        next: @Sendable (URLRequest, RequestOptions) async throws -> HTTPExchange
    ) async throws -> HTTPExchange {
        let request = withIdempotencyKey(request)
        let attempts = options.maxAttempts ?? maxAttempts
        guard attempts > 1, isRetryable(request) else { return try await next(request, options) }
        var attempt = 1
        while true {
            let outcome: Result<HTTPExchange, NetworkingError>
            do {
                outcome = .success(try await next(request, options))
            } catch {
                outcome = .failure(NetworkingError(error))
            }
            guard attempt < attempts, let wait = delay(after: outcome, retry: attempt) else {
                return try outcome.get()
            }
            options.attemptRecorder?.willRetry(because: .retry(after: RequestAttempt.Outcome(outcome)), after: wait)
            do {
                try await environment.sleep(wait)
            } catch {
                throw NetworkingError.cancelled
            }
            if Task.isCancelled { throw NetworkingError.cancelled }
            attempt += 1
        }
    }

    /// Whether `request` may be retried at all: its method is retryable (or it carries the
    /// idempotency key this policy gives it) and its body replayable.
    package func isRetryable(_ request: URLRequest) -> Bool {
        let method = HTTPMethod(rawValue: request.httpMethod ?? "GET")
        let keyed = idempotencyKeys && Self.keyedMethods.contains(method)
        return (retryableMethods.contains(method) || keyed) && request.isBodyReplayable
    }

    /// `request` with an `Idempotency-Key` when this policy gives keys and its method takes one;
    /// a key it already has is kept.
    package func withIdempotencyKey(_ request: URLRequest) -> URLRequest {
        guard idempotencyKeys, Self.keyedMethods.contains(HTTPMethod(rawValue: request.httpMethod ?? "GET")),
            request.value(forHTTPHeaderField: Self.idempotencyKeyField) == nil
        else { return request }
        var keyed = request
        keyed.setValue(Self.newIdempotencyKey(), forHTTPHeaderField: Self.idempotencyKeyField)
        return keyed
    }

    /// A new idempotency key: a random UUID as a structured-field string (RFC 8941), quoted, as the
    /// draft's examples write it.
    package static func newIdempotencyKey() -> String { "\"\(UUID().uuidString.lowercased())\"" }

    /// The wait before retry number `retry` (1 for the first) after `outcome`, or `nil` when the
    /// outcome is not worth retrying.
    func delay(after outcome: Result<HTTPExchange, NetworkingError>, retry: Int) -> Duration? {
        switch outcome {
        case .success(let exchange):
            guard retryableStatusCodes.contains(exchange.statusCode) else { return nil }
            return wait(asked: exchange.header("Retry-After"), beforeRetry: retry)
        case .failure(.transport(let error)) where NetworkingError.retryableURLErrorCodes.contains(error.code):
            return backoff(beforeRetry: retry)
        case .failure(.http(let error)) where retryableStatusCodes.contains(error.statusCode):
            // An inner interceptor (such as a refresh that called a flaky server) threw it.
            return wait(asked: error.metadata.header("Retry-After"), beforeRetry: retry)
        case .failure:
            return nil
        }
    }

    /// The wait before retry number `retry` after a response whose `Retry-After` field is `header`:
    /// the wait it asks for, or `nil` (no retry) when that is longer than `maxDelay`, since a retry
    /// never leaves before the time the server named; the backoff when there is no readable value.
    private func wait(asked header: String?, beforeRetry retry: Int) -> Duration? {
        guard let header, let requested = RetryAfter.delay(header, now: environment.now()) else {
            return backoff(beforeRetry: retry)
        }
        return requested <= maxDelay ? requested : nil
    }

    /// The full-jitter backoff before retry number `retry` (1 for the first): a random duration in
    /// `0...min(maxDelay, baseDelay × 2^(retry−1))`.
    package func backoff(beforeRetry retry: Int) -> Duration {
        let base = Self.seconds(baseDelay)
        let exponential = base * pow(2, Double(Swift.max(0, retry - 1)))
        let ceiling = Swift.min(Self.seconds(maxDelay), exponential)
        let fraction = Swift.min(1, Swift.max(0, environment.random()))
        return .milliseconds(Int64((ceiling * fraction * 1000).rounded()))
    }

    private static func seconds(_ duration: Duration) -> Double {
        let components = duration.components
        return Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}

extension RequestAttempt.Outcome {
    /// The outcome a retry policy judged: the response's status, or the error.
    init(_ outcome: Result<HTTPExchange, NetworkingError>) {
        switch outcome {
        case .success(let exchange): self = .response(statusCode: exchange.statusCode)
        case .failure(let error): self = .failure(error)
        }
    }
}
