import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Attaches the current token, as `Authorization: Bearer <token>`, to every request that requires
/// authentication, and leaves the others untouched.
///
/// A request requires authentication unless its options say otherwise
/// (`requiresAuthentication` is `false`: the endpoint layer sets that for sign-in, sign-up and
/// other public endpoints, and an `OptionsAwareInterceptor` of your own may too). When a request
/// needs a token and none is stored, it fails **before anything is sent** with `NetworkingError.notSignedIn` ("Not signed in: no token is
/// stored…"; test it with `error.isNotAuthenticated`). A token provider that throws (a locked
/// keychain, a corrupt file) fails the request before anything is sent too, as an authentication
/// failure (`isAuthenticationFailure`) whose `hookFailure` names the provider's type and holds its
/// error: "The token provider MyApp.KeychainTokens failed: the keychain is locked."
///
/// ```swift
/// let provider = StoredTokenProvider(storage: InMemoryTokenStorage())
/// await networking.setInterceptors([AuthTokenInterceptor(tokenProvider: provider)])
/// ```
///
/// To refresh an expired token, register an `AuthRefreshInterceptor` after this one (see
/// `AuthRefreshInterceptor.init(tokenProvider:refresh:)`).
public struct AuthTokenInterceptor: OptionsAwareInterceptor {
    /// Where the token comes from.
    package let tokenProvider: any TokenProvider
    /// The header the credential is sent in.
    package let headerName: String
    /// The scheme written before the token (`Bearer`); empty sends the bare token.
    package let scheme: String

    /// Creates an interceptor sending `<headerName>: <scheme> <accessToken>`
    /// (`Authorization: Bearer …` by default).
    public init(tokenProvider: any TokenProvider, headerName: String = "Authorization", scheme: String = "Bearer") {
        self.tokenProvider = tokenProvider
        self.headerName = headerName
        self.scheme = scheme
    }

    /// Adds the current token to a request that requires authentication, then sends it.
    public func intercept(
        _ request: URLRequest, options: RequestOptions,
        next: @Sendable (URLRequest, RequestOptions) async throws -> HTTPExchange
    ) async throws -> HTTPExchange {
        guard options.requiresAuthentication else { return try await next(request, options) }
        let token: Token?
        do {
            token = try await tokenProvider.token()
        } catch {
            throw NetworkingError.credential(error, from: type(of: tokenProvider), at: .tokenProvider)
        }
        guard let token else { throw NetworkingError.notSignedIn }
        let field = HTTPHeaders.Field(name: headerName, value: headerValue(for: token))
        try RequestBuilder.validate(field)
        var request = request
        request.setValue(field.value, forHTTPHeaderField: field.name)
        return try await next(request, options)
    }

    /// The header value sent for `token`.
    package func headerValue(for token: Token) -> String {
        scheme.isEmpty ? token.accessToken : "\(scheme) \(token.accessToken)"
    }
}
