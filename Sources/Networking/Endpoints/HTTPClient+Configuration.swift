import Foundation

extension HTTPClient {
    /// Everything an `HTTPClient` is set up with. Every member has a default.
    ///
    /// ```swift
    /// HTTPClient(configuration: .init(
    ///     decoder: JSONDecoder(),
    ///     cache: ResponseCache(defaultMaxAge: 60),
    ///     interceptors: [AuthTokenInterceptor(tokenProvider: provider), RetryInterceptor(delay: 0.5)],
    ///     maxRetries: 2
    /// ))
    /// ```
    public struct Configuration: Sendable {
        /// Decodes responses (an endpoint's decoding strategies apply on top). Default: ISO-8601 dates.
        public var decoder: JSONDecoder
        /// Encodes JSON bodies (an endpoint's encoding strategies apply on top). Default: ISO-8601 dates.
        public var encoder: JSONEncoder
        /// Where `GET` responses are cached under the HTTP caching rules (see `ResponseCache`),
        /// beneath the interceptors; `nil` (the default) caches nothing.
        public var cache: (any ResponseStore)?
        /// Interceptors every request runs through, outermost first.
        public var interceptors: [any HTTPInterceptor]
        /// How many times a request is retried after a transient failure, unless its endpoint
        /// sets its own count (`Endpoint.retryCount`, which retries after any failure). Default 0.
        /// Only idempotent endpoints are retried (`Endpoint.isIdempotent`). The retry policy (which failures, what backoff) is the
        /// `RetryInterceptor` among `interceptors`; without one, the client adds
        /// `HTTPClient.defaultRetryInterceptor()` innermost. The budget is this number alone: a
        /// `RetryInterceptor`'s own `maxAttempts` does not apply to endpoints.
        public var maxRetries: Int
        /// Whether requests are sent (`.live`) or answered with the endpoints' sample data.
        public var environment: Environment
        /// Headers sent with every request (an endpoint's own override them). `Accept:
        /// application/json` is sent unless set here.
        public var headers: [String: String]
        /// Observers told about every request (metrics, your own events…). For a stream of events,
        /// add an `EventBroadcaster` and read its `events()`.
        public var observers: [any RequestObserver]
        /// The built-in log (level, redaction, sinks). It skips endpoints whose
        /// `shouldPrintLogs` is `false`.
        public var logging: LogSettings
        /// Further loggers of your own; like the built-in log, they skip endpoints whose
        /// `shouldPrintLogs` is `false`, and obey `DebugConfiguration.shouldPrintLogs`.
        public var loggers: [any RequestObserver]
        /// Which cookie jar the client uses: by default one of its own in memory (see `CookieHandling`).
        public var cookies: CookieHandling
        /// How requests reach their servers: proxies, host overrides, a Unix socket, the local
        /// address (see `NetworkPath`). Honoured by the transport the client makes when it is
        /// given none; a transport passed to `HTTPClient(configuration:transport:)` keeps its own.
        public var networkPath: NetworkPath
        /// Whom TLS connections trust: the CA store and pinned keys (see `ServerTrust`), with the
        /// same rule as `networkPath`.
        public var trust: ServerTrust
        /// Whether requests carry W3C Trace Context (`traceparent`, see `TracingSettings`); off
        /// (the default) or `.on`.
        public var tracing: TracingSettings
        /// Whether callers that send the same `GET` or `HEAD` endpoint while its transfer is in
        /// flight (same URL, same header fields and credential, no body) share that one transfer;
        /// each still runs its own interceptors and observers and decodes its own result. Off (the
        /// default), since a caller may expect a request of its own; an endpoint's `coalesces`
        /// decides for it when set.
        public var coalescesRequests: Bool

        /// Creates a configuration.
        public init(
            decoder: JSONDecoder = JSONCoding.makeDecoder(), encoder: JSONEncoder = JSONCoding.makeEncoder(),
            cache: (any ResponseStore)? = nil, interceptors: [any HTTPInterceptor] = [], maxRetries: Int = 0,
            environment: Environment = .live,
            headers: [String: String] = [:], observers: [any RequestObserver] = [],
            logging: LogSettings = .fromProcessEnvironment(),
            loggers: [any RequestObserver] = [], cookies: CookieHandling = .ownJar,
            networkPath: NetworkPath = .default, trust: ServerTrust = .system, tracing: TracingSettings = .off,
            coalescesRequests: Bool = false
        ) {
            self.tracing = tracing
            self.coalescesRequests = coalescesRequests
            self.networkPath = networkPath
            self.trust = trust
            self.decoder = decoder
            self.encoder = encoder
            self.cache = cache
            self.interceptors = interceptors
            self.maxRetries = max(0, maxRetries)
            self.environment = environment
            self.headers = headers
            self.observers = observers
            self.logging = logging
            self.loggers = loggers
            self.cookies = cookies
        }
    }
}
