import Foundation

/// Why a request that needs a credential could not get one.
///
/// A token provider throws it as it is; a request that fails for it (`AuthTokenInterceptor` finds
/// no token) throws a `NetworkingError` that carries it (`NetworkingError.notSignedIn`), so that
/// the `Result` and the typed `throws` of the clients stay `NetworkingError`. Either way
/// `catch TokenProviderError.notAuthenticated` matches:
///
/// ```swift
/// do {
///     let me: User = try await client.send(AuthEndpoint.currentUser)
/// } catch TokenProviderError.notAuthenticated {
///     showSignIn()
/// }
/// ```
///
/// It is a structure with static members rather than an enum so that such a pattern is matched by
/// `~=` (which looks inside a `NetworkingError`) instead of by a cast that only a bare
/// `TokenProviderError` passes. Compare it with `==`, or switch over `code`.
public struct TokenProviderError: Error, Sendable, Hashable {
    /// The kinds of `TokenProviderError`.
    public enum Code: Sendable, Hashable {
        /// No token is stored: the user has to sign in.
        case notAuthenticated
    }

    /// Which failure this is.
    public let code: Code

    /// Creates the error for `code`.
    public init(_ code: Code) { self.code = code }

    /// No token is stored: the user has to sign in. `AuthTokenInterceptor` throws it (carried by
    /// a `NetworkingError`, see `NetworkingError.isNotAuthenticated`) before sending anything.
    public static let notAuthenticated = TokenProviderError(.notAuthenticated)
}

extension TokenProviderError: CustomStringConvertible, LocalizedError {
    /// A sentence saying why no credential was available.
    public var description: String {
        switch code {
        case .notAuthenticated:
            return "Not signed in: no token is stored for a request that requires authentication."
        }
    }

    /// The same sentence as `description`.
    public var errorDescription: String? { description }
}

/// Matches an error against a `TokenProviderError`, so that `catch TokenProviderError.notAuthenticated`
/// catches the error bare (from a token provider) and carried by a `NetworkingError` (from a client,
/// see `NetworkingError.isNotAuthenticated`).
public func ~= (pattern: TokenProviderError, error: any Error) -> Bool {
    if let error = error as? TokenProviderError { return error == pattern }
    guard let error = error as? NetworkingError else { return false }
    return (error.underlyingError as? TokenProviderError) == pattern
}
