import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The interceptor shape of endpoint-style libraries ("Request Interception"): hooks that change
/// the request, the response data and see the error, plus an authentication gate.
///
/// Every member has a default that does nothing, so a conformance implements only what it needs.
/// Run one on the `HTTPInterceptor` seam by wrapping it in `LegacyInterceptorAdapter`, which
/// documents when each hook is called.
public protocol Interceptor: Sendable {
    /// Whether requests can be sent: `.reachable` (the default) sends them, `.notReachable` fails
    /// them as offline, `.notLoggedIn` fails those that require authentication as not
    /// authenticated.
    var authenticationState: AuthenticationState { get }

    /// Makes sure the user is authenticated before a request that requires it is sent (refreshing
    /// a token, for example). Returning `false` fails the request as not authenticated.
    func authenticate() async throws -> Bool

    /// Changes the request before it is sent (add headers, tokens, …). Called before every attempt.
    func intercept(_ request: inout URLRequest)

    /// Changes the response body before anything else looks at it (decrypt, unwrap, …).
    func intercept(_ data: inout Data)

    /// Sees the error an attempt failed with: a non-2xx response (as `.http`) or a failure of the
    /// layers beneath (transport errors, cancellation, errors thrown by inner interceptors). Called
    /// for every attempt the adapter runs, with the `Networking` actor as with endpoints.
    func intercept(_ error: NetworkingError)

    /// Sees the failure of an endpoint request (sent by `HTTPClient` or `NetworkingController`),
    /// once per request, after its retries and before the error reaches the caller: a non-2xx
    /// response, a response that did not decode, a transport failure, an error thrown by a hook…
    /// The error is a `NetworkingError` (`error as? NetworkingError`), whatever error type the
    /// caller asked for. Use it to log failures or to react to a 401.
    func intercept(_ error: any DecodableError)
}

extension Interceptor {
    /// `.reachable`: requests are sent.
    public var authenticationState: AuthenticationState { .reachable }
    /// Returns `true`: requests need no authentication step.
    public func authenticate() async throws -> Bool { true }
    /// Leaves the request unchanged.
    public func intercept(_ request: inout URLRequest) {}
    /// Leaves the response body unchanged.
    public func intercept(_ data: inout Data) {}
    /// Ignores the error.
    public func intercept(_ error: NetworkingError) {}
    /// Ignores the failure.
    public func intercept(_ error: any DecodableError) {}
}

/// Whether an `Interceptor` lets requests be sent.
public enum AuthenticationState: Sendable, Hashable {
    /// Requests can be sent.
    case reachable
    /// There is no network connection: requests fail as `.transport(URLError(.notConnectedToInternet))`.
    case notReachable
    /// The user needs to sign in: requests that require authentication fail as not authenticated.
    case notLoggedIn
}
