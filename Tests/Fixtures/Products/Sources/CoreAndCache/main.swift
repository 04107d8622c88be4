// NetworkingCore with NetworkingCache: HTTP caching (RFC 9111) over any transport.
import Check
import Foundation
import NetworkingCache
import NetworkingCore
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Counts the requests that reach the network.
final class CountingTransport: HTTPTransport {
    private let count = Mutex(0)
    private let base = URLSessionTransport()
    var sent: Int { count.withLock { $0 } }
    func send(_ request: TransportRequest) async throws(NetworkingError) -> TransportResponse {
        count.withLock { $0 += 1 }
        return try await base.send(request)
    }
}

let network = CountingTransport()
let directory = try scratchDirectory("cache")
defer { try? FileManager.default.removeItem(at: directory) }
let pipeline = Pipeline(
    transport: ResponseCachingTransport(wrapping: network, store: ResponseCache(directory: directory)),
    baseURL: httpbin)

// httpbin's /cache/60 says `Cache-Control: public, max-age=60`: the second GET is served from the cache.
let first = try await pipeline.send(.get, "/cache/60")
let second = try await pipeline.send(.get, "/cache/60")
check(network.sent == 1, "two fresh GETs reached the network \(network.sent) times")
check(first.body == second.body, "the cached body differs from the one fetched")
check(second.header("Age") != nil, "a response served from the cache has no Age header")

// /get says nothing about caching, and the cache's default max-age is 0: it is fetched each time.
_ = try await pipeline.send(.get, "/get")
_ = try await pipeline.send(.get, "/get")
check(network.sent == 3, "uncacheable GETs reached the network \(network.sent - 1) times, not 2")
passed("CoreAndCache", "a fresh response served from ResponseCache, an uncacheable one fetched each time")
