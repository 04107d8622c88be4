/// A `TokenProvider` over a `TokenStorage`, with the token cached in memory after the first read.
///
/// Being an actor, concurrent reads and writes are serialised; a read that started before a write
/// never puts the older token back into the cache. Storage errors are thrown, never swallowed, so
/// `hasToken()` throws on a locked keychain or a corrupt file instead of answering `false`.
///
/// ```swift
/// let provider = StoredTokenProvider(storage: FileTokenStorage(fileURL: tokenFile))
/// try await provider.setToken(Token(accessToken: "…"))
/// ```
public actor StoredTokenProvider: TokenProvider {
    /// Where the token is persisted.
    package nonisolated let storage: any TokenStorage

    private enum Cache {
        case unknown
        case known(Token?)
    }

    private var cache = Cache.unknown
    private var writes = 0

    /// Creates a provider over `storage`.
    public init(storage: any TokenStorage) {
        self.storage = storage
    }

    /// The current token: the cached one, or else the one read from storage.
    public func token() async throws -> Token? {
        if case .known(let token) = cache { return token }
        let writesBefore = writes
        let token = try await storage.loadToken()
        // A write that landed while this read was suspended wins.
        if writes == writesBefore { cache = .known(token) } else if case .known(let newer) = cache { return newer }
        return token
    }

    /// Saves `token` to storage and makes it the current one.
    public func setToken(_ token: Token) async throws {
        writes += 1
        cache = .unknown
        try await storage.saveToken(token)
        cache = .known(token)
    }

    /// Removes the token from storage (sign-out).
    public func clear() async throws {
        writes += 1
        cache = .unknown
        try await storage.removeToken()
        cache = .known(nil)
    }

    /// Whether a token is stored; storage errors are thrown, not answered as `false`.
    public func hasToken() async throws -> Bool { try await token() != nil }
}
