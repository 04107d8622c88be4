import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Everything a request goes through, as one immutable value:
/// build → observers → interceptors (outermost first) → transport → status check → decode.
///
/// Front doors (the `Networking` actor, `HTTPClient`) snapshot their configuration into a
/// `Pipeline` and run requests on it off their own isolation, so encoding, transfer and decoding
/// of concurrent requests never queue behind one another.
public struct Pipeline: Sendable {
    /// Builds `URLRequest`s.
    public var builder: RequestBuilder
    /// Interceptors, outermost first.
    public var interceptors: [any HTTPInterceptor]
    /// The innermost step (a response store in front of a transport, or the transport itself).
    public var transport: any HTTPTransport
    /// Told about every request.
    public var observers: [any RequestObserver]
    /// Decodes JSON responses.
    public var decoder: JSONDecoder
    /// The cookie jar the transports' redirect loops use for this pipeline's requests (bound as
    /// `RedirectHops.cookieJar` while each runs); `nil` (the default) for none.
    public var cookieJar: (any CookieJar)? = nil

    /// Creates a pipeline.
    public init(
        builder: RequestBuilder, interceptors: [any HTTPInterceptor] = [], transport: any HTTPTransport,
        observers: [any RequestObserver] = [], decoder: JSONDecoder = JSONCoding.makeDecoder()
    ) {
        self.builder = builder
        self.interceptors = interceptors
        self.transport = transport
        self.observers = observers
        self.decoder = decoder
    }

    /// Runs `request` and decodes a 2xx response with `decode`. A non-2xx response is `.http`.
    /// `options` are `RequestOptions.current` while its interceptors and transport run.
    @concurrent
    public func execute<T: Sendable>(
        _ request: HTTPRequest, kind: RequestContext.Kind = .request, options: RequestOptions = RequestOptions(),
        decode: @Sendable (HTTPExchange) throws(NetworkingError) -> T
    ) async -> Result<T, NetworkingError> {
        let urlRequest: URLRequest
        do {
            urlRequest = try builder.makeURLRequest(request)
        } catch {
            reportUnbuildable(method: request.method, headers: request.headers, kind: kind, options: options, error)
            return .failure(error)
        }
        return await executeBuilt(urlRequest, kind: kind, options: options, decode: decode)
    }

    /// Tells the observers about a request that failed before it could be built (an invalid URL, a
    /// body that cannot be encoded): a start and a failed completion, with no URL and no metrics.
    public func reportUnbuildable(
        method: HTTPMethod, headers: HTTPHeaders, kind: RequestContext.Kind = .request,
        options: RequestOptions = RequestOptions(), _ error: NetworkingError
    ) {
        guard !observers.isEmpty else { return }
        let context = RequestContext(method: method, url: nil, headers: headers, kind: kind, options: options)
        for observer in observers { observer.requestStarted(context) }
        let completion = RequestCompletion(
            context: context, outcome: .failure(error), duration: .zero, metrics: nil, exchange: nil)
        for observer in observers { observer.requestCompleted(completion) }
    }

    /// Runs an already-built request and decodes a 2xx response with `decode`.
    @concurrent
    public func execute<T: Sendable>(
        _ urlRequest: URLRequest, kind: RequestContext.Kind = .request, options: RequestOptions = RequestOptions(),
        decode: @Sendable (HTTPExchange) throws(NetworkingError) -> T
    ) async -> Result<T, NetworkingError> {
        await executeBuilt(urlRequest, kind: kind, options: options, decode: decode)
    }

    /// The body of both `execute` methods, inlined into each (an async frame less per request).
    /// The work is done by `outcome`, which is not generic (a caller in another module runs the
    /// unspecialized code of a generic function) and keeps little across its suspension.
    @inline(__always)
    private func executeBuilt<T: Sendable>(
        _ urlRequest: URLRequest, kind: RequestContext.Kind, options: RequestOptions,
        decode: @Sendable (HTTPExchange) throws(NetworkingError) -> T
    ) async -> Result<T, NetworkingError> {
        var value: T?
        let failure = await outcome(urlRequest, kind: kind, options: options) { (exchange) throws(NetworkingError) in
            value = try decode(exchange)
        }
        if let failure { return .failure(failure) }
        // `outcome` returns no failure only after `decode` returned a value.
        guard let value else { return .failure(.invalidResponse) }
        return .success(value)
    }

    /// Runs a built request, tells the observers, and hands a 2xx exchange to `decode`: the
    /// failure, or `nil` when `decode` returned.
    ///
    /// Kept to the one suspension and what must live across it: in an async function every value
    /// of a type whose size is unknown to this module (`URLRequest`, `URL`, `Date`, and whatever
    /// holds them, such as `HTTPExchange` and `NetworkingError`) takes an allocation from the task,
    /// while the synchronous steps before and after keep theirs on the stack.
    private func outcome(
        _ urlRequest: URLRequest, kind: RequestContext.Kind, options: RequestOptions,
        decode: (HTTPExchange) throws(NetworkingError) -> Void
    ) async -> NetworkingError? {
        let observation = RequestObservation(observers: observers, request: urlRequest, kind: kind, options: options)
        let sent = await RequestOptions.with(options) { await send(urlRequest) }
        return conclude(sent, observation: observation, decode: decode)
    }

    /// Sends the request through the interceptors and the transport.
    private func send(_ urlRequest: URLRequest) async -> Result<HTTPExchange, NetworkingError> {
        do throws(NetworkingError) {
            return .success(
                try await bindingCookieJar { () async throws(NetworkingError) -> HTTPExchange in
                    // Without interceptors the transport is called directly (what
                    // `InterceptorChain` does then), an async frame less.
                    if interceptors.isEmpty { return try await transport.send(urlRequest.withFreshFileBody()) }
                    return try await InterceptorChain(interceptors: interceptors, transport: transport).send(urlRequest)
                })
        } catch {
            return .failure(error)
        }
    }

    /// Checks the status, decodes, and tells the observers how the request ended.
    private func conclude(
        _ sent: consuming Result<HTTPExchange, NetworkingError>, observation: RequestObservation?,
        decode: (HTTPExchange) throws(NetworkingError) -> Void
    ) -> NetworkingError? {
        let exchange: HTTPExchange
        switch consume sent {
        case .success(let received):
            exchange = received
        case .failure(let error):
            observation?.complete(error, exchange: nil)
            return error
        }
        var failure: NetworkingError?
        do throws(NetworkingError) {
            guard exchange.isSuccess else { throw .http(HTTPError(metadata: exchange.metadata)) }
            try decode(exchange)
        } catch {
            failure = error
        }
        observation?.complete(failure, exchange: exchange)
        return failure
    }
}

extension RequestOutcome {
    /// The error, for a failure.
    public var error: NetworkingError? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
