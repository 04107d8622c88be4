import Foundation

/// The response cache for the verbs: a `ResponseStore` kept in a two-tier `DataCache`, with a
/// `defaultMaxAge` for responses that carry no freshness information of their own.
///
/// Attach it to a client (`Networking.setResponseCache(_:)`) and `GET` responses are cached under
/// the HTTP rules the client applies beneath its interceptors: `Cache-Control` `no-store`,
/// `no-cache` and `max-age` honoured, stale responses revalidated with `ETag`/`Last-Modified`, keys
/// made of the method, the URL and the identity of the credential.
///
/// ```swift
/// let networking = Networking(baseURL: "https://api.example.com")
/// await networking.setResponseCache(ResponseCache(defaultMaxAge: 60))
/// ```
public final class ResponseCache: ResponseStore {
    /// Seconds a response without `max-age` or `Expires` stays fresh; `0` revalidates it before every reuse.
    public let defaultMaxAge: TimeInterval
    /// Where the responses are kept.
    package let storage: DataCache
    private let level: CachingLevel

    /// Creates a response cache.
    ///
    /// - Parameters:
    ///   - defaultMaxAge: seconds a response without `max-age` or `Expires` stays fresh; `0` (the
    ///     default) revalidates it before every reuse.
    ///   - directory: where responses are kept on disk (`defaultDirectory` unless you pass another),
    ///     or `nil` to keep them in memory only.
    ///   - memoryCostLimit: the most the memory tier holds, in bytes.
    ///   - diskSizeLimit: the most the disk tier holds, in bytes.
    ///   - ttl: how long a response may go unused on disk before it is removed, in seconds.
    ///   - clock: the current time for the disk tier's expiry (inject one in tests).
    public init(
        defaultMaxAge: TimeInterval = 0, directory: URL? = ResponseCache.defaultDirectory,
        memoryCostLimit: Int = 16 * 1024 * 1024, diskSizeLimit: Int = 128 * 1024 * 1024,
        ttl: TimeInterval = DataCache.defaultTTL, clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.defaultMaxAge = max(0, defaultMaxAge)
        self.storage = DataCache(
            directory: directory, memoryCostLimit: memoryCostLimit, diskSizeLimit: diskSizeLimit, ttl: ttl,
            clock: clock)
        self.level = directory == nil ? .memory : .memoryAndFile
    }

    /// `<caches>/Networking/Responses/<app>`, where `<app>` is the bundle identifier or, failing
    /// that, the process name, so two programs never share responses.
    public static var defaultDirectory: URL? {
        let scope = Bundle.main.bundleIdentifier ?? ProcessInfo.processInfo.processName
        return DataCache.cachesDirectory?.appendingPathComponent("Networking", isDirectory: true)
            .appendingPathComponent("Responses", isDirectory: true)
            .appendingPathComponent(DataCache.folderName(forBaseURL: "app://" + scope), isDirectory: true)
    }

    /// The response stored under `key`, from memory or else from disk, or `nil` when there is none.
    public func cachedResponse(forKey key: String) -> CachedResponse? {
        if let entry = storage.memoryEntry(forKey: key) {
            if let decoded = entry.attachment as? DecodedResponse { return decoded.response }
            guard let decoded = CachedResponse(encoded: entry.value) else { return nil }
            storage.attach(DecodedResponse(response: decoded), toKey: key, generation: entry.generation)
            return decoded
        }
        return storage.data(forKey: key).flatMap(CachedResponse.init(encoded:))
    }

    /// Stores `response` under `key`, replacing any response stored there.
    public func storeResponse(_ response: CachedResponse, forKey key: String) {
        storage.store(response.encoded(), forKey: key, level: level)
    }

    /// Removes the response stored under `key`, if any.
    public func removeResponse(forKey key: String) {
        storage.removeData(forKey: key)
    }

    /// Removes every stored response, in memory and on disk.
    public func removeAllResponses() {
        storage.removeAll()
    }
}

/// A response decoded from a memory entry, kept with the entry so later hits skip the decoding.
private final class DecodedResponse: Sendable {
    let response: CachedResponse

    init(response: CachedResponse) { self.response = response }
}
