import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// The client's two caches: the download cache (`DataCache`, memory and disk, for downloads and for
// verbs given a `cachingLevel`) and the HTTP response cache (`ResponseStore`, for `GET`s). Each is a
// transport wrapped around the client's transport, beneath the interceptors and the fakes.

extension Networking {
    // MARK: Configuring the caches

    /// The download cache: in memory, and on disk in `DataCache.defaultDirectory(forBaseURL:)`
    /// unless the client was created with another.
    package nonisolated var dataCache: DataCache { cacheState.cache(forBaseURL: baseURL) }

    /// How long, in seconds, a cached download may go unused on disk before it is removed.
    public nonisolated var cacheTTL: TimeInterval { cacheState.ttl }

    /// Changes how long a cached download may go unused on disk before it is removed. The clock is
    /// the file's modification date, refreshed whenever the entry is written or read from disk.
    public func setCacheTTL(_ ttl: TimeInterval) {
        cacheState.setTTL(ttl)
    }

    /// Caches `GET` responses in `store` under the HTTP rules (see `ResponseCache`), or
    /// stops doing so with `nil`. `ResponseCache(defaultMaxAge:)` is the store the library provides.
    public func setResponseCache(_ store: (any ResponseStore)?) {
        responseStore = store
        invalidate()
    }

    /// Empties the download cache (memory and disk) and the response cache.
    public func clearCache() {
        dataCache.removeAll()
        responseStore?.removeAllResponses()
    }

    // MARK: The caches a request goes through

    /// The innermost step of a verb's request given a `cachingLevel` other than `.none`: the
    /// download cache beneath the fakes.
    nonisolated func verbTransport(_ cachingLevel: CachingLevel, on current: RequestSnapshot) -> any HTTPTransport {
        current.transport(
            beneathFakes: verbCache(cachingLevel, over: current.base, names: current.downloads.credentialHeaderNames))
    }

    /// The download cache over `base` for a verb asked to cache with `cachingLevel:` (not `.none`).
    /// `names` are the credential headers of the current configuration (its snapshot's), so a
    /// cached verb does not visit the actor.
    nonisolated func verbCache(
        _ cachingLevel: CachingLevel, over base: any HTTPTransport, names: [String]
    ) -> any HTTPTransport {
        DataCacheTransport(
            wrapping: base, cache: dataCache, level: cachingLevel, credentialHeaders: names,
            coalescer: cacheState.coalescer)
    }

    /// Wraps the pipeline's transport in the response cache, when one is set.
    func responseCaching(_ transport: any HTTPTransport) -> any HTTPTransport {
        guard let responseStore else { return transport }
        return ResponseCachingTransport(
            wrapping: transport, store: responseStore, credentialHeaders: credentialHeaderNames)
    }

    /// The headers that identify who a request is made as: the usual ones and the auth header in use.
    var credentialHeaderNames: [String] {
        var names = CacheKey.defaultCredentialHeaders
        let key = authorizationHeaderKey.lowercased()  // Names are ASCII tokens: no Foundation compare.
        if !names.contains(where: { $0.lowercased() == key }) {
            names.append(authorizationHeaderKey)
        }
        return names
    }
}
