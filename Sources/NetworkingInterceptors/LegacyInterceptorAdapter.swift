import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Runs an `Interceptor` (the hooks of endpoint-style libraries) as an `HTTPInterceptor`, so existing
/// conformances keep their logic on this library's seam.
///
/// The mapping, for each request that reaches the adapter:
/// 1. `authenticationState`: `.notReachable` fails the request with
///    `.transport(URLError(.notConnectedToInternet))`; `.notLoggedIn` fails it, if it requires
///    authentication (`URLRequest.requiresAuthentication`), with `TokenProviderError.notAuthenticated`
///    (see `NetworkingError.isNotAuthenticated`). Nothing is sent.
/// 2. `authenticate()`, for requests that require authentication: `false` fails the request as not
///    authenticated; an error it throws fails the request as an authentication failure whose
///    `hookFailure` (at the `.authentication` stage) names the wrapped interceptor's type and holds
///    the error (a `NetworkingError` it throws is the failure as it is).
/// 3. `intercept(_ request: inout URLRequest)` changes the request, then the rest of the chain runs.
///    When an outer interceptor replays (a retry, a refresh), the adapter runs again, hooks and all.
/// 4. `intercept(_ data: inout Data)` changes the response body, for every response, before the
///    status check and before decoding (and so before the body reaches `NetworkingError.http`).
/// 5. `intercept(_ error: NetworkingError)` sees the failure: a non-2xx response as `.http` (the
///    response still goes up the chain unchanged, so outer interceptors can act on it), or any
///    error from steps 1–2 or from beneath (transport, cancellation, inner interceptors), which is
///    then rethrown, on every attempt. Failures that happen above the adapter (decoding, an outer
///    validator) are not seen here.
/// 6. `intercept(_ error: any DecodableError)` sees the final failure of an endpoint request, once,
///    whatever failed (decoding included), after its retries and before the caller gets it: the
///    `HTTPClient` whose interceptors include the adapter calls it. The error is a
///    `NetworkingError`; decode your error body from `error.responseMetadata`.
///
/// ```swift
/// await networking.setInterceptors([LegacyInterceptorAdapter(MyInterceptor())])
/// ```
public struct LegacyInterceptorAdapter: OptionsAwareInterceptor {
    /// The wrapped interceptor.
    package let interceptor: any Interceptor

    /// Wraps `interceptor`.
    public init(_ interceptor: any Interceptor) {
        self.interceptor = interceptor
    }

    /// Runs the wrapped interceptor's hooks around sending the request: the authentication gate first,
    /// then the request, data and error hooks.
    public func intercept(
        _ request: URLRequest, options: RequestOptions,
        next: @Sendable (URLRequest, RequestOptions) async throws -> HTTPExchange
    ) async throws -> HTTPExchange {
        do {
            var request = request
            try await authorize(request, requiresAuthentication: options.requiresAuthentication)
            interceptor.intercept(&request)
            var exchange = try await next(request, options)
            var body = exchange.body
            interceptor.intercept(&body)
            exchange.body = body
            if !exchange.isSuccess { interceptor.intercept(.http(HTTPError(metadata: exchange.metadata))) }
            return exchange
        } catch {
            let error = NetworkingError(error)
            interceptor.intercept(error)
            throw error
        }
    }

    private func authorize(_ request: URLRequest, requiresAuthentication: Bool) async throws {
        switch interceptor.authenticationState {
        case .reachable: break
        case .notReachable: throw NetworkingError.transport(URLError(.notConnectedToInternet))
        case .notLoggedIn:
            if requiresAuthentication { throw NetworkingError.notSignedIn }
        }
        guard requiresAuthentication else { return }
        let authenticated: Bool
        do {
            authenticated = try await interceptor.authenticate()
        } catch {
            throw NetworkingError.credential(error, from: type(of: interceptor), at: .authentication)
        }
        guard authenticated else { throw NetworkingError.notSignedIn }
    }
}
