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
// deadline over a request and its redirects, see `URLSessionTransport.resourceDeadline(from:)`).

extension URLSessionTransport {
    /// Sends `request` with the transport's session, one hop (the pipeline follows redirects):
    /// the whole body when the caller collects it, else the head as soon as it arrives with the body streamed from
    /// `didReceive(data:)`.
    ///
    /// A body from an `AsyncSequence` is read into memory first (up to `maxResponseBodySize`):
    /// URLSession reads an `httpBodyStream` with blocking reads on its own thread, and the library
    /// blocks no thread to feed one. So a one-shot sequence sent while the response is read as it
    /// arrives (`reading` `.streamed`), which may wait for the response before it ends, fails at
    /// once with `.invalidRequest` instead of waiting forever (use `CurlTransport` to send while
    /// reading). A file body is uploaded from its file, read afresh. On a background session
    /// every request goes as an upload or a download task (see URLSessionTransport+Background.swift).
    /// A response whose head gives differing lengths for its body
    /// (`ResponseHead.hasConflictingContentLength`) is `.invalidResponse`.
    public func send(_ request: TransportRequest) async throws(NetworkingError) -> TransportResponse {
        if request.reading == .streamed, let body = request.body, body.data == nil, body.fileURL == nil,
            body.iterationBehavior == .single
        {
            throw .invalidRequest(
                "URLSessionTransport reads a produced request body whole before it sends it, so it cannot send "
                    + "a one-shot body while the response is read as it arrives (use CurlTransport for that)")
        }
        // A file is uploaded from the file (an upload task); any other body rides on the head.
        let file = request.body?.fileURL == nil ? nil : request.body
        var plain = request
        if file != nil { plain.body = nil }
        let head = try await plain.collectingBody(upTo: maxResponseBodySize)
        let response: TransportResponse
        if usesBackgroundTasks {
            response = try await backgroundResponse(head, file: file)
        } else {
            let deadline = resourceDeadline(from: request.firstHopStart)
            response =
                request.reading == .streamed
                ? try await stream(head, file: file, limit: request.responseBodyLimit, deadline: deadline)
                : TransportResponse(try await sendOne(head, file: file, deadline: deadline))
        }
        // URLSession frames such a body by one of the lengths: it is discarded instead.
        if response.head.hasConflictingContentLength {
            response.cancel()
            throw .invalidResponse
        }
        return response
    }

    /// Sends `request` and collects its body, inlined into `send` (an async frame less per
    /// request: only the task and the start time live across its suspension).
    @inline(__always)
    func sendOne(
        _ request: URLRequest, file: HTTPBody?, deadline: DispatchTime?
    ) async throws(NetworkingError) -> HTTPExchange {
        let start = Date().timeIntervalSinceReferenceDate
        let task = try makeTask(request, file: file)
        let (response, body, measured) = try await run(task, sink: .memory, deadline: deadline).get()
        return Self.exchange(request, response: response, body: body, start: start, measured: measured)
    }

    /// The exchange of `request`, begun at `start` (seconds since the reference date): the
    /// platform's metrics of the hop when it measured any, with the library's times and sizes.
    private static func exchange(
        _ request: URLRequest, response: HTTPURLResponse, body: Data, start: TimeInterval, measured: TransactionMetrics?
    ) -> HTTPExchange {
        let startDate = Date(timeIntervalSinceReferenceDate: start)
        let end = Date()
        var metrics = measured ?? TransactionMetrics(startDate: startDate, endDate: end)
        metrics.startDate = startDate
        metrics.endDate = end
        metrics.requestBodyBytes = metrics.requestBodyBytes ?? request.inMemoryBodyByteCount
        metrics.responseBodyBytes = Int64(body.count)
        return HTTPExchange(request: request, response: response, body: body, metrics: metrics)
    }

    /// Streams the body: chunks are handed over as `didReceive(data:)` delivers them. URLSession
    /// cannot pause a transfer, so a reader that falls more than `limit` bytes behind (at most
    /// `maxResponseBodySize`) cancels it with `.transport(URLError(.dataLengthExceedsMaximum))`;
    /// a reader that holds nothing in memory (a download to a file, `limit` unbounded) is not
    /// cut off, and what arrives ahead of it is buffered.
    private func stream(
        _ request: URLRequest, file: HTTPBody?, limit: Int, deadline: DispatchTime?
    ) async throws(NetworkingError) -> TransportResponse {
        let limit = limit == .max ? .max : min(limit, maxResponseBodySize)
        let start = Date()
        var body: ResponseBodyStream?
        let (response, _, measured) = try await transfer(request, file: file, deadline: deadline) { task in
            let (stream, continuation) = ResponseBodyStream.makeStream(bufferLimit: limit) {
                SessionDelegate.offQueue { task.cancel() }
            }
            body = stream
            return .stream(continuation)
        }
        guard let body else { throw .invalidResponse }
        var metrics = TransactionMetrics(startDate: start, endDate: Date())
        metrics.pinMismatch = measured?.pinMismatch  // what the head knows: a report-only pin mismatch
        return TransportResponse(request: request, head: ResponseHead(response), stream: body, metrics: metrics)
    }
}
