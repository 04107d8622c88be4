/// Where `AuthTokenInterceptor` gets the current credential, and where sign-in and sign-out put it.
///
/// Every member is `async throws`, so a storage failure (a locked keychain, an unreadable file)
/// surfaces as an error instead of reading as "signed out".
public protocol TokenProvider: Sendable {
    /// The current token, or `nil` when nobody is signed in.
    func token() async throws -> Token?
    /// Stores `token` as the current one.
    func setToken(_ token: Token) async throws
    /// Forgets the current token (sign-out).
    func clear() async throws
    /// Whether a token is stored.
    func hasToken() async throws -> Bool
}

extension TokenProvider {
    /// Whether a token is stored: `token() != nil`.
    public func hasToken() async throws -> Bool { try await token() != nil }
}

/// Why a request that needs a credential could not get one.
public enum TokenProviderError: Error, Sendable, Hashable {
    /// No token is stored: the user has to sign in. `AuthTokenInterceptor` throws this (wrapped in
    /// a `NetworkingError`, see `NetworkingError.isNotAuthenticated`) before sending anything.
    case notAuthenticated
}

extension TokenProviderError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .notAuthenticated: return "Not authenticated: no token is stored, sign in first"
        }
    }
}
