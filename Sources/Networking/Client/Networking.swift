import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An HTTP client for one base URL: verbs that return `Result<T, NetworkingError>`, typed bodies,
/// authentication helpers, interceptors, downloads with a two-tier cache, fakes, events and logs.
///
/// `Networking` is an actor, so one instance can be shared across tasks. It holds configuration
/// only: each request snapshots it and runs off the actor, so concurrent requests never queue
/// behind one another.
///
/// ```swift
/// let networking = Networking(baseURL: "https://api.example.com")
/// let result: Result<[Recipe], NetworkingError> = await networking.get("/recipes")
/// ```
public actor Networking {
    /// The base URL every relative path is joined to (see `URLComposer` for the rule).
    public let baseURL: String
    /// The transport requests are sent with.
    package nonisolated let transport: any HTTPTransport

    var headerFields: HTTPHeaders = [:]
    var authorizationHeaderKey = "Authorization"
    var authorizationHeaderValue: String?
    var interceptors: [any HTTPInterceptor] = []
    var observers: [any RequestObserver] = []
    let registry = RequestRegistry()
    /// The configuration as requests see it, readable off the actor (see `pipeline()`).
    let snapshot = SnapshotCell()

    // MARK: State owned by the cache and downloads
    let cacheState = CacheState()
    var responseStore: (any ResponseStore)?
    var fakedDownloads: [String: FakedDownload] = [:]

    // MARK: State owned by observability

    let eventBroadcaster = EventBroadcaster()
    var eventsRequested = false
    var logSettings = LogSettings.fromProcessEnvironment()

    // MARK: State owned by fakes

    /// The fakes registered with `fakeGET` and its siblings (see Networking+Fakes.swift).
    var fakes = FakeRoutes()

    // MARK: State owned by cookies

    /// The jar every request's hops take cookies from and give cookies to (see
    /// Networking+Cookies.swift): by default one of this instance's own, in memory; `nil` when off.
    public internal(set) var cookieJar: (any CookieJar)?

    // MARK: State owned by tracing

    /// Whether requests carry W3C Trace Context (set with `setTracing(_:)`); off by default.
    public internal(set) var tracing: TracingSettings = .off

    // MARK: State owned by request coalescing

    /// Whether identical `GET` and `HEAD` requests in flight share one transfer (set with
    /// `setCoalescesRequests(_:)`); off by default.
    public internal(set) var coalescesRequests = false
    /// Where this client's coalesced requests find each other, whatever its configuration.
    let coalescer = TransferCoalescer()

    // MARK: -

    /// Creates a client for `baseURL`.
    ///
    /// With a `configuration` (such as `.ephemeral`), requests go through a `URLSession` built
    /// from it, on every platform. Without one, they go through the platform's default transport:
    /// on Linux a process-wide `CurlTransport` (libcurl driven directly; `URLSessionTransport` if
    /// libcurl cannot be loaded), elsewhere a `URLSession` with the `.default` configuration.
    ///
    /// - Parameters:
    ///   - baseURL: The URL paths are joined to.
    ///   - configuration: The `URLSession` configuration requests go through, if any.
    ///   - cacheTTL: How long a download stays cached on disk while unused, in seconds (7 days
    ///     unless given).
    ///   - maxResponseBodySize: A cap on in-memory response bodies, in bytes (128 MiB unless
    ///     given). A response announcing a larger `Content-Length`, or sending more bytes than the
    ///     cap, is cancelled and fails with `.transport(URLError(.dataLengthExceedsMaximum))`, so
    ///     a hostile server cannot exhaust memory; the same figure bounds what a stream buffers
    ///     for a slow reader, and downloads to a file are not capped. With a cap, requests go
    ///     through a `URLSession` built from `configuration` (`.default` unless given).
    public init(
        baseURL: String, configuration: URLSessionConfiguration? = nil, cacheTTL: TimeInterval? = nil,
        maxResponseBodySize: Int? = nil
    ) {
        let transport: any HTTPTransport =
            if let maxResponseBodySize {
                URLSessionTransport(configuration: configuration ?? .default, maxResponseBodySize: maxResponseBodySize)
            } else {
                DefaultTransport.make(configuration: configuration)
            }
        self.init(baseURL: baseURL, transport: transport)
        if let cacheTTL { cacheState.setTTL(cacheTTL) }
    }

    /// Creates a client for `baseURL` whose requests, downloads, streams and WebSockets take
    /// `networkPath` and trust `trust`, through the platform's default transport made with them
    /// (on Linux a `CurlTransport`; one per distinct path and trust, shared by the clients that
    /// have them). `.environment` proxies are read now.
    ///
    /// ```swift
    /// let networking = Networking(
    ///     baseURL: "https://api.internal",
    ///     networkPath: NetworkPath(proxy: .proxy(try Proxy(url: "http://proxy.internal:3128"))),
    ///     trust: ServerTrust(certificateAuthorities: .file("/etc/myapp/ca.pem")))
    /// ```
    public init(baseURL: String, networkPath: NetworkPath, trust: ServerTrust = .system) {
        self.init(baseURL: baseURL, transport: DefaultTransport.make(networkPath: networkPath, trust: trust))
    }

    /// Creates a client that sends its requests through `transport` (a libcurl transport, a
    /// recorder, an in-memory transport for tests…), and caches downloads in `cache` when given
    /// (a cache in a directory of your choosing, with limits or a clock of your choosing).
    public init(baseURL: String, transport: any HTTPTransport, cache: DataCache? = nil) {
        self.baseURL = baseURL
        self.transport = transport
        self.cookieJar = CookieHandling.ownJar.makeJar(for: transport)
        if let cache { cacheState.install(cache) }
    }

    // MARK: - Configuration

    /// Sets headers sent with every request: a header already set is overwritten, a new one added.
    public func setHeaderFields(_ headerFields: [String: String]) {
        for (name, value) in headerFields.sorted(by: { $0.key < $1.key }) { self.headerFields[name] = value }
        invalidate()
    }

    /// Sets header fields sent with every request, repeated names included: each name in
    /// `headerFields` replaces the fields of that name set before, and all of its values are sent,
    /// in order (as one field whose values are joined with ", ", which RFC 9110 §5.3 defines to
    /// mean the same; `Cookie` values with "; ").
    ///
    /// ```swift
    /// var fields = HTTPHeaders()
    /// fields.add(name: "X-Tag", value: "one")
    /// fields.add(name: "X-Tag", value: "two")
    /// await networking.setHeaderFields(fields)  // X-Tag: one, two
    /// ```
    @_disfavoredOverload
    public func setHeaderFields(_ headerFields: HTTPHeaders) {
        for field in headerFields { self.headerFields[field.name] = nil }
        for field in headerFields { self.headerFields.add(name: field.name, value: field.value) }
        invalidate()
    }

    /// Adds a header field sent with every request, keeping those of the same name set before.
    public func addHeaderField(name: String, value: String) {
        headerFields.add(name: name, value: value)
        invalidate()
    }

    /// Sets the interceptors every request (verbs and downloads) runs through, outermost first.
    public func setInterceptors(_ interceptors: [any HTTPInterceptor]) {
        self.interceptors = interceptors
        invalidate()
    }

    /// Adds an observer told about every request's start and completion.
    public func addObserver(_ observer: any RequestObserver) {
        observers.append(observer)
        invalidate()
    }

    /// Cancels every request in flight; each ends with `.failure(.cancelled)`.
    public func cancelAllRequests() {
        registry.cancelAll()
    }

    /// Drops the snapshot so the next request sees the new configuration.
    func invalidate() { snapshot.clear() }

    /// The configuration as an immutable pipeline.
    func pipeline() -> Pipeline { requestSnapshot().pipeline }

    /// The configuration as requests see it, built again after a change.
    func requestSnapshot() -> RequestSnapshot {
        if let current = snapshot.current { return current }
        var defaults = headerFields
        if !defaults.contains("Accept") { defaults["Accept"] = "application/json" }
        if let value = authorizationHeaderValue { defaults[authorizationHeaderKey] = value }
        // The response cache sits beneath the interceptors; the fakes sit outside every cache, so
        // that a fake registered after a response was cached answers the next request.
        let base = responseCaching(self.transport)
        let transport = fakes.isEmpty ? base : FakeTransport(routes: fakes, next: base)

        var observers = self.observers

        observers += observabilityObservers()

        var pipeline = Pipeline(
            builder: RequestBuilder(baseURL: baseURL, defaultHeaders: defaults), interceptors: interceptors,
            transport: transport, observers: observers)
        pipeline.cookieJar = cookieJar
        pipeline.tracing = tracing
        pipeline.coalescesRequests = coalescesRequests
        pipeline.coalescer = coalescer
        // A redirect to another origin strips the credential header the client sets, whatever its name.
        pipeline.redirectPolicy = RedirectPolicy.of(self.transport)
            .stripping(authorizationHeaderValue == nil ? [] : [authorizationHeaderKey])
        let current = RequestSnapshot(
            pipeline: pipeline, base: base, fakes: fakes,
            downloads: DownloadSettings(
                fakes: fakedDownloads, credentialHeaderNames: credentialHeaderNames, pipeline: pipeline,
                setsAccept: headerFields.contains("Accept")))
        snapshot.set(current)
        return current
    }

    /// The configuration as requests see it, from the actor only when it changed since the last
    /// request.
    @inline(__always)
    nonisolated(nonsending) func currentSnapshot() async -> RequestSnapshot {
        if let cached = snapshot.current { return cached }
        return await requestSnapshot()
    }

    /// Runs a request off the actor, registered for cancellation under its path, and decodes its
    /// 2xx response as `T` off the caller, where the pipeline's send returns.
    ///
    /// It runs on the caller's executor up to the pipeline (which runs on the global executor):
    /// a verb called from outside the actor does not hop onto it, and only a configuration
    /// changed since the last request visits the actor. The registration comes first, so a
    /// `cancelAllRequests()` that runs after this call started always sees the request.
    /// A `cachingLevel` other than `.none` puts the download cache beneath the interceptors (see
    /// Networking+Caches.swift); without one, the pipeline sends through its own transport.
    @inline(__always)
    nonisolated(nonsending) func send<T: Decodable & Sendable>(
        _ method: HTTPMethod, _ path: String, query: [URLQueryItem] = [], queryModel: (any Encodable & Sendable)? = nil,
        body: RequestBody? = nil, cachingLevel: CachingLevel = .none
    ) async -> Result<T, NetworkingError> {
        let request = HTTPRequest(method: method, path: path, query: query, queryModel: queryModel, body: body)
        let registration = registry.register(key: path)
        defer { registry.unregister(registration) }
        let current = await currentSnapshot()
        let decoder = current.pipeline.decoder
        return await current.pipeline.send(
            request, transport: cachingLevel == .none ? nil : verbTransport(cachingLevel, on: current)
        ) { (exchange) throws(NetworkingError) -> T in
            try ResponseDecoding.decode(T.self, from: exchange, decoder: decoder)
        }
    }

    /// `send` for a verb whose caller wants only to know that it succeeded.
    @inline(__always)
    nonisolated(nonsending) func sendVoid(
        _ method: HTTPMethod, _ path: String, query: [URLQueryItem] = [], queryModel: (any Encodable & Sendable)? = nil,
        body: RequestBody? = nil, cachingLevel: CachingLevel = .none
    ) async -> Result<Void, NetworkingError> {
        let request = HTTPRequest(method: method, path: path, query: query, queryModel: queryModel, body: body)
        let registration = registry.register(key: path)
        defer { registry.unregister(registration) }
        let current = await currentSnapshot()
        return await current.pipeline.send(
            request, transport: cachingLevel == .none ? nil : verbTransport(cachingLevel, on: current)
        ) { _ in () }
    }
}
