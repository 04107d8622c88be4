import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// The transfer forms of the transport seam. A transport adopts the ones it can do natively; the
// pipeline falls back to `send(_:)` (bodies in memory, bounded by the transport's cap) for a
// transport that adopts none, so fakes and wrappers keep working with every transfer API.

/// A response whose body is still arriving.
public struct StreamedResponse: Sendable {
    /// The request as sent (the last hop, after redirects).
    public var request: URLRequest
    /// The response head.
    public var response: HTTPURLResponse
    /// The body, read as it arrives.
    public var body: ResponseBodyStream

    /// Creates a streamed response.
    public init(request: URLRequest, response: HTTPURLResponse, body: ResponseBodyStream) {
        self.request = request
        self.response = response
        self.body = body
    }

    /// The status code.
    public var statusCode: Int { response.statusCode }

    /// A response header, looked up case-insensitively.
    public func header(_ name: String) -> String? { response.value(forHTTPHeaderField: name) }
}

/// A transport that hands back the response head as soon as it arrives, with the body as a stream.
///
/// Like `send(_:)`, `stream(_:)` returns every HTTP response (4xx and 5xx too) and follows
/// redirects by its `RedirectPolicy`; it throws only when there is no response. Waiting for the
/// head honours task cancellation; afterwards the body stream controls the transfer.
public protocol StreamingHTTPTransport: HTTPTransport {
    /// Sends `request` and returns once the response head has arrived.
    func stream(_ request: URLRequest) async throws(NetworkingError) -> StreamedResponse
}

/// A transport that reports upload and download progress for the requests it sends.
public protocol ProgressReportingTransport: HTTPTransport {
    /// `send(_:)`, reporting the request body's bytes to `uploadProgress` and the response body's
    /// to `downloadProgress`. Transports only call `report`, never `finish`.
    func send(
        _ request: URLRequest, uploadProgress: ProgressReporter?, downloadProgress: ProgressReporter?
    ) async throws(NetworkingError) -> HTTPExchange
}

/// Where a download's body goes.
public struct DownloadTarget: Sendable {
    /// The file the body is written to. It is created if missing and is never deleted by the
    /// transport: on failure it holds what arrived (the caller removes or resumes it).
    public var file: URL
    /// Bytes of `file` a `206 Partial Content` response continues from: a 206 whose
    /// `Content-Range` starts here is appended at this offset; any other 2xx response replaces
    /// the file from its start.
    public var resumeOffset: Int64
    /// Called once a 2xx response has arrived and before its first byte is written, with the
    /// response and the offset writing starts at (`resumeOffset` or 0). Throwing cancels the
    /// transfer with that error.
    public var willWrite: (@Sendable (HTTPURLResponse, Int64) throws(NetworkingError) -> Void)?

    /// Creates a target.
    public init(
        file: URL, resumeOffset: Int64 = 0,
        willWrite: (@Sendable (HTTPURLResponse, Int64) throws(NetworkingError) -> Void)? = nil
    ) {
        self.file = file
        self.resumeOffset = resumeOffset
        self.willWrite = willWrite
    }
}

/// The outcome of a download: the response, and where its body went.
public struct FileDownloadExchange: Sendable {
    /// The request as sent (the last hop, after redirects).
    public var request: URLRequest
    /// The response's status line and fields, as the transport received them.
    public var head: ResponseHead
    /// The response.
    public var response: HTTPURLResponse { head.response }
    /// The body of a response that was not written to the file (not 2xx); empty otherwise.
    public var body: Data
    /// Whether the body was written to the target file.
    public var wroteFile: Bool
    /// The file offset the body was written from (the resume offset for a 206, else 0).
    public var startOffset: Int64
    /// Bytes written to the file by this response.
    public var bytesWritten: Int64
    /// What was measured, if anything.
    public var metrics: TransactionMetrics?

    /// Creates an outcome.
    public init(
        request: URLRequest, response: HTTPURLResponse, body: Data, wroteFile: Bool, startOffset: Int64,
        bytesWritten: Int64, metrics: TransactionMetrics? = nil
    ) {
        self.init(
            request: request, head: ResponseHead(response), body: body, wroteFile: wroteFile,
            startOffset: startOffset, bytesWritten: bytesWritten, metrics: metrics)
    }

    /// Creates an outcome from a head the transport parsed itself.
    public init(
        request: URLRequest, head: ResponseHead, body: Data, wroteFile: Bool, startOffset: Int64,
        bytesWritten: Int64, metrics: TransactionMetrics? = nil
    ) {
        self.request = request
        self.head = head
        self.body = body
        self.wroteFile = wroteFile
        self.startOffset = startOffset
        self.bytesWritten = bytesWritten
        self.metrics = metrics
    }

    /// The size of the file's content after this response: `startOffset + bytesWritten`.
    public var fileSize: Int64 { startOffset + bytesWritten }

    /// The exchange as interceptors see it (the body is empty when it went to the file).
    public var exchange: HTTPExchange {
        HTTPExchange(request: request, head: head, body: body, metrics: metrics)
    }
}

/// A transport that writes response bodies straight to a file, with bounded memory.
public protocol FileDownloadingTransport: HTTPTransport {
    /// Sends `request`; a 2xx body is written to `target` (see `DownloadTarget` for resuming),
    /// any other body is kept in memory (bounded) and returned in the outcome. Redirects are
    /// followed; only the final response touches the file.
    func download(
        _ request: URLRequest, to target: DownloadTarget, progress: ProgressReporter?
    ) async throws(NetworkingError) -> FileDownloadExchange
}

extension StreamingHTTPTransport {
    /// A `download(_:to:progress:)` built on `stream(_:)`, for transports that stream but do not
    /// write files themselves. A body that is not written to the file is kept up to
    /// `maxInMemoryBody` bytes.
    public func downloadByStreaming(
        _ request: URLRequest, to target: DownloadTarget, progress: ProgressReporter?,
        maxInMemoryBody: Int = FileBodyWriter.defaultMaxInMemoryBody
    ) async throws(NetworkingError) -> FileDownloadExchange {
        let start = Date()
        let streamed = try await stream(request)
        let writer = FileBodyWriter(target: target, progress: progress)
        defer { writer.close() }
        let writes: Bool
        do {
            writes = try writer.begin(streamed.response)
        } catch {
            streamed.body.cancel()
            throw error
        }
        var body = Data()
        if writes {
            var chunks = streamed.body.makeAsyncIterator()
            while let chunk = try await chunks.next() {
                do {
                    try writer.write(chunk)
                } catch {
                    streamed.body.cancel()
                    throw error
                }
            }
        } else {
            body = try await streamed.body.collect(upTo: maxInMemoryBody)
        }
        let metrics = TransactionMetrics(
            startDate: start, endDate: Date(), responseBodyBytes: writes ? writer.bytesWritten : Int64(body.count))
        return writer.outcome(request: streamed.request, response: streamed.response, body: body, metrics: metrics)
    }
}
