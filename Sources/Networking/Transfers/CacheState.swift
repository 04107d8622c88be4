import Foundation
import Synchronization

/// The download cache of one `Networking`: created on first use (so that an instance that never
/// downloads never touches the disk), with the TTL set before or after that, and the coalescer
/// shared by all its downloads. Readable off the actor.
final class CacheState: Sendable {
    private struct Settings {
        var cache: DataCache?
        var ttl = DataCache.defaultTTL
    }

    private let settings = Mutex(Settings())
    /// Shares transfers among concurrent downloads of one key.
    let coalescer = TransferCoalescer()

    /// The cache, created for `baseURL` in the default directory the first time it is needed.
    func cache(forBaseURL baseURL: String) -> DataCache {
        settings.withLock { settings in
            if let cache = settings.cache { return cache }
            let cache = DataCache(directory: DataCache.defaultDirectory(forBaseURL: baseURL), ttl: settings.ttl)
            settings.cache = cache
            return cache
        }
    }

    /// Uses `cache` instead of the default one.
    func install(_ cache: DataCache) {
        settings.withLock {
            $0.cache = cache
            $0.ttl = cache.ttl
        }
    }

    /// The sliding expiry of disk entries.
    var ttl: TimeInterval { settings.withLock { $0.cache?.ttl ?? $0.ttl } }

    /// Changes the sliding expiry, now or for the cache yet to be created.
    func setTTL(_ ttl: TimeInterval) {
        let cache = settings.withLock { settings -> DataCache? in
            settings.ttl = ttl
            return settings.cache
        }
        cache?.setTTL(ttl)
    }
}
