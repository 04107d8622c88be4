import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Everything a request goes through, as one immutable value:
/// build → observers → interceptors (outermost first) → store (fakes, caches) → for each hop:
/// cookies and the redirect policy → transport → status check; the caller decodes where `send`
/// returns.
///
/// A program that depends on `NetworkingCore` alone (or with `NetworkingInterceptors`,
/// `NetworkingCache`, `NetworkingObservability`) composes its client here: interceptors, observers,
/// a cookie jar and the redirect policy over any `HTTPTransport`.
///
/// ```swift
/// let pipeline = Pipeline(
///     transport: URLSessionTransport(), baseURL: "https://api.example.com",
///     interceptors: [RetryInterceptor()], observers: [EventBroadcaster()])
/// let user: User = try await pipeline.send(.get, "/users/1")
/// ```
///
/// Every kind of request runs here: `send` returns the response with its status checked for the
/// caller to decode, `stream` hands a 2xx body over as it arrives, `download` writes it to a file,
/// and an opening handshake is a `send` with a status check of its own. Interceptors see each as a
/// `URLRequest` and an `HTTPExchange` (a 2xx body read as a stream or a file is empty for them);
/// observers are told once when it starts, once as each attempt ends (see `AttemptRecorder`) and
/// once when it ends (for a stream, when its body ends; for a response the caller decodes, when it
/// is decoded).
///
/// Front doors (the `Networking` actor, `HTTPClient`) snapshot their configuration into a
/// `Pipeline` and run requests on it off their own isolation, so the transfers of concurrent
/// requests never queue behind one another, and decode what `send` returns in their caller's
/// isolation (a model whose conformance is isolated to the caller's actor decodes there).
public struct Pipeline: Sendable {
    /// Builds `URLRequest`s.
    package var builder: RequestBuilder
    /// Interceptors, outermost first.
    package var interceptors: [any HTTPInterceptor]
    /// The innermost step (a response store in front of a transport, or the transport itself).
    package var transport: any HTTPTransport
    /// Told about every request.
    package var observers: [any RequestObserver]
    /// Decodes JSON responses.
    package var decoder: JSONDecoder
    /// The cookie jar of this pipeline's requests, consulted on every hop; `nil` (the default)
    /// for none.
    package var cookieJar: (any CookieJar)? = nil
    /// How this pipeline's requests' redirects are followed (the client's credential headers
    /// among those stripped when a redirect leaves the origin).
    package var redirectPolicy: RedirectPolicy = .default
    /// Whether this pipeline's requests carry W3C Trace Context (see `RequestTracer`); off by
    /// default, and then a request does no tracing work beyond reading this flag.
    package var tracing: TracingSettings = .off
    /// Whether this pipeline's requests share their transfer with identical requests in flight
    /// (see `CoalescingTransport`) when their options leave it to the client
    /// (`RequestOptions.coalesces` `nil`); off by default, since a caller may expect a request
    /// of its own.
    package var coalescesRequests = false
    /// Where this pipeline's coalesced requests find each other: the client's own, kept across
    /// its configuration's changes.
    package var coalescer = TransferCoalescer()

    /// Creates a pipeline.
    package init(
        builder: RequestBuilder, interceptors: [any HTTPInterceptor] = [], transport: any HTTPTransport,
        observers: [any RequestObserver] = [], decoder: JSONDecoder = JSONCoding.makeDecoder()
    ) {
        self.builder = builder
        self.interceptors = interceptors
        self.transport = transport
        self.observers = observers
        self.decoder = decoder
    }

    /// Creates a pipeline that sends over `transport`.
    ///
    /// - Parameters:
    ///   - baseURL: joined to each request's path (an absolute URL as the path is sent as it is).
    ///   - headers: sent with every request; a request's own headers of the same name win.
    ///   - interceptors: run around every request, outermost first.
    ///   - observers: told when each request starts, as each attempt ends, and when it ends.
    ///   - cookieJar: consulted and filled on every hop; `nil` for no cookies.
    ///   - redirectPolicy: how redirects are followed (RFC 9110 §15.4; credentials stripped when
    ///     one leaves the origin).
    ///   - tracing: whether requests carry W3C Trace Context.
    ///   - decoder: decodes JSON bodies for `send(_:_:query:headers:body:options:as:)`.
    public init(
        transport: any HTTPTransport, baseURL: String = "", headers: HTTPHeaders = [:],
        interceptors: [any HTTPInterceptor] = [], observers: [any RequestObserver] = [],
        cookieJar: (any CookieJar)? = nil, redirectPolicy: RedirectPolicy = .default,
        tracing: TracingSettings = .off, decoder: JSONDecoder = JSONDecoder()
    ) {
        self.init(
            builder: RequestBuilder(baseURL: baseURL, defaultHeaders: headers), interceptors: interceptors,
            transport: transport, observers: observers, decoder: decoder)
        self.cookieJar = cookieJar
        self.redirectPolicy = redirectPolicy
        self.tracing = tracing
    }

