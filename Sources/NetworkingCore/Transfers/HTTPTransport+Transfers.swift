import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// The transfers, written once over the one transport method: a response read as it arrives, a
// body written to a file, progress both ways. The pipeline runs the same helpers beneath the
// interceptors; these are for calling a transport directly.

extension HTTPTransport {
    /// Sends `request` and returns as soon as the response head has arrived, whatever its
    /// status, with the body still arriving.
    public func stream(_ request: URLRequest) async throws(NetworkingError) -> StreamedResponse {
        let response = try await send(try TransportRequest(sending: request, reading: .streamed))
        return StreamedResponse(
            request: response.request, head: response.head, body: response.body, metrics: response.metrics)
    }

    /// Sends `request` and writes a 2xx body to `target` (see `DownloadTarget` for resuming) as
    /// it arrives, with bounded memory; any other body is kept in memory (up to 16 MiB) and
    /// returned in the outcome.
    public func download(
        _ request: URLRequest, to target: DownloadTarget, progress: ProgressReporter?
    ) async throws(NetworkingError) -> FileDownloadExchange {
        let start = Date()
        var sent = try TransportRequest(sending: request, reading: .streamed)
        sent.responseBodyLimit = .max  // the body goes to the file, not to memory
        let response = try await send(sent)
        let streamed = StreamedResponse(
            request: response.request, head: response.head, body: response.body, metrics: response.metrics)
        guard (200..<300).contains(streamed.statusCode) else {
            let body = try await streamed.body.collect(upTo: TransportStep.maxErrorBody)
            return FileDownloadExchange(
                request: streamed.request, head: streamed.head, body: body, wroteFile: false, startOffset: 0,
                bytesWritten: 0)
        }
        return try await FileBodyWriter.write(streamed, to: target, progress: progress, since: start)
    }

    /// Sends `request`, reporting the request body's bytes to `uploadProgress` as the transport
    /// reads them and a 2xx response body's to `downloadProgress` as they arrive.
    public func send(
        _ request: URLRequest, uploadProgress: ProgressReporter?, downloadProgress: ProgressReporter?
    ) async throws(NetworkingError) -> HTTPExchange {
        let step = TransportStep(
            transport: self, reading: downloadProgress == nil ? .whole : .streamed, uploadProgress: uploadProgress)
        let exchange = try await step.send(request)
        guard let arriving = exchange.arrivingBody, let downloadProgress else { return exchange }
        return try await exchange.collecting(arriving, reportingTo: downloadProgress)
    }
}
