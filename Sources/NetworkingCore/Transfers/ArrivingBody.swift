import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// Reading a body as it arrives, into memory with progress or into a file: the helpers every
// transfer is built from, over the one transport seam.

extension TransportResponse {
    /// The response as an exchange with its body read, each chunk's arrival reported to
    /// `progress` (the total is the response's `Content-Length`, when it has one); more than
    /// `limit` bytes cancels the transfer and throws `.transport(URLError(.dataLengthExceedsMaximum))`.
    func collect(upTo limit: Int, reportingTo progress: ProgressReporter) async throws(NetworkingError) -> HTTPExchange
    {
        let total = head.header("Content-Length").flatMap { Int64($0) }
        var data = Data()
        progress.report(TransferProgress(completedBytes: 0, totalBytes: total))
        let body = self.body
        for try await chunk in body {
            guard data.count + chunk.count <= limit else {
                body.cancel()
                throw .bodyTooLarge(limit: limit)
            }
            data.append(chunk)
            progress.report(TransferProgress(completedBytes: Int64(data.count), totalBytes: total))
        }
        return HTTPExchange(request: request, head: head, body: data, trailers: body.trailers, metrics: metrics)
    }
}

extension FileBodyWriter {
    /// Writes a streamed 2xx response's body to `target` (see `DownloadTarget` for resuming), with
    /// progress, and says what came of it. `since` is when the request started, for the metrics.
    static func write(
        _ streamed: TransportResponse, to target: DownloadTarget, progress: ProgressReporter?, since start: Date
    ) async throws(NetworkingError) -> FileDownloadExchange {
        let writer = FileBodyWriter(target: target, progress: progress)
        defer { writer.close() }
        do {
            _ = try writer.begin(streamed.response)
            for try await chunk in streamed.body { try writer.write(chunk) }
        } catch {
            streamed.body.cancel()
            throw error
        }
        var metrics = streamed.metrics ?? TransactionMetrics(startDate: start, endDate: Date())
        metrics.startDate = start
        metrics.endDate = Date()
        metrics.responseBodyBytes = writer.bytesWritten
        return writer.outcome(request: streamed.request, head: streamed.head, body: Data(), metrics: metrics)
    }
}
