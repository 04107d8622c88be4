import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A transport that keeps responses in a `DataCache` by key: the key→blob caching of downloads (and
/// of verbs asked to cache with `cachingLevel:`). Freshness is ignored (`max-age`, `no-cache`,
/// `ETag`, `Expires`); what was stored is served until it is removed or expires from disk. The one
/// header obeyed is `Cache-Control: no-store` (RFC 9111 §5.2.2.5), because it asks for privacy
/// rather than freshness.
///
/// - The key is the given one (a `cacheName`, a URL) or the request's URL, followed by the identity
///   of the credential the request carries (see `CacheKey`).
/// - `.memory` / `.memoryAndFile`: a stored response is served without touching the network;
///   otherwise the response is fetched and, if `shouldStore` accepts it, stored at that level.
///   With a coalescer, concurrent misses for one key share one transfer.
/// - A `no-store` response is never written to disk. At `.memoryAndFile` it is not kept at all
///   (any copy under its key is dropped) and goes only to the call that fetched it: a concurrent
///   miss that waited for that transfer fetches again for itself. At `.memory`, asked for
///   explicitly, it is kept in memory only, as that level keeps any response.
/// - `.none`: the stored copy is dropped and the response fetched afresh (and not stored).
///
/// Stored responses keep their status and headers, so interceptors above this transport (a
/// validator checking `Content-Type`, say) see a cache hit exactly as they saw the original.
package struct DataCacheTransport: HTTPTransport {
    /// The transport that reaches the network.
    package let base: any HTTPTransport
    /// Where responses are kept.
    package let cache: DataCache
    /// Where they are kept, or `.none` to refetch and drop.
    package let level: CachingLevel
    /// The key, or `nil` to use the request's URL.
    package let key: String?
    /// The headers whose values identify the requester (part of every key).
    package let credentialHeaders: [String]
    private let coalescer: TransferCoalescer?
    private let shouldStore: @Sendable (HTTPExchange) -> Bool

    /// Whether a response is stored by default: a `2xx` other than `206 Partial Content`.
    package static let storesSuccessfulResponses: @Sendable (HTTPExchange) -> Bool = {
        $0.isSuccess && $0.statusCode != 206
    }

    /// Wraps `base`.
    ///
    /// - Parameters:
    ///   - key: the cache key, or `nil` for the request's URL.
    ///   - coalescer: shares transfers among concurrent misses for one key; `nil` for none.
    ///   - shouldStore: decides whether a fetched response is stored (an image download stores only
    ///     responses whose bytes are an image).
    package init(
        wrapping base: any HTTPTransport, cache: DataCache, level: CachingLevel, key: String? = nil,
        credentialHeaders: [String] = CacheKey.defaultCredentialHeaders, coalescer: TransferCoalescer? = nil,
        shouldStore: @escaping @Sendable (HTTPExchange) -> Bool = DataCacheTransport.storesSuccessfulResponses
    ) {
        self.base = base
        self.cache = cache
        self.level = level
        self.key = key
        self.credentialHeaders = credentialHeaders
        self.coalescer = coalescer
        self.shouldStore = shouldStore
    }

    /// The full cache key for `request`, or `nil` if it has no URL and no key was given.
    package func cacheKey(for request: URLRequest) -> String? {
        Self.cacheKey(for: request, key: key, credentialHeaders: credentialHeaders)
    }

    /// The full cache key a transport with `key` and `credentialHeaders` gives `request`: `key`,
    /// or else the request's URL, with the credential the request carries in those headers.
    package static func cacheKey(for request: URLRequest, key: String?, credentialHeaders: [String]) -> String? {
        guard let base = key ?? request.url?.absoluteString else { return nil }
        let credential = CacheKey.credentialIdentity(of: request, names: credentialHeaders)
        return CacheKey.key(base, credential: credential)
    }

    /// Serves the response stored under the request's key, or fetches it and stores it, as the caching level says.
    package func send(_ sent: TransportRequest) async throws(NetworkingError) -> TransportResponse {
        let request = sent.head
        guard let key = cacheKey(for: request) else { return try await base.send(sent) }
        if level == .none {
            cache.removeData(forKey: key)
            return try await base.send(sent)
        }
        if let response = cachedResponse(for: request, key: key) { return response }
        let base = self.base
        let cache = self.cache
        let level = self.level
        let shouldStore = self.shouldStore
        let operation: @Sendable () async throws(NetworkingError) -> HTTPExchange = { () throws(NetworkingError) in
            let exchange = try await base.exchange(for: sent)
            if level == .memoryAndFile, Self.forbidsStoring(exchange) {
                cache.removeData(forKey: key)
            } else if shouldStore(exchange) {
                cache.store(CachedResponse(exchange: exchange, storedAt: Date()).encoded(), forKey: key, level: level)
            }
            return exchange
        }
        guard let coalescer else { return TransportResponse(try await operation()) }
        let shared = await coalescer.share(key: key, operation)
        let exchange = try shared.result.get()
        // A `no-store` response answers only the request that fetched it: a caller that waited
        // for another's transfer sends its own request.
        if shared.joined, level == .memoryAndFile, Self.forbidsStoring(exchange) { return try await base.send(sent) }
        return TransportResponse(exchange)
    }

    /// Whether the response says `Cache-Control: no-store` (RFC 9111 §5.2.2.5): no cache may keep
    /// it, nor use it to answer another request.
    static func forbidsStoring(_ exchange: HTTPExchange) -> Bool {
        guard let value = exchange.header("Cache-Control") else { return false }
        return CacheControl(value).noStore
    }

    /// The stored response, whole, answering `request`. A memory hit reuses the response object
    /// decoded on the first hit (kept with the entry), so it costs no decoding.
    private func cachedResponse(for request: URLRequest, key: String) -> TransportResponse? {
        let stored: StoredExchange
        if let entry = cache.memoryEntry(forKey: key) {
            if let attached = entry.attachment as? StoredExchange {
                stored = attached
            } else {
                guard let decoded = StoredExchange(entry.value, request: request) else { return nil }
                cache.attach(decoded, toKey: key, generation: entry.generation)
                stored = decoded
            }
        } else {
            guard let blob = cache.data(forKey: key), let decoded = StoredExchange(blob, request: request) else {
                return nil
            }
            stored = decoded
        }
        var metrics = stored.metrics
        let now = Date()
        metrics.startDate = now
        metrics.endDate = now
        return TransportResponse(request: request, head: stored.head, body: stored.body, metrics: metrics)
    }
}

/// A stored response decoded once: the head and the body, ready to answer any request. The
/// head builds an `HTTPURLResponse` only for a caller that asks for one (a download of the body
/// alone never does). A class, so that it is attached to a memory entry as it is.
private final class StoredExchange: Sendable {
    let head: ResponseHead
    let body: Data
    /// The metrics of a hit but for its dates, which each hit sets: copying them costs less than
    /// making them.
    let metrics: TransactionMetrics

    init?(_ blob: Data, request: URLRequest) {
        guard let stored = CachedResponse(encoded: blob), let exchange = stored.exchange(for: request) else {
            return nil
        }
        head = exchange.head
        body = exchange.body
        metrics = TransactionMetrics(
            startDate: .distantPast, endDate: .distantPast, requestBodyBytes: 0, responseBodyBytes: Int64(body.count),
            isFromCache: true)
    }
}
