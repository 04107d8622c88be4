import Foundation

/// Where responses are cached, by key: the seam beneath the interceptors.
///
/// A store only keeps what it is given. The HTTP rules (which responses may be stored, when a
/// stored one is fresh, revalidating with `ETag`/`Last-Modified`, keys that include the method,
/// the URL and the identity of the credential) belong to the client's caching step, which consults
/// it. Because that step sits beneath the
/// interceptors, a response served from a store is seen by interceptors, validators and observers
/// exactly like one from the network.
///
/// Implementations must be safe to call from any thread; calls are synchronous and should be quick.
public protocol ResponseStore: Sendable {
    /// How long, in seconds, a response without explicit freshness (no `Cache-Control: max-age`,
    /// no `Expires`) counts as fresh; `0` means it is revalidated before every reuse.
    var defaultMaxAge: TimeInterval { get }

    /// The response stored under `key`, if any.
    func cachedResponse(forKey key: String) -> CachedResponse?

    /// Stores `response` under `key`, replacing what was there.
    func storeResponse(_ response: CachedResponse, forKey key: String)

    /// Removes the response stored under `key`, if any.
    func removeResponse(forKey key: String)

    /// Removes every stored response.
    func removeAllResponses()
}
