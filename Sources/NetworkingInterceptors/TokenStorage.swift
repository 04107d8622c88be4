import Foundation

/// Persists one `Token`: in memory, in a file, in the keychain.
///
/// A storage answers `nil` only when no token is stored. Anything else that goes wrong (an
/// unreadable or corrupt file, a keychain error) throws a `TokenStorageError`, so that a damaged
/// store is never mistaken for a signed-out user.
public protocol TokenStorage: Sendable {
    /// The stored token, or `nil` when there is none.
    func loadToken() async throws -> Token?
    /// Replaces the stored token.
    func saveToken(_ token: Token) async throws
    /// Removes the stored token; removing when there is none succeeds.
    func removeToken() async throws
}