    /// Sends a request and returns its 2xx response with the whole body; any other status is
    /// `.http`, with the response.
    ///
    /// - Parameters:
    ///   - path: joined to the base URL; an absolute URL is sent as it is.
    ///   - body: the body and its `Content-Type` (JSON, a form, multipart, bytes, a stream).
    ///   - options: read by the interceptors (authentication, attempts, logging).
    public func send(
        _ method: HTTPMethod, _ path: String, query: [URLQueryItem] = [], headers: HTTPHeaders = [:],
        body: RequestBody? = nil, options: RequestOptions = RequestOptions()
    ) async throws(NetworkingError) -> HTTPExchange {
        let request = HTTPRequest(method: method, path: path, query: query, headers: headers, body: body)
        return try await send(request, options: options) { $0 }.get()
    }

    /// Sends a request and decodes its 2xx response as `T` (`Data` and `String` as they are, any
    /// other type as JSON with this pipeline's decoder); any other status is `.http`, a body that
    /// does not decode `.decoding`. The observers are told how it ended once it is decoded.
    public func send<T: Decodable & Sendable>(
        _ method: HTTPMethod, _ path: String, query: [URLQueryItem] = [], headers: HTTPHeaders = [:],
        body: RequestBody? = nil, options: RequestOptions = RequestOptions(), as type: T.Type = T.self
    ) async throws(NetworkingError) -> T {
        let request = HTTPRequest(method: method, path: path, query: query, headers: headers, body: body)
        let decoder = decoder
        return try await send(request, options: options) { (exchange) throws(NetworkingError) -> T in
            try ResponseDecoding.decode(T.self, from: exchange, decoder: decoder)
        }.get()
    }

    /// Sends a request and returns a 2xx response with its body still arriving (read
    /// `TransportResponse.body`); any other status is `.http`, with up to 16 MiB of its body.
    public func stream(
        _ method: HTTPMethod, _ path: String, query: [URLQueryItem] = [], headers: HTTPHeaders = [:],
        body: RequestBody? = nil, options: RequestOptions = RequestOptions()
    ) async throws(NetworkingError) -> TransportResponse {
        let request = HTTPRequest(method: method, path: path, query: query, headers: headers, body: body)
        return try await stream(request, kind: .request, options: options)
    }

    /// Builds `request`, sends it through `transport` (this pipeline's own by default) and decodes
    /// a 2xx response with `decode` where the send returns, all off the caller, so that a front door
    /// called on the main actor neither sends nor decodes there. Inlinable, so that a caller's module
    /// specialises it for `T` (generic code called across modules would look up the type's metadata
    /// and copy `T?` through its witnesses on every call); the work is in the `send` below, which is
    /// not generic.
    @inlinable @concurrent
    package func send<T: Sendable>(
        _ request: HTTPRequest, kind: RequestContext.Kind = .request, options: RequestOptions = RequestOptions(),
        transport: (any HTTPTransport)? = nil, uploadProgress: ProgressReporter? = nil,
        downloadProgress: ProgressReporter? = nil, decode: @Sendable (HTTPExchange) throws(NetworkingError) -> T
    ) async -> Result<T, NetworkingError> {
        await send(
            request, kind: kind, options: options, transport: transport, uploadProgress: uploadProgress,
            downloadProgress: downloadProgress
        ).decoded(with: decode)
    }

    /// Builds `request` and sends it through `transport` (this pipeline's own by default), off the
    /// caller, reporting the bodies' bytes to the progress reporters given; the response is left
    /// for the caller to decode (see `SentRequest.decoded(with:)`). A request that cannot be built
    /// is the failure (the observers have been told).
    @usableFromInline @concurrent
    package func send(
        _ request: HTTPRequest, kind: RequestContext.Kind = .request, options: RequestOptions = RequestOptions(),
        transport: (any HTTPTransport)? = nil, uploadProgress: ProgressReporter? = nil,
        downloadProgress: ProgressReporter? = nil
    ) async -> SentRequest {
        let urlRequest: URLRequest
        let beside: BodyBeside?
        do throws(NetworkingError) {
            (urlRequest, beside) = try build(request, kind: kind, options: options)
        } catch {
            return SentRequest(.failure(error), observation: nil)
        }
        // A transport of the caller's (a download cache) shares transfers by its own rules.
        return await send(
            urlRequest, beside: beside, kind: kind, options: options, transport: transport ?? self.transport,
            uploadProgress: uploadProgress, downloadProgress: downloadProgress, coalescible: transport == nil)
    }

    /// Sends `request` and returns a 2xx response with its body still arriving; any other status
    /// is `.http` (with the body, up to 16 MiB). Observers are told of completion when the body
    /// ends, is cancelled or fails.
    @concurrent
    package func stream(
        _ request: HTTPRequest, kind: RequestContext.Kind = .request, options: RequestOptions = RequestOptions()
    ) async throws(NetworkingError) -> TransportResponse {
        let (urlRequest, beside) = try build(request, kind: kind, options: options)
        return try await send(
            urlRequest, beside: beside, kind: kind, options: options, transport: transport, reading: .streamed
        ).streamed()
    }

