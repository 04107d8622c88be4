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

extension URLSessionTransport {
    /// Sends `request` with the transport's session, following redirects: the whole body when the
    /// caller collects it, else the head as soon as it arrives with the body streamed from
    /// `didReceive(data:)`.
    ///
    /// A body from an `AsyncSequence` is read into memory first (up to `maxResponseBodySize`):
    /// URLSession reads an `httpBodyStream` with blocking reads on its own thread, and the library
    /// blocks no thread to feed one. So a one-shot sequence sent while the response is read as it
    /// arrives (`reading` `.streamed`), which may wait for the response before it ends, fails at
    /// once with `.invalidRequest` instead of waiting forever (use `CurlTransport` to send while
    /// reading). A file body is uploaded from its file, read afresh.
    public func send(_ request: TransportRequest) async throws(NetworkingError) -> TransportResponse {
        if request.reading == .streamed, let body = request.body, body.data == nil, body.fileURL == nil,
            body.iterationBehavior == .single
        {
            throw .invalidRequest(
                "URLSessionTransport reads a produced request body whole before it sends it, so it cannot send "
                    + "a one-shot body while the response is read as it arrives (use CurlTransport for that)")
        }
        let head = try await request.collectingBody(upTo: maxResponseBodySize)
        #if canImport(Darwin)
            if session.configuration.identifier != nil { return try await backgroundResponse(head) }
        #endif
        if request.reading == .streamed { return try await stream(head, limit: request.responseBodyLimit) }
        return TransportResponse(try await sendFollowingRedirects(head))
    }

    /// Sends `request` and the redirects `redirectPolicy` follows, inlined into `send` (an async
    /// frame less per request). The first hop is almost always the whole request, so it is sent
    /// here with only the task and the start time living across its suspension (see `Pipeline.outcome` on why that matters); a redirect carries on
    /// in `followRedirects`.
    @inline(__always)
    func sendFollowingRedirects(
        _ request: URLRequest
    ) async throws(NetworkingError) -> HTTPExchange {
        let start = Date().timeIntervalSinceReferenceDate
        let deadline = resourceDeadline()
        var hops = RedirectHops(request, policy: redirectPolicy)  // the first hop's cookies
        let task = try makeTask(hops.current)
        let (response, body) = try await run(task, sink: .memory, deadline: deadline).get()
        if RedirectPolicy.isRedirect(response.statusCode), try hops.follow(after: response) {
            return try await followRedirects(hops, start: start, deadline: deadline)
        }
        hops.storeCookies(from: response)
        return Self.exchange(
            hops.current, redirects: 0, response: response, body: body, start: start,
            measured: Self.metrics(of: task))
    }

    /// Sends the hops after a redirect, from `hops.current` on.
    private func followRedirects(
        _ hops: RedirectHops, start: TimeInterval, deadline: DispatchTime?
    ) async throws(NetworkingError) -> HTTPExchange {
        var hops = hops
        while true {
            let task = try makeTask(hops.current)
            let (response, body) = try await run(task, sink: .memory, deadline: deadline).get()
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

    /// Streams the body: chunks are handed over as `didReceive(data:)` delivers them. URLSession
    /// cannot pause a transfer, so a reader that falls more than `limit` bytes behind (at most
    /// `maxResponseBodySize`) cancels it with `.transport(URLError(.dataLengthExceedsMaximum))`;
    /// a reader that holds nothing in memory (a download to a file, `limit` unbounded) is not
    /// cut off, and what arrives ahead of it is buffered.
    private func stream(_ request: URLRequest, limit: Int) async throws(NetworkingError) -> TransportResponse {
        var hops = RedirectHops(request, policy: redirectPolicy)
        let limit = limit == .max ? .max : min(limit, maxResponseBodySize)
        let start = Date()
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
            let metrics = TransactionMetrics(startDate: start, endDate: Date(), redirectCount: hops.count)
            return TransportResponse(
                request: hops.current, head: ResponseHead(response), stream: body, metrics: metrics)
        }
    }
}
