import Foundation

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

extension NetworkingError {
    /// The failure of a request that needs a credential when none is stored: nothing was sent,
    /// `isNotAuthenticated` and `isAuthenticationFailure` are `true`.
    public static var notSignedIn: NetworkingError {
        .authentication(
            TokenProviderError.notAuthenticated.description, underlying: TokenProviderError.notAuthenticated)
    }

    /// `error`, thrown by the code of `hookType` while getting a credential (a token provider, a
    /// refresh closure, an `authenticate()` hook), as a `NetworkingError`: a `NetworkingError` as
    /// it is (a refresh request that failed keeps its category), `TokenProviderError.notAuthenticated`
    /// as `notSignedIn`, cancellation as `.cancelled`, anything else (a `URLError` included: the
    /// credential could not be had, whatever the cause) as an authentication failure whose
    /// `hookFailure` names `hookType` and `stage` and holds the error.
    static func credential(_ error: any Error, from hookType: Any.Type, at stage: HookFailure.Stage) -> NetworkingError
    {
        switch error {
        case let error as NetworkingError: return error
        case TokenProviderError.notAuthenticated: return .notSignedIn
        case is CancellationError: return .cancelled
        default: return .hookFailed(HookFailure(stage: stage, hookType: hookType, error: error))
        }
    }
}
