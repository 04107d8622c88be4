import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// The transfer forms of the pipeline: the same build → observers → interceptors → transport →
// status check as `execute`, with progress, a streamed body or a file as the result. Interceptors
// see every request (a stream's or a download's 2xx exchange has an empty body: the body went to
// the stream or the file); observers see one start and one completion per call (for a stream,
// completion comes when the body ends).

extension Pipeline {
    /// `execute(_:kind:decode:)` with upload and download progress reported to the given
    /// reporters (through `ProgressReportingTransport` when the transport is one).
    @concurrent
    public func execute<T: Sendable>(
        _ request: HTTPRequest, kind: RequestContext.Kind = .request, uploadProgress: ProgressReporter?,
        downloadProgress: ProgressReporter?, decode: @Sendable (HTTPExchange) throws(NetworkingError) -> T
    ) async -> Result<T, NetworkingError> {
        var pipeline = self
        pipeline.transport = ProgressAdapter(base: transport, upload: uploadProgress, download: downloadProgress)
        return await pipeline.execute(request, kind: kind, decode: decode)
    }

    /// Sends `request` and returns a 2xx response with its body still arriving; any other
    /// status is `.http` (with the body, up to 16 MiB). Observers are told of completion when the
    /// body ends, is cancelled or fails.
    @concurrent
    public func stream(
        _ request: HTTPRequest, kind: RequestContext.Kind = .request
    ) async throws(NetworkingError) -> StreamedResponse {
        let urlRequest = try build(request, kind: kind)
        return try await stream(urlRequest, kind: kind)
    }

    /// Sends an already-built request and returns a 2xx response with its body still arriving.
    @concurrent
    public func stream(
        _ urlRequest: URLRequest, kind: RequestContext.Kind = .request
    ) async throws(NetworkingError) -> StreamedResponse {
        let observation = RequestObservation(
            observers: observers, request: urlRequest, kind: kind, options: RequestOptions.current)
        let box = TransferBox<StreamedResponse>()
        let chain = InterceptorChain(interceptors: interceptors, transport: StreamAdapter(base: transport, box: box))
        var received: HTTPExchange?
        do throws(NetworkingError) {
            let exchange = try await bindingCookieJar { () async throws(NetworkingError) in
                try await chain.send(urlRequest)
            }
            received = exchange
            guard exchange.isSuccess else { throw .http(HTTPError(metadata: exchange.metadata)) }
            let (match, others) = box.take(matching: exchange.response)
            for other in others { other.body.cancel() }
            let streamed =
                match
                ?? StreamedResponse(
                    request: exchange.request, response: exchange.response,
                    body: ResponseBodyStream(data: exchange.body))
            let headOnly = HTTPExchange(request: streamed.request, response: streamed.response, body: Data())
            // The handler must not capture the stream: it would keep it alive, and a stream
            // nobody holds any more must cancel its transfer.
            streamed.body.onTermination { termination in
                switch termination {
                case .finished(let count):
                    observation?.complete(nil, exchange: headOnly, bytes: count)
                case .failed(let error, let count):
                    observation?.complete(error, exchange: headOnly, bytes: count)
                }
            }
            return streamed
        } catch {
            for other in box.takeAll() { other.body.cancel() }
            observation?.complete(error, exchange: received)
            throw error
        }
    }

    /// Sends `request` and writes a 2xx body to `target` (see `DownloadTarget`); any other
    /// status is `.http`. Observers see the call as one request of kind `.download`.
    @concurrent
    public func download(
        _ request: HTTPRequest, to target: DownloadTarget, progress: ProgressReporter?,
        kind: RequestContext.Kind = .download
    ) async throws(NetworkingError) -> FileDownloadExchange {
        let urlRequest = try build(request, kind: kind)
        return try await download(urlRequest, to: target, progress: progress, kind: kind)
    }

    /// Sends an already-built request and writes a 2xx body to `target`.
    @concurrent
    public func download(
        _ urlRequest: URLRequest, to target: DownloadTarget, progress: ProgressReporter?,
        kind: RequestContext.Kind = .download
    ) async throws(NetworkingError) -> FileDownloadExchange {
        let observation = RequestObservation(
            observers: observers, request: urlRequest, kind: kind, options: RequestOptions.current)
        let box = TransferBox<FileDownloadExchange>()
        let adapter = DownloadAdapter(base: transport, target: target, progress: progress, box: box)
        let chain = InterceptorChain(interceptors: interceptors, transport: adapter)
        var received: HTTPExchange?
        do throws(NetworkingError) {
            let exchange = try await bindingCookieJar { () async throws(NetworkingError) in
                try await chain.send(urlRequest)
            }
            received = exchange
            guard exchange.isSuccess else { throw .http(HTTPError(metadata: exchange.metadata)) }
            let outcome: FileDownloadExchange
            if let written = box.take(matching: exchange.response).match {
                outcome = written
            } else {
                outcome = try FileBodyWriter.write(exchange, to: target, progress: progress)
            }
            observation?.complete(
                nil, exchange: outcome.exchange, bytes: outcome.bytesWritten, metrics: outcome.metrics)
            return outcome
        } catch {
            observation?.complete(error, exchange: received)
            throw error
        }
    }

    /// Builds the request, telling observers about a request that cannot be built.
    private func build(_ request: HTTPRequest, kind: RequestContext.Kind) throws(NetworkingError) -> URLRequest {
        do {
            return try builder.makeURLRequest(request)
        } catch {
            reportUnbuildable(method: request.method, headers: request.headers, kind: kind, error)
            throw error
        }
    }
}
