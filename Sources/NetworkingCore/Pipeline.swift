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
    @concurrent
    public func execute<T: Sendable>(
        _ request: HTTPRequest, kind: RequestContext.Kind = .request,
        decode: @Sendable (HTTPExchange) throws(NetworkingError) -> T
    ) async -> Result<T, NetworkingError> {
        let urlRequest: URLRequest
        do {
            urlRequest = try builder.makeURLRequest(request)
        } catch {
            reportUnbuildable(method: request.method, headers: request.headers, kind: kind, error)
            return .failure(error)
        }
        return await execute(urlRequest, kind: kind, decode: decode)
    }

    /// Tells the observers about a request that failed before it could be built (an invalid URL, a
    /// body that cannot be encoded): a start and a failed completion, with no URL and no metrics.
    public func reportUnbuildable(
        method: HTTPMethod, headers: HTTPHeaders, kind: RequestContext.Kind = .request, _ error: NetworkingError
    ) {
        guard !observers.isEmpty else { return }
        let context = RequestContext(method: method, url: nil, headers: headers, kind: kind)
        notifyStart(context)
        notifyCompletion(context, .failure(error), since: .now, startDate: Date(), exchange: nil)
    }

    /// Runs an already-built request and decodes a 2xx response with `decode`.
    @concurrent
    public func execute<T: Sendable>(
        _ urlRequest: URLRequest, kind: RequestContext.Kind = .request,
        decode: @Sendable (HTTPExchange) throws(NetworkingError) -> T
    ) async -> Result<T, NetworkingError> {
        if observers.isEmpty { return await run(urlRequest, decode: decode) }
        let start = ContinuousClock.now
        var exchange: HTTPExchange?
        if observers.allSatisfy(\.observesFailuresOnly) {
            // Nobody listens to successes: report the request only if it fails (see
            // `RequestObserver.observesFailuresOnly`).
            let result = await run(urlRequest, received: { exchange = $0 }, decode: decode)
            if case .failure(let error) = result {
                let elapsed = ContinuousClock.now - start
                let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
                let context = Self.context(of: urlRequest, kind: kind)
                notifyStart(context)
                notifyCompletion(
                    context, .failure(error), since: start, startDate: Date(timeIntervalSinceNow: -seconds),
                    exchange: exchange)
            }
            return result
        }
        let startDate = Date()
        let context = Self.context(of: urlRequest, kind: kind)
        notifyStart(context)
        let result: Result<T, NetworkingError> = await run(urlRequest, received: { exchange = $0 }, decode: decode)
        switch result {
        case .success:
            notifyCompletion(
                context, .success(statusCode: exchange?.statusCode ?? 0, byteCount: exchange?.body.count ?? 0),
                since: start, startDate: startDate, exchange: exchange)
        case .failure(let error):
            notifyCompletion(context, .failure(error), since: start, startDate: startDate, exchange: exchange)
        }
        return result
    }

    private func run<T>(
        _ urlRequest: URLRequest, received: (HTTPExchange) -> Void = { _ in },
        decode: (HTTPExchange) throws(NetworkingError) -> T
    ) async -> Result<T, NetworkingError> {
        do throws(NetworkingError) {
            let chain = InterceptorChain(interceptors: interceptors, transport: transport)
            let exchange = try await chain.send(urlRequest)
            received(exchange)
            guard exchange.isSuccess else { throw .http(HTTPError(metadata: exchange.metadata)) }
            return .success(try decode(exchange))
        } catch {
            return .failure(error)
        }
    }

    private static func context(of urlRequest: URLRequest, kind: RequestContext.Kind) -> RequestContext {
        RequestContext(
            method: HTTPMethod(rawValue: urlRequest.httpMethod ?? "GET"), url: urlRequest.url,
            headers: HTTPHeaders(urlRequest.allHTTPHeaderFields ?? [:]), body: urlRequest.httpBody, kind: kind)
    }

    private func notifyStart(_ context: RequestContext) {
        for observer in observers { observer.requestStarted(context) }
    }

    private func notifyCompletion(
        _ context: RequestContext, _ outcome: RequestOutcome, since start: ContinuousClock.Instant, startDate: Date,
        exchange: HTTPExchange?
    ) {
        let metrics =
            exchange?.metrics
            ?? exchange.map {
                TransactionMetrics(
                    startDate: startDate, endDate: Date(), requestBodyBytes: $0.request.inMemoryBodyByteCount,
                    responseBodyBytes: Int64($0.body.count))
            }
        let completion = RequestCompletion(
            context: context, outcome: outcome, duration: .now - start, metrics: metrics, exchange: exchange)
        for observer in observers { observer.requestCompleted(completion) }
    }
}

extension RequestOutcome {
    /// The error, for a failure.
    public var error: NetworkingError? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
