import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Stops sending requests to an origin that keeps failing, and tries it again after a cool-down: a
/// circuit breaker per origin (scheme, host and port).
///
/// After `failureThreshold` consecutive failures within `window` (a failure is a transport failure
/// another attempt could fix, one of `NetworkingError.retryableURLErrorCodes`, or a 5xx response),
/// the origin's circuit opens: for `coolDown`, every request to it fails at once, without being
/// sent, with an ``OpenCircuit`` that names the origin and when it will be tried again
/// (``NetworkingError/openCircuit``). After the cool-down one request goes through as a probe
/// while the others still fail at once; a probe that the origin answers closes the circuit, one
/// that fails opens it for another cool-down. Any answer below 500 forgets the failures counted
/// so far. Other origins are not affected.
///
/// Place it after (inside) a ``RetryInterceptor``: each attempt then counts, and an open circuit
/// ends the retries at once, since an ``OpenCircuit`` is not retryable. The circuits live in the
/// interceptor: share one interceptor value to share them.
///
/// ```swift
/// let breaker = CircuitBreakerInterceptor(failureThreshold: 5, window: .seconds(60), coolDown: .seconds(30))
/// await networking.setInterceptors([RetryInterceptor(), breaker])
/// ```
public struct CircuitBreakerInterceptor: HTTPInterceptor {
    /// The circuits, shared by every copy of this value.
    private let breaker: CircuitBreaker
    /// The current date, for the window and the cool-down.
    private let now: @Sendable () -> Date

    /// How many consecutive failures open an origin's circuit.
    public var failureThreshold: Int { breaker.threshold }
    /// How long a failure counts towards opening the circuit.
    public var window: Duration { breaker.window }
    /// How long an open circuit refuses every request before it lets a probe through.
    public var coolDown: Duration { breaker.coolDown }

    /// Creates a circuit breaker.
    ///
    /// - Parameters:
    ///   - failureThreshold: Consecutive failures that open an origin's circuit (at least 1).
    ///   - window: How long a failure counts; older ones are forgotten.
    ///   - coolDown: How long an open circuit refuses requests before one probe goes through.
    ///   - now: The current date (the system clock unless testing).
    public init(
        failureThreshold: Int = 5, window: Duration = .seconds(60), coolDown: Duration = .seconds(30),
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        breaker = CircuitBreaker(threshold: failureThreshold, window: window, coolDown: coolDown)
        self.now = now
    }

    /// The openings and closings of this breaker's circuits from now on, in order (the newest 100 a
    /// reader has not taken are kept): to log them, show a banner, or count them.
    ///
    /// ```swift
    /// for await transition in breaker.transitions() {
    ///     switch transition {
    ///     case .opened(let circuit): print("holding back \(circuit.origin) until \(circuit.retryAt)")
    ///     case .closed(let origin): print("\(origin) answers again")
    ///     }
    /// }
    /// ```
    public func transitions() -> AsyncStream<CircuitTransition> { breaker.transitions.stream() }

    /// Sends the request unless its origin's circuit is open, and records how it ended.
    public func intercept(
        _ request: URLRequest, next: @Sendable (URLRequest) async throws -> HTTPExchange
    ) async throws -> HTTPExchange {
        guard let origin = Self.origin(of: request.url) else { return try await next(request) }
        let admission = breaker.admit(origin, now: now())
        if case .refuse(let circuit) = admission { throw NetworkingError.circuitOpen(circuit) }
        do {
            let exchange = try await next(request)
            let verdict: CircuitBreaker.Verdict = exchange.statusCode >= 500 ? .failure : .success
            breaker.record(verdict, for: origin, admission: admission, now: now())
            return exchange
        } catch {
            breaker.record(Self.verdict(on: NetworkingError(error)), for: origin, admission: admission, now: now())
            throw error
        }
    }

    /// What a thrown error says of the origin's health: a transient transport failure or a 5xx is a
    /// failure, any other answer a success, the rest (cancellation, the client's own code) neither.
    static func verdict(on error: NetworkingError) -> CircuitBreaker.Verdict {
        switch error {
        case .transport(let error) where NetworkingError.retryableURLErrorCodes.contains(error.code): .failure
        case .http(let error): error.statusCode >= 500 ? .failure : .success
        case .decoding, .validation: .success
        case .transport, .invalidRequest, .invalidResponse, .cancelled: .neither
        }
    }

    /// The origin of `url`: its scheme, host and port, the default port written out.
    static func origin(of url: URL?) -> String? {
        guard let url, let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else { return nil }
        let defaultPort: Int? = ["http": 80, "ws": 80, "https": 443, "wss": 443][scheme]
        guard let port = url.port ?? defaultPort else { return "\(scheme)://\(host)" }
        return "\(scheme)://\(host):\(port)"
    }
}
