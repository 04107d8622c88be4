import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The client for endpoints (`Endpoint`, also spelled `NetworkRequestable`): it sends them through
/// the same pipeline as the `Networking` actor (interceptors, observers and logs, status check,
/// decoding), or answers them with sample data in the `.test` and `.preview` environments.
///
/// ```swift
/// let client = HTTPClient(configuration: .init(
///     interceptors: [AuthTokenInterceptor(tokenProvider: provider), RetryInterceptor(delay: 0.5)],
///     maxRetries: 2
/// ))
/// let me: User = try await client.send(AuthEndpoint.currentUser)
/// ```
///
/// Every way of sending comes from `HTTPClientProtocol`: `send(_:)` throwing a `NetworkingError`,
/// `send(_:) -> Result`, `send(_:completion:)` returning a cancellable `RequestHandle`,
/// `send(_:errorType:)` throwing your own error type, and `publisher(for:)` where Combine exists.
/// Write code against `HTTPClientProtocol` and tests can pass a `MockHTTPClient`.
///
/// The client holds configuration only, fixed at creation; requests run concurrently, off any
/// actor.
public final class HTTPClient: HTTPClientProtocol {
    /// What the client was created with.
    package let configuration: Configuration
    /// Where requests go.
    package let transport: any HTTPTransport
    /// The jar the client's requests take cookies from and give cookies to (from
    /// `configuration.cookies`); `nil` when cookies are off.
    package let cookieJar: (any CookieJar)?

    private let pipeline: Pipeline
    /// `pipeline` with a retry policy, for requests that may be retried.
    private let retryingPipeline: Pipeline
    /// Whether the configured interceptors include a retry policy (which must then be told the
    /// budget of every request, even "no retries").
    private let hasRetryPolicy: Bool
    /// The request headers every endpoint starts from: the configuration's, and `Accept:
    /// application/json` unless it sets `Accept`.
    private let defaultHeaders: HTTPHeaders
    let registry = RequestRegistry()

    /// Creates a client; its requests go through `transport`, or when you pass none the platform's
    /// default, as for `Networking(baseURL:)`: on Linux a process-wide `CurlTransport`
    /// (`URLSessionTransport` if libcurl cannot be loaded), elsewhere a `URLSessionTransport` with
    /// the `.default` session configuration; either with the configuration's `networkPath` and
    /// `trust` (one transport per distinct path and trust, shared by the clients that have them).
    public init(configuration: Configuration = Configuration(), transport: (any HTTPTransport)? = nil) {
        let transport =
            transport ?? DefaultTransport.make(networkPath: configuration.networkPath, trust: configuration.trust)
        self.configuration = configuration
        self.transport = transport
        let cookieJar = configuration.cookies.makeJar(for: transport)
        self.cookieJar = cookieJar
        var innermost = transport
        if let cache = configuration.cache { innermost = ResponseCachingTransport(wrapping: transport, store: cache) }
        var observers = configuration.observers
        if let logger = configuration.logging.makeLogger() { observers.append(LogGate(logger)) }
        observers += configuration.loggers.map { LogGate($0) }
        var pipeline = Pipeline(
            builder: RequestBuilder(baseURL: ""), interceptors: configuration.interceptors, transport: innermost,
            observers: observers, decoder: configuration.decoder)
        pipeline.cookieJar = cookieJar
        pipeline.redirectPolicy = RedirectPolicy.of(transport)
        pipeline.tracing = configuration.tracing
        pipeline.coalescesRequests = configuration.coalescesRequests
        self.pipeline = pipeline
        var retrying = pipeline
        retrying.interceptors = Self.withRetryPolicy(configuration.interceptors)
        self.retryingPipeline = retrying
        self.hasRetryPolicy = configuration.interceptors.contains { $0 is RetryInterceptor }
        var headers = HTTPHeaders(configuration.headers)
        if !headers.contains("Accept") { headers["Accept"] = "application/json" }
        self.defaultHeaders = headers
    }

    /// Creates a client for `environment` with the default configuration otherwise.
    public convenience init(environment: Environment, transport: (any HTTPTransport)? = nil) {
        self.init(configuration: Configuration(environment: environment), transport: transport)
    }

    /// The environment (from the configuration).
    package var environment: Environment { configuration.environment }

