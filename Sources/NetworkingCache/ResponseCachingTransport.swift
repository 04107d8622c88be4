import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A transport that answers `GET` requests from a `ResponseStore` under the HTTP caching rules
/// (RFC 9111, as a private cache), and sends everything else to the transport it wraps.
///
/// Placed innermost in a pipeline (beneath the interceptors), so a response served from the
/// store is seen by interceptors, validators and observers exactly like one from the network.
/// The `Networking` client puts one there when given a response cache; a program that uses
/// `NetworkingCore`'s `Pipeline` without the umbrella wraps its transport in one:
///
/// ```swift
/// let transport = ResponseCachingTransport(wrapping: URLSessionTransport(), store: ResponseCache())
/// let pipeline = Pipeline(transport: transport, baseURL: "https://api.example.com")
/// ```
///
/// - **Keys** are the method, the URL and the identity of the credential the request carries (see
///   `CacheKey`): a response fetched with one user's `Authorization` is never served to another.
/// - **Storing**: `2xx` responses other than `206`, unless the response says `no-store` (which also
///   drops what was stored), or `Vary: *`, or the request says `no-store`. `Vary` is honoured: the
///   named request headers must match for a stored response to be used.
/// - **Freshness**: `max-age` (minus `Age`), else `Expires` − `Date`, else the store's
///   `defaultMaxAge`. A fresh response is served without touching the network (with an `Age`
///   header); `no-cache` (on the response or the request) or a request `max-age` lower than the age
///   forces revalidation.
/// - **Revalidation**: a stale response with an `ETag` or `Last-Modified` is revalidated with
///   `If-None-Match` / `If-Modified-Since`. A `304` is answered with the stored response, whose
///   headers and date are refreshed; anything else replaces it.
/// - **Invalidation**: a `POST`, `PUT`, `PATCH` or `DELETE` answered with a status below 400 drops
///   the stored `GET` response for its URL.
/// - Requests the caller made conditional or partial themselves (`If-None-Match`, `Range`, …) pass
///   through untouched.
public struct ResponseCachingTransport: HTTPTransport {
    /// The transport that reaches the network.
    package let base: any HTTPTransport
    /// Where responses are kept.
    package let store: any ResponseStore
    /// The headers whose values identify the requester (part of every key).
    package let credentialHeaders: [String]
    private let clock: @Sendable () -> Date

    /// Headers a `304` may not change on the stored response (they describe the stored body).
    private static let representationHeaders: Set<String> = [
        "content-length", "content-encoding", "content-type", "content-range", "transfer-encoding",
    ]
    private static let callerConditionals = [
        "If-None-Match", "If-Modified-Since", "If-Match", "If-Unmodified-Since", "If-Range", "Range",
    ]

    /// Wraps `base`, keeping responses in `store`.
    ///
    /// - Parameter credentialHeaders: the headers that identify the requester (by default
    ///   `Authorization`, `Proxy-Authorization` and `Cookie`); add the name of a custom
    ///   authentication header, so that one user's response is never served to another.
    public init(
        wrapping base: any HTTPTransport, store: any ResponseStore,
        credentialHeaders: [String] = CacheKey.defaultCredentialHeaders
    ) {
        self.init(wrapping: base, store: store, credentialHeaders: credentialHeaders, clock: { Date() })
    }

    /// Wraps `base`, keeping responses in `store`, reading the time from `clock` (for tests).
    package init(
        wrapping base: any HTTPTransport, store: any ResponseStore, credentialHeaders: [String],
        clock: @escaping @Sendable () -> Date
    ) {
        self.base = base
        self.store = store
        self.credentialHeaders = credentialHeaders
        self.clock = clock
    }

    /// The key a request's response is stored under, or `nil` for a request without a URL.
    package func key(for request: URLRequest) -> String? {
        guard let url = request.url else { return nil }
        let method = (request.httpMethod ?? "GET").uppercased()
        return CacheKey.key(
            method + " " + url.absoluteString,
            credential: CacheKey.credentialIdentity(of: request, names: credentialHeaders))
    }

    /// Answers a `GET` from the cache when the HTTP caching rules allow, revalidating or fetching otherwise;
    /// another method that succeeds removes the cached `GET` response for its URL.
    public func send(_ sent: TransportRequest) async throws(NetworkingError) -> TransportResponse {
        let request = sent.head
        let method = (request.httpMethod ?? "GET").uppercased()
        guard method == "GET", let key = key(for: request) else {
            return TransportResponse(try await sendUnsafe(sent, method: method))
        }
        let directives = Self.requestDirectives(request)
        let isCallerConditional = Self.callerConditionals.contains { request.value(forHTTPHeaderField: $0) != nil }
        if directives.noStore || isCallerConditional {
            return try await base.send(sent)
        }
        let now = clock()
        guard let entry = store.cachedResponse(forKey: key), Self.matchesVariant(entry, request) else {
            return TransportResponse(try await fetch(sent, key: key, sentAt: now))
        }
        let age = max(0, now.timeIntervalSince(entry.storedAt))
        let stored = CacheControl(entry.headers["Cache-Control"])
        let acceptableAge = directives.maxAge.map { age <= $0 } ?? true
        if !directives.noCache, !stored.noCache, acceptableAge, age < freshnessLifetime(entry, stored),
            let exchange = entry.exchange(
                for: request, extraHeaders: ["Age": String(Int(age))], metrics: Self.cacheMetrics(entry, at: now))
        {
            return TransportResponse(exchange)
        }
        guard let conditional = Self.conditionalRequest(request, for: entry) else {
            return TransportResponse(try await fetch(sent, key: key, sentAt: now))
        }
        let exchange = try await base.exchange(for: sent, head: conditional)
        guard exchange.statusCode == 304 else {
            return TransportResponse(remember(exchange, as: request, key: key, sentAt: now))
        }
        let refreshed = Self.merge(entry, notModified: exchange, at: now)
        store.storeResponse(refreshed, forKey: key)
        var metrics = exchange.metrics ?? Self.cacheMetrics(refreshed, at: now)
        metrics.isFromCache = true
        metrics.responseBodyBytes = Int64(refreshed.body.count)
        return TransportResponse(refreshed.exchange(for: request, metrics: metrics) ?? exchange)
    }