    /// Sends an already-built request and writes a 2xx body to `target` (see `DownloadTarget`);
    /// any other status is `.http`. Observers see one request, ending when the file is written.
    @concurrent
    package func download(
        _ urlRequest: URLRequest, to target: DownloadTarget, progress: ProgressReporter?,
        kind: RequestContext.Kind = .download, options: RequestOptions = RequestOptions()
    ) async throws(NetworkingError) -> FileDownloadExchange {
        let start = Date()
        let streamed = try await send(
            urlRequest, kind: kind, options: options, transport: transport, reading: .streamed, responseBodyLimit: .max
        ).streamed()
        return try await FileBodyWriter.write(streamed, to: target, progress: progress, since: start)
    }

    /// Tells the observers about a request that failed before it could be built (an invalid URL, a
    /// body that cannot be encoded): a start and a failed completion, with no URL and no metrics.
    package func reportUnbuildable(
        method: HTTPMethod, headers: HTTPHeaders, kind: RequestContext.Kind = .request,
        options: RequestOptions = RequestOptions(), _ error: NetworkingError
    ) {
        guard !observers.isEmpty else { return }
        let context = RequestContext(method: method, url: nil, headers: headers, kind: kind, options: options)
        for observer in observers { observer.requestStarted(context) }
        let completion = RequestCompletion(
            context: context, outcome: .failure(error), duration: .zero, metrics: nil, exchange: nil, attemptCount: 0)
        for observer in observers { observer.requestCompleted(completion) }
    }

    /// Builds the request, telling observers about a request that cannot be built.
    private func build(
        _ request: HTTPRequest, kind: RequestContext.Kind, options: RequestOptions
    ) throws(NetworkingError) -> (URLRequest, BodyBeside?) {
        do {
            return try builder.build(request)
        } catch {
            reportUnbuildable(method: request.method, headers: request.headers, kind: kind, options: options, error)
            throw error
        }
    }

    /// Sends a built request through `transport` with `options` bound, reporting the bodies'
    /// bytes to the progress reporters given, and checks its status: a 2xx, or, for a request
    /// that wants another status, what `check` accepts (`check` says why the final response fails,
    /// `nil` when it does not: an opening handshake wants 101). The body is collected, or with
    /// `reading` `.streamed` a 2xx body is left arriving, its reader holding at most
    /// `responseBodyLimit` bytes. The observers have been told it started, and are told how it
    /// ended once the caller decodes the result (`decoded(with:)`), reads its body to the end
    /// (`streamed()`) or makes its connection from it. Not generic, so that callers in other
    /// modules run specialised code.
    @concurrent
    package func send(
        _ urlRequest: URLRequest, beside: BodyBeside? = nil, kind: RequestContext.Kind, options: RequestOptions,
        transport: any HTTPTransport, uploadProgress: ProgressReporter? = nil,
        downloadProgress: ProgressReporter? = nil, reading: TransportRequest.BodyReading = .whole,
        responseBodyLimit: Int = TransportRequest.defaultResponseBodyLimit, coalescible: Bool = true,
        check: (@Sendable (HTTPExchange) -> NetworkingError?)? = nil
    ) async -> SentRequest {
        let tracer = tracing.isEnabled ? RequestTracer(tracing, request: urlRequest, options: options) : nil
        let observation = RequestObservation(
            observers: observers, request: urlRequest, beside: beside, kind: kind, options: options, tracer: tracer)
        var transport = tracer?.tracing(transport) ?? transport
        // Outside the tracer: the key is made before a hop gets its `traceparent`; the shared hop
        // carries the leader's, and a caller that joined makes no hop of its own.
        if coalescible, kind == .request, reading == .whole, check == nil, options.coalesces ?? coalescesRequests {
            transport = CoalescingTransport(wrapping: transport, coalescer: coalescer)
        }
        let step = TransportStep(
            transport: transport, state: requestState, reading: reading, uploadProgress: uploadProgress,
            downloadProgress: downloadProgress, responseBodyLimit: responseBodyLimit, attempts: observation?.attempts)
        let sent = await send(
            urlRequest, beside: beside, options: observation?.recording(options) ?? options, through: step)
        return SentRequest(sent, observation: observation, check: check)
    }

    /// The state of this pipeline's requests: its redirect policy and cookie jar.
    package var requestState: RequestState {
        RequestState(redirectPolicy: redirectPolicy, cookieJar: cookieJar)
    }

    /// Sends the request (with the body beside it) through the interceptors, which get `options`,
    /// and `step`.
    private nonisolated(nonsending) func send(
        _ urlRequest: URLRequest, beside: BodyBeside?, options: RequestOptions, through step: TransportStep
    ) async -> Result<HTTPExchange, NetworkingError> {
        do throws(NetworkingError) {
            return .success(
                try await InterceptorChain(interceptors: interceptors, step: step).send(
                    urlRequest, beside: beside, options: options))
        } catch {
            return .failure(error)
        }
    }
}
