import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A hook around every request: the onion.
///
/// `intercept` receives the request and `next`, the rest of the chain (the innermost being the
/// transport). It may change the request before calling `next`, inspect or replace the exchange
/// after, call `next` again to replay the request, or throw to fail it. Interceptors run
/// outermost first, in the order they were registered.
///
/// An interceptor sees every HTTP response, 4xx and 5xx included (as exchanges, not errors), and
/// may throw any error: a `NetworkingError` passes through as it is (that is how an interceptor
/// fails a request on purpose), cancellation becomes `.cancelled` and a `URLError` `.transport`;
/// anything else fails the request with an error naming the interceptor's type, "The interceptor
/// MyApp.SigningInterceptor failed: …", whose `hookFailure` holds what was thrown (see
/// `NetworkingError.hookFailure`).
///
/// A body of bytes is the request's `httpBody`. A file or a streamed body travels beside the
/// request instead, and is sent as it is unless the interceptor sets `httpBody` (which replaces
/// it); `isBodyReplayable` says whether calling `next` again can send the body again. An
/// interceptor that reads the request's options (whether it needs a credential, its attempt budget,
/// whether it may be logged) is an `OptionsAwareInterceptor`, which receives them with the request.
public protocol HTTPInterceptor: Sendable {
    /// Handles one request.
    func intercept(
        _ request: URLRequest,
        next: @Sendable (URLRequest) async throws -> HTTPExchange
    ) async throws -> HTTPExchange
}
