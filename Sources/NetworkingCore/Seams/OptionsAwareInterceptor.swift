import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An interceptor that reads the request's options, or changes them for the rest of the chain.
///
/// The options (``RequestOptions``: whether the request needs a credential, its attempt budget,
/// whether it may be logged) travel beside the request, never on it, so nothing of them reaches a
/// transport or the server. They are passed down the chain explicitly: `intercept` receives them
/// with the request, and hands `next` the options the rest of the chain runs with, the same or
/// changed. The library's authentication and retry interceptors are of this kind.
///
/// ```swift
/// struct PublicSignIn: OptionsAwareInterceptor {
///     func intercept(
///         _ request: URLRequest, options: RequestOptions,
///         next: @Sendable (URLRequest, RequestOptions) async throws -> HTTPExchange
///     ) async throws -> HTTPExchange {
///         guard request.url?.path == "/login" else { return try await next(request, options) }
///         var options = options
///         options.requiresAuthentication = false  // the auth interceptors leave it alone
///         return try await next(request, options)
///     }
/// }
/// ```
public protocol OptionsAwareInterceptor: HTTPInterceptor {
    /// Handles one request sent with `options`.
    func intercept(
        _ request: URLRequest, options: RequestOptions,
        next: @Sendable (URLRequest, RequestOptions) async throws -> HTTPExchange
    ) async throws -> HTTPExchange
}

extension OptionsAwareInterceptor {
    /// Handles a request sent without options (outside any client, or by a chain of one's own):
    /// it runs with the defaults, `RequestOptions()`.
    public func intercept(
        _ request: URLRequest, next: @Sendable (URLRequest) async throws -> HTTPExchange
    ) async throws -> HTTPExchange {
        try await intercept(request, options: RequestOptions()) { request, _ in try await next(request) }
    }
}
