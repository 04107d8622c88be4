import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A request that a ``CircuitBreakerInterceptor`` failed at once, without sending it, because the
/// circuit of its origin is open: the origin failed too often lately, and is left alone until a
/// cool-down ends.
///
/// ``NetworkingError``'s cases are closed, so it rides in `.transport(URLError(.unknown))` (nothing
/// reached the network) and ``NetworkingError/openCircuit`` reads it back. Its message names the
/// origin and when it will be tried again: "Requests to https://api.example.com are held back after
/// 5 consecutive failures; it will be tried again at 2026-06-09 10:14:20 +0000." It is not retryable:
/// retrying at once would only meet the open circuit again.
///
/// ```swift
/// if let open = error.openCircuit {
///     print("\(open.origin) is down; try again after \(open.retryAt)")
/// }
/// ```
public struct OpenCircuit: Error, Sendable, Hashable, CustomStringConvertible {
    /// The origin whose circuit is open: scheme, host and port (`https://api.example.com:443`).
    public let origin: String
    /// When a request to the origin will next be let through, as a probe; a time already past
    /// when a probe is under way.
    public let retryAt: Date
    /// How many consecutive failures opened the circuit.
    public let failureCount: Int

    /// Creates the value of an open circuit.
    public init(origin: String, retryAt: Date, failureCount: Int) {
        self.origin = origin
        self.retryAt = retryAt
        self.failureCount = failureCount
    }

    /// A sentence naming the origin, the failures and when it will be tried again.
    public var description: String {
        let failures = failureCount == 1 ? "1 failure" : "\(failureCount) consecutive failures"
        return "Requests to \(origin) are held back after \(failures); it will be tried again at \(retryAt)."
    }
}

extension NetworkingError {
    /// The key under which the `URLError` of a `.transport` error keeps the ``OpenCircuit`` that
    /// failed the request (read it with ``openCircuit``).
    public static let openCircuitUserInfoKey = "NetworkingOpenCircuit"

    /// The open circuit that failed the request without sending it, when a
    /// ``CircuitBreakerInterceptor`` did; `nil` otherwise.
    public var openCircuit: OpenCircuit? {
        guard case .transport(let error) = self else { return nil }
        return (error as NSError).userInfo[Self.openCircuitUserInfoKey] as? OpenCircuit
    }

    /// The error for a request refused by `circuit`: `.transport(URLError(.unknown))` with the
    /// circuit's sentence as its message (see ``openCircuit``).
    package static func circuitOpen(_ circuit: OpenCircuit) -> NetworkingError {
        .transport(
            URLError(
                .unknown,
                userInfo: [
                    NSLocalizedDescriptionKey: circuit.description, NSUnderlyingErrorKey: circuit,
                    openCircuitUserInfoKey: circuit,
                ]))
    }
}