    // MARK: Steps

    private func fetch(_ sent: TransportRequest, key: String, sentAt: Date) async throws(NetworkingError)
        -> HTTPExchange
    {
        remember(try await base.exchange(for: sent), as: sent.head, key: key, sentAt: sentAt)
    }

    /// Sends a request that is not a `GET`; an unsafe method that succeeds invalidates the `GET` entry.
    private func sendUnsafe(_ sent: TransportRequest, method: String) async throws(NetworkingError) -> HTTPExchange {
        let request = sent.head
        let exchange = try await base.exchange(for: sent)
        if ["POST", "PUT", "PATCH", "DELETE"].contains(method), exchange.statusCode < 400, let url = request.url {
            var get = request
            get.httpMethod = "GET"
            get.url = url
            if let key = key(for: get) { store.removeResponse(forKey: key) }
        }
        return exchange
    }

    /// Stores the response when the rules allow it, and returns it.
    private func remember(_ exchange: HTTPExchange, as request: URLRequest, key: String, sentAt: Date) -> HTTPExchange {
        let directives = CacheControl(exchange.header("Cache-Control"))
        let vary = Self.varyNames(exchange.header("Vary"))
        guard exchange.isSuccess, exchange.statusCode != 206, !directives.noStore, !vary.contains("*") else {
            if directives.noStore { store.removeResponse(forKey: key) }
            return exchange
        }
        var variant = HTTPHeaders()
        for name in vary {
            if let value = request.value(forHTTPHeaderField: name) { variant[name] = value }
        }
        let initialAge = exchange.header("Age").flatMap { TimeInterval($0) }.map { max(0, $0) } ?? 0
        let response = CachedResponse(
            exchange: exchange, storedAt: sentAt.addingTimeInterval(-initialAge), variantHeaders: variant)
        store.storeResponse(response, forKey: key)
        return exchange
    }

    /// Seconds a stored response is fresh for.
    private func freshnessLifetime(_ entry: CachedResponse, _ directives: CacheControl) -> TimeInterval {
        if let maxAge = directives.maxAge { return maxAge }
        if let expires = entry.headers["Expires"] {
            guard let expiry = HTTPDate.parse(expires) else { return 0 }
            let date = entry.headers["Date"].flatMap(HTTPDate.parse) ?? entry.storedAt
            return expiry.timeIntervalSince(date)
        }
        return store.defaultMaxAge
    }

    // MARK: Helpers

    private static func requestDirectives(_ request: URLRequest) -> CacheControl {
        var directives = CacheControl(request.value(forHTTPHeaderField: "Cache-Control"))
        if request.value(forHTTPHeaderField: "Cache-Control") == nil,
            request.value(forHTTPHeaderField: "Pragma")?.lowercased().contains("no-cache") == true
        {
            directives.noCache = true
        }
        return directives
    }

    private static func varyNames(_ value: String?) -> [String] {
        guard let value else { return [] }
        return value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    private static func matchesVariant(_ entry: CachedResponse, _ request: URLRequest) -> Bool {
        for name in varyNames(entry.headers["Vary"]) {
            if name == "*" || request.value(forHTTPHeaderField: name) != entry.variantHeaders[name] { return false }
        }
        return true
    }

    private static func conditionalRequest(_ request: URLRequest, for entry: CachedResponse) -> URLRequest? {
        let etag = entry.headers["ETag"]
        let lastModified = entry.headers["Last-Modified"]
        guard etag != nil || lastModified != nil else { return nil }
        var conditional = request
        if let etag { conditional.setValue(etag, forHTTPHeaderField: "If-None-Match") }
        if let lastModified { conditional.setValue(lastModified, forHTTPHeaderField: "If-Modified-Since") }
        return conditional
    }

    /// The stored response with the `304`'s headers (other than representation headers) and a fresh date.
    private static func merge(_ entry: CachedResponse, notModified: HTTPExchange, at date: Date) -> CachedResponse {
        var merged = entry
        for field in notModified.responseHeaders
        where !representationHeaders.contains(field.name.lowercased()) {
            merged.headers[field.name] = field.value
        }
        let initialAge = notModified.header("Age").flatMap { TimeInterval($0) }.map { max(0, $0) } ?? 0
        merged.storedAt = date.addingTimeInterval(-initialAge)
        return merged
    }

    private static func cacheMetrics(_ entry: CachedResponse, at date: Date) -> TransactionMetrics {
        TransactionMetrics(
            startDate: date, endDate: date, requestBodyBytes: 0, responseBodyBytes: Int64(entry.body.count),
            isFromCache: true)
    }
}