    /// Cancels every request in flight; each ends with `.cancelled`.
    public func cancelAllRequests() { registry.cancelAll() }

    /// Sends the endpoint's request through the client's pipeline and decodes the response as `T`.
    ///
    /// It runs in the caller's isolation: the request is built there (the endpoint's body is
    /// encoded), sent off the caller on the global executor, and the response decoded where the
    /// call was made, so `T` may be a model whose conformance is isolated to the caller's actor.
    public nonisolated(nonsending) func send<T: Decodable, R: Endpoint>(
        _ request: R
    ) async throws(NetworkingError) -> T {
        do {
            var pipeline = pipeline(for: request)
            guard configuration.environment.mode == .live else {
                // The test and preview environments answer through a transport of their own, so
                // that everything but the network runs as for a real request.
                pipeline.transport = try sampleTransport(for: request)
                return try await send(request, on: pipeline)
            }
            return try await sendRetryingOnAnyFailure(request, on: pipeline)
        } catch {
            reportFailure(error)
            throw error
        }
    }

    /// Sends the endpoint's request once through `pipeline` (whose retry policy may send it again)
    /// and decodes the response; `options` replace the endpoint's `requestOptions(for:)`.
    nonisolated(nonsending) func send<T: Decodable, R: Endpoint>(
        _ endpoint: R, on pipeline: Pipeline, options: RequestOptions? = nil
    ) async throws(NetworkingError) -> T {
        let urlRequest: URLRequest
        let beside: BodyBeside?
        let options = options ?? requestOptions(for: endpoint)
        do {
            (urlRequest, beside) = try makeRequest(for: endpoint)
        } catch {
            pipeline.reportUnbuildable(
                method: endpoint.method, headers: HTTPHeaders(endpoint.headers ?? [:]), options: options, error)
            throw error
        }
        let decoder = endpoint.decoder(basedOn: configuration.decoder)
        let registration = registry.register(key: endpoint.path)
        defer { registry.unregister(registration) }
        let sent = await pipeline.send(
            urlRequest, beside: beside, kind: .request, options: options, transport: pipeline.transport)
        return try sent.decoded { (exchange) throws(NetworkingError) -> T in
            try EndpointDecoding.decode(T.self, from: exchange, decoder: decoder)
        }.get()
    }

    /// The endpoint's request with the client's default headers and encoder, and its body beside
    /// it when that is a file or a stream.
    func makeRequest<R: Endpoint>(for endpoint: R) throws(NetworkingError) -> (URLRequest, BodyBeside?) {
        try endpoint.makeRequest(defaultHeaders: defaultHeaders, encoder: configuration.encoder)
    }

    /// What the endpoint's interceptors and loggers read beside its request: its own options and
    /// its retry budget (`RequestOptions.maxAttempts`).
    func requestOptions<R: Endpoint>(for endpoint: R) -> RequestOptions {
        var options = endpoint.requestOptions
        let budget = retryBudget(for: endpoint)
        if budget > 0 || hasRetryPolicy { options.maxAttempts = budget + 1 }
        return options
    }

    /// The pipeline an endpoint's request runs on: with a retry policy when it may be retried,
    /// allowed to retry its method when the endpoint declares itself idempotent.
    func pipeline<R: Endpoint>(for endpoint: R) -> Pipeline {
        guard retryBudget(for: endpoint) > 0 else { return pipeline }
        guard !endpoint.method.isIdempotent else { return retryingPipeline }
        var pipeline = retryingPipeline
        pipeline.interceptors = Self.allowingRetries(of: endpoint.method, in: pipeline.interceptors)
        return pipeline
    }

    /// The transport answering `endpoint` in the test and preview environments, or
    /// `.invalidRequest` when the endpoint has no `sampleData` to answer with.
    private func sampleTransport<R: Endpoint>(for endpoint: R) throws(NetworkingError) -> SampleDataTransport {
        guard let data = endpoint.sampleData else {
            let environment = configuration.environment
            throw .invalidRequest(
                "\(endpoint.endpointDescription) has no sampleData, which the \(environment) environment answers "
                    + "with instead of sending the request; give the endpoint sampleData or use .live")
        }
        let delay = configuration.environment.mode == .preview ? configuration.environment.previewDelay : .zero
        return SampleDataTransport(data: data, delay: delay)
    }
}
