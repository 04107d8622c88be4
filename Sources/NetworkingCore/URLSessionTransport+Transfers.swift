import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// The transfer forms on URLSession. Everything runs on data tasks and the session delegate's
// per-task state (`SessionDelegate`, `TaskSink`): on Linux `bytes(for:)` does not exist and
// download tasks leave their temporary files behind, so streams are fed from
// `didReceive(data:)` and downloads are written by the library's own `FileBodyWriter`.
// Note from the Linux measurements: a fractional `timeoutInterval` is truncated to whole seconds
// and `timeoutIntervalForResource` is ignored; cancel the task to enforce a total deadline.

extension URLSessionTransport: ProgressReportingTransport, StreamingHTTPTransport, FileDownloadingTransport {
    public func send(
        _ request: URLRequest, uploadProgress: ProgressReporter?, downloadProgress: ProgressReporter?
    ) async throws(NetworkingError) -> HTTPExchange {
        try await sendFollowingRedirects(
            request, progress: TaskProgress(upload: uploadProgress, download: downloadProgress))
    }

    /// Sends `request` and the redirects `redirectPolicy` follows; inlined into both `send`
    /// methods (an async frame less per request). What lives across the suspension is kept to the
    /// task and the chain (see `Pipeline.outcome` on why).
    @inline(__always)
    func sendFollowingRedirects(
        _ request: URLRequest, progress: TaskProgress
    ) async throws(NetworkingError) -> HTTPExchange {
        let chain = RedirectChain(request, policy: redirectPolicy)
        while true {
            var hopProgress = progress
            let task = try makeTask(chain.current, progress: &hopProgress)
            let result = await run(task, sink: .memory, progress: hopProgress)
            if let exchange = try chain.exchange(after: result, metrics: Self.metrics(of: task)) { return exchange }
        }
    }

    /// Streams the body: chunks are handed over as `didReceive(data:)` delivers them. A reader
    /// that falls more than `maxResponseBodySize` bytes behind cancels the transfer with
    /// `.transport(URLError(.dataLengthExceedsMaximum))`.
    public func stream(_ request: URLRequest) async throws(NetworkingError) -> StreamedResponse {
        var hops = RedirectHops(request, policy: redirectPolicy)
        let limit = maxResponseBodySize
        while true {
            var body: ResponseBodyStream?
            let (response, _, _) = try await transfer(hops.current) { task in
                let (stream, continuation) = ResponseBodyStream.makeStream(bufferLimit: limit) {
                    SessionDelegate.offQueue { task.cancel() }
                }
                body = stream
                return .stream(continuation)
            }
            guard let body else { throw .invalidResponse }
            if try hops.follow(after: response) {
                body.cancel()
                continue
            }
            return StreamedResponse(request: hops.current, response: response, body: body)
        }
    }

    /// Writes a 2xx body to the target file from the delegate's callbacks (memory stays at a few
    /// chunks whatever the size); other bodies are collected up to `maxResponseBodySize`.
    public func download(
        _ request: URLRequest, to target: DownloadTarget, progress: ProgressReporter?
    ) async throws(NetworkingError) -> FileDownloadExchange {
        #if canImport(Darwin)
            if session.configuration.identifier != nil {
                return try await backgroundDownload(request, to: target, progress: progress)
            }
        #endif
        let start = Date()
        var hops = RedirectHops(request, policy: redirectPolicy)
        while true {
            let writer = FileBodyWriter(target: target, progress: progress)
            let (response, body, _) = try await transfer(hops.current) { _ in .file(writer) }
            if !writer.isWriting, try hops.follow(after: response) { continue }
            let received = writer.isWriting ? writer.bytesWritten : Int64(body.count)
            let metrics = TransactionMetrics(
                startDate: start, endDate: Date(), responseBodyBytes: received, redirectCount: hops.count)
            return writer.outcome(request: hops.current, response: response, body: body, metrics: metrics)
        }
    }
}

/// The hops of one request sent with `URLSessionTransport.send`: the request of each, and the
/// exchange once a response is not a redirect to follow.
final class RedirectChain {
    private var hops: RedirectHops
    private let start = Date()

    init(_ request: URLRequest, policy: RedirectPolicy) {
        hops = RedirectHops(request, policy: policy)
    }

    /// The request to send now.
    var current: URLRequest { hops.current }

    /// The exchange, or `nil` when `result` is a redirect the policy follows (then `current` is
    /// the next request).
    func exchange(after result: TransferResult, metrics measured: TransactionMetrics?) throws(NetworkingError)
        -> HTTPExchange?
    {
        let response: HTTPURLResponse
        let body: Data
        switch result {
        case .success(let received, let receivedBody): (response, body) = (received, receivedBody)
        case .failure(let error): throw error
        }
        if try hops.follow(after: response) { return nil }
        let end = Date()
        var metrics = measured ?? TransactionMetrics(startDate: start, endDate: end)
        metrics.startDate = start
        metrics.endDate = end
        metrics.requestBodyBytes = metrics.requestBodyBytes ?? current.inMemoryBodyByteCount
        metrics.responseBodyBytes = Int64(body.count)
        metrics.redirectCount = hops.count
        return HTTPExchange(request: hops.current, response: response, body: body, metrics: metrics)
    }
}
