import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a `ResponseValidatorInterceptor` check says about a response.
public enum ValidationResult: Sendable, Hashable {
    /// The response is what was expected.
    case valid
    /// The response is wrong; `reason` says how, and becomes the `NetworkingError.validation` reason.
    case invalid(reason: String)
}

/// Runs a check on every successful (2xx) response and turns a rejection into
/// `NetworkingError.validation(reason:_:)`, carrying the response's metadata.
///
/// Responses outside 2xx are passed through untouched (the check is not called), so a real `500`
/// still surfaces as `.http`. Register it outermost, before `RetryInterceptor`, so that it checks
/// the final response rather than each attempt.
///
/// The check may throw: a `NetworkingError` is the failure as it is; anything else fails the
/// request with an error whose `hookFailure` is at the `.responseValidation` stage and holds what
/// was thrown ("The validation closure of NetworkingInterceptors.ResponseValidatorInterceptor
/// failed: …"), not retryable.
///
/// ```swift
/// ResponseValidatorInterceptor { exchange in
///     let contentType = exchange.header("Content-Type") ?? ""
///     return contentType.hasPrefix("application/json")
///         ? .valid : .invalid(reason: "expected JSON, got \(contentType)")
/// }
/// ```
public struct ResponseValidatorInterceptor: HTTPInterceptor {
    private let validate: @Sendable (HTTPExchange) throws -> ValidationResult

    /// Creates an interceptor that checks each 2xx response with `validate`, which may throw.
    public init(_ validate: @escaping @Sendable (HTTPExchange) throws -> ValidationResult) {
        self.validate = validate
    }

    /// Sends the request and runs the check on a 2xx response, throwing `.validation` when it is
    /// rejected.
    public func intercept(
        _ request: URLRequest, next: @Sendable (URLRequest) async throws -> HTTPExchange
    ) async throws -> HTTPExchange {
        let exchange = try await next(request)
        guard exchange.isSuccess else { return exchange }
        let verdict: ValidationResult
        do {
            verdict = try validate(exchange)
        } catch {
            throw NetworkingError(error, thrownBy: Self.self, at: .responseValidation)
        }
        switch verdict {
        case .valid: return exchange
        case .invalid(let reason): throw NetworkingError.validation(reason: reason, exchange.metadata)
        }
    }
}
