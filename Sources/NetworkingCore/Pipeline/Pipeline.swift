import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Everything a request goes through, as one immutable value:
/// build → observers → interceptors (outermost first) → store (fakes, caches) → for each hop:
/// cookies and the redirect policy → transport → status check → decode.
///
/// Every kind of request runs here: `execute` collects the body and decodes it, `stream` hands
/// a 2xx body over as it arrives, `download` writes it to a file, `upgrade` opens a connection
/// from a WebSocket handshake's 101, and progress is reported by reading the body as it arrives. Interceptors see each as a `URLRequest` and an `HTTPExchange`
/// (a 2xx body read as a stream or a file is empty for them); observers are told once when it
/// starts, once as each attempt ends (see `AttemptRecorder`) and once when it ends (for a stream,
/// when its body ends).
///
/// Front doors (the `Networking` actor, `HTTPClient`) snapshot their configuration into a
/// `Pipeline` and run requests on it off their own isolation, so the transfers of concurrent
/// requests never queue behind one another. A model whose conformance is isolated to the caller's
/// actor is encoded and decoded by the front door in the caller's isolation, around
/// `sendUndecoded` (see Pipeline+CallerDecoding.swift).
package struct Pipeline: Sendable {
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

    /// Runs `request` and decodes a 2xx response with `decode`; a non-2xx response is `.http`.
    /// `options` go down the chain with the request, to the interceptors that read them.
    ///
    /// Inlinable, as are the next two, so that a caller's module specialises it for `T` (generic
    /// code called across modules would look up the type's metadata and copy `T?` through its
    /// witnesses on every call); the work is in `send`, which is not generic.
    @inlinable @concurrent
    package func execute<T: Sendable>(
        _ request: HTTPRequest, kind: RequestContext.Kind = .request, options: RequestOptions = RequestOptions(),
        decode: @Sendable (HTTPExchange) throws(NetworkingError) -> T
    ) async -> Result<T, NetworkingError> {
        await execute(request, kind: kind, options: options, transport: transport, decode: decode)
    }

    /// Runs an already-built request (with the body `beside` it, if it has one) and decodes a
    /// 2xx response with `decode`.
    @inlinable @concurrent
    package func execute<T: Sendable>(
        _ urlRequest: URLRequest, beside: BodyBeside? = nil, kind: RequestContext.Kind = .request,
        options: RequestOptions = RequestOptions(), decode: @Sendable (HTTPExchange) throws(NetworkingError) -> T
    ) async -> Result<T, NetworkingError> {
        await run(urlRequest, beside: beside, kind: kind, options: options, transport: transport, decode: decode)
    }

    /// `execute` with `transport` as the innermost step in place of `self.transport` (a cache a
    /// front door wraps around it for one request): the pipeline is not copied to change its
    /// transport.
    @inlinable @concurrent
    package func execute<T: Sendable>(
        _ request: HTTPRequest, kind: RequestContext.Kind, options: RequestOptions = RequestOptions(),
        transport: any HTTPTransport, decode: @Sendable (HTTPExchange) throws(NetworkingError) -> T
    ) async -> Result<T, NetworkingError> {
        let urlRequest: URLRequest
        let beside: BodyBeside?
        do throws(NetworkingError) {
            (urlRequest, beside) = try build(request, kind: kind, options: options)
        } catch {
            return .failure(error)
        }
        return await run(urlRequest, beside: beside, kind: kind, options: options, transport: transport, decode: decode)
    }

    /// Runs a built request through `transport` and decodes a 2xx response with `decode`.
    @inlinable
    func run<T: Sendable>(
        _ urlRequest: URLRequest, beside: BodyBeside?, kind: RequestContext.Kind, options: RequestOptions,
        transport: any HTTPTransport, decode: @Sendable (HTTPExchange) throws(NetworkingError) -> T
    ) async -> Result<T, NetworkingError> {
        await send(urlRequest, beside: beside, kind: kind, options: options, transport: transport)
            .decoded(with: decode)
    }

    /// `execute`, reporting the request body's bytes to `uploadProgress` as the transport reads
    /// them and the response body's to `downloadProgress` as they arrive.
    @concurrent
    package func execute<T: Sendable>(
        _ request: HTTPRequest, kind: RequestContext.Kind = .request, options: RequestOptions = RequestOptions(),
        uploadProgress: ProgressReporter?, downloadProgress: ProgressReporter?,
        decode: @Sendable (HTTPExchange) throws(NetworkingError) -> T
    ) async -> Result<T, NetworkingError> {
        let urlRequest: URLRequest
        let beside: BodyBeside?
        do {
            (urlRequest, beside) = try build(request, kind: kind, options: options)
        } catch {
            return .failure(error)
        }
        return await send(
            urlRequest, beside: beside, kind: kind, options: options, transport: transport,
            uploadProgress: uploadProgress, downloadProgress: downloadProgress
        ).decoded(with: decode)
    }

    /// Sends `request` and returns a 2xx response with its body still arriving; any other status
    /// is `.http` (with the body, up to 16 MiB). Observers are told of completion when the body
    /// ends, is cancelled or fails.
    @concurrent
    package func stream(
        _ request: HTTPRequest, kind: RequestContext.Kind = .request, options: RequestOptions = RequestOptions()
    ) async throws(NetworkingError) -> TransportResponse {
        let (urlRequest, beside) = try build(request, kind: kind, options: options)
        return try await stream(urlRequest, beside: beside, kind: kind, options: options)
    }

    /// Sends an already-built request (with the body `beside` it, if it has one) and returns a
    /// 2xx response with its body still arriving.
    @concurrent
    package func stream(
        _ urlRequest: URLRequest, beside: BodyBeside? = nil, kind: RequestContext.Kind = .request,
        options: RequestOptions = RequestOptions()
    ) async throws(NetworkingError) -> TransportResponse {
        try await stream(
            urlRequest, beside: beside, kind: kind, options: options,
            responseBodyLimit: TransportRequest.defaultResponseBodyLimit)
    }

    /// `stream`, telling the transport how much of the body its reader may hold in memory.
    private func stream(
        _ urlRequest: URLRequest, beside: BodyBeside?, kind: RequestContext.Kind, options: RequestOptions,
        responseBodyLimit: Int
    ) async throws(NetworkingError) -> TransportResponse {
        let tracer = tracing.isEnabled ? RequestTracer(tracing, request: urlRequest, options: options) : nil
        let observation = RequestObservation(
            observers: observers, request: urlRequest, beside: beside, kind: kind, options: options, tracer: tracer)
        let step = TransportStep(
            transport: tracer?.tracing(transport) ?? transport, state: requestState, reading: .streamed,
            responseBodyLimit: responseBodyLimit, attempts: observation?.attempts)
        let exchange: HTTPExchange
        do throws(NetworkingError) {
            exchange = try await send(
                urlRequest, beside: beside, options: observation?.recording(options) ?? options, through: step
            ).get()
        } catch {
            observation?.complete(error, exchange: nil)
            throw error
        }
        guard exchange.isSuccess else {
            let error = NetworkingError.http(HTTPError(metadata: exchange.metadata))
            observation?.complete(error, exchange: exchange)
            throw error
        }
        // A response an interceptor made up, or one a transport handed over whole, has its body.
        let body = exchange.arrivingBody ?? ResponseBodyStream(data: exchange.body, trailers: exchange.trailers)
        let headOnly = HTTPExchange(request: exchange.request, head: exchange.head, body: Data())
        // The handler must not capture the stream: it would keep it alive, and a stream nobody
        // holds any more must cancel its transfer.
        body.onTermination { termination in
            switch termination {
            case .finished(let count): observation?.complete(nil, exchange: headOnly, bytes: count)
            case .failed(let error, let count): observation?.complete(error, exchange: headOnly, bytes: count)
            }
        }
        return TransportResponse(
            request: exchange.request, head: exchange.head, stream: body, metrics: exchange.metrics)
    }

    /// Sends an already-built request and writes a 2xx body to `target` (see `DownloadTarget`);
    /// any other status is `.http`. Observers see one request, ending when the file is written.
    @concurrent
    package func download(
        _ urlRequest: URLRequest, to target: DownloadTarget, progress: ProgressReporter?,
        kind: RequestContext.Kind = .download, options: RequestOptions = RequestOptions()
    ) async throws(NetworkingError) -> FileDownloadExchange {
        let start = Date()
        let streamed = try await stream(urlRequest, beside: nil, kind: kind, options: options, responseBodyLimit: .max)
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
    @usableFromInline
    func build(
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
    /// bytes to the progress reporters given, and checks its status (a 2xx, or what `check`
    /// accepts); the observers have been told it started, and are told how it ended once it is
    /// decoded. Not generic, so that callers in other modules run specialised code.
    @usableFromInline
    func send(
        _ urlRequest: URLRequest, beside: BodyBeside? = nil, kind: RequestContext.Kind, options: RequestOptions,
        transport: any HTTPTransport, uploadProgress: ProgressReporter? = nil,
        downloadProgress: ProgressReporter? = nil,
        check: (@Sendable (HTTPExchange) -> NetworkingError?)? = nil
    ) async -> SentRequest {
        let tracer = tracing.isEnabled ? RequestTracer(tracing, request: urlRequest, options: options) : nil
        let observation = RequestObservation(
            observers: observers, request: urlRequest, beside: beside, kind: kind, options: options, tracer: tracer)
        let step = TransportStep(
            transport: tracer?.tracing(transport) ?? transport, state: requestState, uploadProgress: uploadProgress,
            downloadProgress: downloadProgress, attempts: observation?.attempts)
        let sent = await send(
            urlRequest, beside: beside, options: observation?.recording(options) ?? options, through: step)
        return SentRequest(sent, observation: observation, check: check)
    }

    /// Sends an opening handshake a front door built (a request to switch protocols) as any other
    /// request: the observers are told, the interceptors run, each hop gets its cookies and follows
    /// the redirect policy, and `transport` (the connection attempt) sends it. `check` takes the
    /// place of the status check: it says why the final response fails the handshake, `nil` when
    /// it does not (a WebSocket handshake wants 101, not a 2xx). The caller makes its connection
    /// from the result with `SentRequest.decoded(with:)`, which tells the observers how it ended.
    package func upgrade(
        _ urlRequest: URLRequest, options: RequestOptions, transport: any HTTPTransport,
        check: @escaping @Sendable (HTTPExchange) -> NetworkingError?
    ) async -> SentRequest {
        await send(urlRequest, kind: .request, options: options, transport: transport, check: check)
    }

    /// The state of this pipeline's requests: its redirect policy and cookie jar.
    package var requestState: RequestState {
        RequestState(redirectPolicy: redirectPolicy, cookieJar: cookieJar)
    }

    /// Sends the request (with the body beside it) through the interceptors, which get `options`,
    /// and `step`.
    private func send(
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
