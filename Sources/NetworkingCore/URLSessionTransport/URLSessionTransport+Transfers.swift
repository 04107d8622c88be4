import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// The transfer forms on URLSession. Everything runs on data tasks and the session delegate's
// per-task state (`SessionDelegate`, `TaskSink`): on Linux `bytes(for:)` does not exist and
// download tasks leave their temporary files behind, so streams are fed from
// `didReceive(data:)` and downloads are written by the library's own `FileBodyWriter`.
// Note from the Linux measurements: a fractional `timeoutInterval` is truncated to whole seconds
// and `timeoutIntervalForResource` is ignored, so the transport enforces the latter itself (a
// deadline over a request and its redirects, see `URLSessionTransport.resourceDeadline()`).

extension URLSessionTransport: ProgressReportingTransport, StreamingHTTPTransport, FileDownloadingTransport {
    /// Sends `request`, following redirects, and reports the upload and download progress to the reporters given.
    public func send(
        _ request: URLRequest, uploadProgress: ProgressReporter?, downloadProgress: ProgressReporter?
    ) async throws(NetworkingError) -> HTTPExchange {
        try await sendFollowingRedirects(
            request, progress: TaskProgress(upload: uploadProgress, download: downloadProgress))
    }

    /// Sends `request` and the redirects `redirectPolicy` follows; inlined into both `send`
    /// methods (an async frame less per request). The first hop is almost always the whole
    /// request, so it is sent here with only the task, the start time and the progress living
    /// across its suspension (see `Pipeline.outcome` on why that matters); a redirect carries on
    /// in `followRedirects`.
    @inline(__always)
    func sendFollowingRedirects(
        _ request: URLRequest, progress: TaskProgress
    ) async throws(NetworkingError) -> HTTPExchange {
        let start = Date().timeIntervalSinceReferenceDate
        let deadline = resourceDeadline()
        var hopProgress = progress
        var hops = RedirectHops(request, policy: redirectPolicy)  // the first hop's cookies
        let task = try makeTask(hops.current, progress: &hopProgress)
        let (response, body) = try await run(task, sink: .memory, progress: hopProgress, deadline: deadline).get()
        if RedirectPolicy.isRedirect(response.statusCode), try hops.follow(after: response) {
            return try await followRedirects(hops, progress: progress, start: start, deadline: deadline)
        }
        hops.storeCookies(from: response)
        return Self.exchange(
            hops.current, redirects: 0, response: response, body: body, start: start,
            measured: Self.metrics(of: task))
    }

    /// Sends the hops after a redirect, from `hops.current` on.
    private func followRedirects(
        _ hops: RedirectHops, progress: TaskProgress, start: TimeInterval, deadline: DispatchTime?
    ) async throws(NetworkingError) -> HTTPExchange {
        var hops = hops
        while true {
            var hopProgress = progress
            let task = try makeTask(hops.current, progress: &hopProgress)
            let (response, body) = try await run(task, sink: .memory, progress: hopProgress, deadline: deadline).get()
            if try hops.follow(after: response) { continue }
            return Self.exchange(
                hops.current, redirects: hops.count, response: response, body: body, start: start,
                measured: Self.metrics(of: task))
        }
    }

    /// The exchange that ends a chain of hops begun at `start` (seconds since the reference
    /// date) with `request`, its last: the platform's metrics of that hop when it measured any,
    /// with the times, sizes and redirect count of the whole chain.
    private static func exchange(
        _ request: URLRequest, redirects: Int, response: HTTPURLResponse, body: Data, start: TimeInterval,
        measured: TransactionMetrics?
    ) -> HTTPExchange {
        let startDate = Date(timeIntervalSinceReferenceDate: start)
        let end = Date()
        var metrics = measured ?? TransactionMetrics(startDate: startDate, endDate: end)
        metrics.startDate = startDate
        metrics.endDate = end
        metrics.requestBodyBytes = metrics.requestBodyBytes ?? request.inMemoryBodyByteCount
        metrics.responseBodyBytes = Int64(body.count)
        metrics.redirectCount = redirects
        return HTTPExchange(request: request, response: response, body: body, metrics: metrics)
    }

    /// Streams the body: chunks are handed over as `didReceive(data:)` delivers them. A reader
    /// that falls more than `maxResponseBodySize` bytes behind cancels the transfer with
    /// `.transport(URLError(.dataLengthExceedsMaximum))`.
    public func stream(_ request: URLRequest) async throws(NetworkingError) -> StreamedResponse {
        var hops = RedirectHops(request, policy: redirectPolicy)
        let limit = maxResponseBodySize
        let deadline = resourceDeadline()
        while true {
            var body: ResponseBodyStream?
            let (response, _, _) = try await transfer(hops.current, deadline: deadline) { task in
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
        let deadline = resourceDeadline()
        var hops = RedirectHops(request, policy: redirectPolicy)
        while true {
            let writer = FileBodyWriter(target: target, progress: progress)
            let (response, body, _) = try await transfer(hops.current, deadline: deadline) { _ in .file(writer) }
            hops.storeCookies(from: response)
            if !writer.isWriting, try hops.follow(after: response) { continue }
            let received = writer.isWriting ? writer.bytesWritten : Int64(body.count)
            let metrics = TransactionMetrics(
                startDate: start, endDate: Date(), responseBodyBytes: received, redirectCount: hops.count)
            return writer.outcome(request: hops.current, response: response, body: body, metrics: metrics)
        }
    }
}
