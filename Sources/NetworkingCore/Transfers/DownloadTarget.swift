import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Where a download's body goes.
package struct DownloadTarget: Sendable {
    /// The file the body is written to. It is created if missing and is never deleted by the
    /// transport: on failure it holds what arrived (the caller removes or resumes it).
    package var file: URL
    /// Bytes of `file` a `206 Partial Content` response continues from: a 206 whose
    /// `Content-Range` starts here is appended at this offset; any other 2xx response replaces
    /// the file from its start.
    package var resumeOffset: Int64
    /// Called once a 2xx response has arrived and before its first byte is written, with the
    /// response and the offset writing starts at (`resumeOffset` or 0). Throwing cancels the
    /// transfer with that error.
    package var willWrite: (@Sendable (HTTPURLResponse, Int64) throws(NetworkingError) -> Void)?

    /// Creates a target.
    package init(
        file: URL, resumeOffset: Int64 = 0,
        willWrite: (@Sendable (HTTPURLResponse, Int64) throws(NetworkingError) -> Void)? = nil
    ) {
        self.file = file
        self.resumeOffset = resumeOffset
        self.willWrite = willWrite
    }
}

/// The outcome of a download: the response, and where its body went.
package struct FileDownloadExchange: Sendable {
    /// The request as sent (the last hop, after redirects).
    package var request: URLRequest
    /// The response's status line and fields, as the transport received them.
    package var head: ResponseHead
    /// The response, built from `head` for each read (see `ResponseHead.response`).
    package var response: HTTPURLResponse { head.response }
    /// The body of a response that was not written to the file (not 2xx); empty otherwise.
    package var body: Data
    /// Whether the body was written to the target file.
    package var wroteFile: Bool
    /// The file offset the body was written from (the resume offset for a 206, else 0).
    package var startOffset: Int64
    /// Bytes written to the file by this response.
    package var bytesWritten: Int64
    /// What was measured, if anything.
    package var metrics: TransactionMetrics?

    /// Creates an outcome.
    package init(
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
    package var fileSize: Int64 { startOffset + bytesWritten }

    /// The exchange as interceptors see it (the body is empty when it went to the file).
    package var exchange: HTTPExchange {
        HTTPExchange(request: request, head: head, body: body, metrics: metrics)
    }
}
