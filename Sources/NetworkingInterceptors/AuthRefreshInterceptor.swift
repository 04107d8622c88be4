import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Refreshes an expired credential when the server answers `401`/`403`, and replays the request
/// once with the new one.
///
/// On a refused request it runs `refresh`, which returns the new value of the credential header
/// (`"Bearer <token>"`), and sends the request again with it. If `refresh` returns `nil` the
/// interceptor gives up and the original `401`/`403` goes through (as `.http`). The replay happens
/// once: if it is refused too, that response is the result.
///
/// The contract for concurrent requests:
/// - **One refresh in flight.** Requests refused while a refresh runs wait for it and replay with
///   its result; 50 requests that all get a 401 cause a single refresh.
/// - **Stale requests are replayed, not refreshed.** A request refused with a credential older
///   than the current one (sent before the last refresh finished), or with none, is replayed with
///   the current credential without another refresh. A request about to go out with a credential
///   a refresh already replaced is sent with the current one instead.
/// - **A failed refresh fails every waiter** with the error `refresh` threw: a `NetworkingError`
///   (the refresh request's own failure) as it is; `TokenProviderError.notAuthenticated` as
///   `NetworkingError.notSignedIn`; anything else as an authentication failure
///   (`isAuthenticationFailure`) whose `hookFailure` is at the `.tokenRefresh` stage, reading "The
///   refresh closure of NetworkingInterceptors.AuthRefreshInterceptor failed: …", with the
///   original as `underlyingError`. So does a request that was already out when the refresh
///   failed and is refused with the credential it was to replace. A request sent after the
///   failure may refresh again.
/// - The refresh runs in a task of its own: cancelling the request that started it does not
///   cancel it for the others, and a cancelled waiter ends at once with `.cancelled`.
///
/// The replay is labelled for the request's observers: its attempt says it follows a token refresh,
/// and how long the refresh kept it waiting (see ``RequestAttempt``). A refusal with `Retry-After`
/// is replayed no sooner than it asks; one that asks for more than 30 seconds is the result.
///
/// Requests whose options say `requiresAuthentication: false`, and requests whose body cannot be sent twice
/// (`URLRequest.isBodyReplayable`), are passed through untouched.
///
/// ```swift
/// await networking.setInterceptors([
///     AuthRefreshInterceptor {
///         let token = try await myAuth.refreshAccessToken()
///         await networking.setAuthorizationHeader(token: token)  // future requests
///         return "Bearer \(token)"                               // this one, replayed
///     }
/// ])
/// ```
///
/// Keep one instance: copies share their state, and `setInterceptors` keeps the one you pass.
public struct AuthRefreshInterceptor: OptionsAwareInterceptor {
    /// The header that carries the credential (`Authorization` by default).
    package let headerName: String
    /// The statuses that mean "credential refused": `401` and `403` by default.
    package let statusCodes: Set<Int>
    private let refresh: @Sendable () async throws -> String?
    private let coordinator = RefreshCoordinator()

    /// Creates an interceptor that calls `refresh` when a request is refused with one of
    /// `statusCodes`, and replays it with `headerName` set to the value `refresh` returns.
    ///
    /// - Parameters:
    ///   - headerName: The header carrying the credential, such as `Authorization` or `X-API-Key`.
    ///   - statusCodes: The statuses that trigger a refresh.
    ///   - refresh: Obtains a new credential and returns the full header value, or `nil` to give up.
    public init(
        headerName: String = "Authorization", statusCodes: Set<Int> = [401, 403],
        refresh: @escaping @Sendable () async throws -> String?
    ) {
        self.headerName = headerName
        self.statusCodes = statusCodes
        self.refresh = refresh
    }

    /// Creates an interceptor that refreshes the token of `tokenProvider`: `refresh` receives the
    /// stored token (with its refresh token) and returns the new one, or `nil` to give up; the new
    /// token is stored with `setToken` before the request is replayed with
    /// `<headerName>: <scheme> <accessToken>`. With no stored token it gives up. An error the
    /// provider throws is the provider's (`hookFailure` at the `.tokenProvider` stage, naming its
    /// type), one `refresh` throws the refresh's (`.tokenRefresh`).
    ///
    /// Pair it with an `AuthTokenInterceptor` registered before it, over the same provider.
    public init(
        tokenProvider: any TokenProvider, headerName: String = "Authorization", scheme: String = "Bearer",
        statusCodes: Set<Int> = [401, 403], refresh: @escaping @Sendable (Token) async throws -> Token?
    ) {
        @Sendable func provider<T>(_ operation: () async throws -> T) async throws -> T {
            do {
                return try await operation()
            } catch {
                throw NetworkingError.credential(error, from: type(of: tokenProvider), at: .tokenProvider)
            }
        }
        self.init(headerName: headerName, statusCodes: statusCodes) {
            guard let stored = try await provider({ try await tokenProvider.token() }),
                let fresh = try await refresh(stored)
            else { return nil }
            try await provider { try await tokenProvider.setToken(fresh) }
            return scheme.isEmpty ? fresh.accessToken : "\(scheme) \(fresh.accessToken)"
        }
    }

    /// The longest pause a refusal's `Retry-After` may ask for before the replay: the default
    /// `maxDelay` of `RetryInterceptor`, for the same reason (a caller waits no longer for one try).
    package static let replayWaitLimit: Duration = .seconds(30)

    /// The credential the last successful refresh returned, if any.
    package var currentCredential: String? { coordinator.current }

    /// Sends the request; when it is refused with `401`/`403`, refreshes the credential and replays it once.
    public func intercept(
        _ request: URLRequest, options: RequestOptions,
        next: @Sendable (URLRequest, RequestOptions) async throws -> HTTPExchange
    ) async throws -> HTTPExchange {
        guard options.requiresAuthentication else { return try await next(request, options) }
        var request = request
        if let current = coordinator.replacement(for: request.value(forHTTPHeaderField: headerName)) {
            request.setValue(current, forHTTPHeaderField: headerName)
        }
        let ended = coordinator.endedRefreshes
        let exchange = try await next(request, options)
        guard statusCodes.contains(exchange.statusCode), request.isBodyReplayable else { return exchange }
        // A refusal that asks for a pause (`Retry-After`, RFC 9110 §10.2.3) is replayed no sooner:
        // after the pause, counted from the refusal, or not at all when it is longer than
        // `replayWaitLimit` (the refusal is then the result, and nothing is refreshed for it).
        let pause = exchange.header("Retry-After").flatMap { RetryAfter.delay($0, now: Date()) }
        if let pause, pause > Self.replayWaitLimit { return exchange }
        let sent = request.value(forHTTPHeaderField: headerName)
        let refreshStart = ContinuousClock.now
        guard let credential = try await coordinator.credential(after: sent, sentAfter: ended, refresh: refresh) else {
            return exchange
        }
        if let pause {
            let remaining = pause - (ContinuousClock.now - refreshStart)
            do {
                if remaining > .zero { try await Task.sleep(for: remaining) }
            } catch {
                throw NetworkingError.cancelled
            }
        }
        options.attemptRecorder?.willRetry(
            because: .tokenRefresh(statusCode: exchange.statusCode), after: ContinuousClock.now - refreshStart)
        request.setValue(credential, forHTTPHeaderField: headerName)
        return try await next(request, options)
    }
}
