import Synchronization

/// Keeps the token in memory only: for tests, previews, and apps that sign in every launch.
public final class InMemoryTokenStorage: TokenStorage {
    private let stored: Mutex<Token?>

    /// Creates a storage holding `token` (none by default).
    public init(token: Token? = nil) {
        self.stored = Mutex(token)
    }

    public func loadToken() -> Token? { stored.withLock { $0 } }

    public func saveToken(_ token: Token) { stored.withLock { $0 = token } }

    public func removeToken() { stored.withLock { $0 = nil } }
}
