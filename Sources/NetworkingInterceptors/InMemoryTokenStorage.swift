import Synchronization

/// Keeps the token in memory only: for tests, previews, and apps that sign in every launch.
public final class InMemoryTokenStorage: TokenStorage {
    private let stored: Mutex<Token?>

    /// Creates a storage holding `token` (none by default).
    public init(token: Token? = nil) {
        self.stored = Mutex(token)
    }

    /// The token held, or `nil` when there is none.
    public func loadToken() -> Token? { stored.withLock { $0 } }

    /// Replaces the token held.
    public func saveToken(_ token: Token) { stored.withLock { $0 = token } }

    /// Forgets the token held.
    public func removeToken() { stored.withLock { $0 = nil } }
}
