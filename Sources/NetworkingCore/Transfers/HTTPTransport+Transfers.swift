import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// The transfers over one transport alone, with no pipeline around it: a response read as it
// arrives, a body written to a file, progress both ways. They follow redirects by the policy the
// transport carries (see `TransportStep.sendHops`) but keep no cookie and run no interceptor, so
// they are `package`: the transports' own tests drive them; users go through a `Networking`.

extension HTTPTransport {
    /// Sends `request` and returns as soon as the response head has arrived, whatever its
    /// status, with the body still arriving.
    package func stream(_ request: URLRequest) async throws(NetworkingError) -> TransportResponse {
        try await TransportStep(transport: self).sendHops(try TransportRequest(sending: request, reading: .streamed))
    }

    /// Sends `request` and writes a 2xx body to `target` (see `DownloadTarget` for resuming) as
    /// it arrives, with bounded memory; any other body is kept in memory (up to 16 MiB) and
    /// returned in the outcome.
    package func download(
        _ request: URLRequest, to target: DownloadTarget, progress: ProgressReporter?
    ) async throws(NetworkingError) -> FileDownloadExchange {
        let start = Date()
        var sent = try TransportRequest(sending: request, reading: .streamed)
        sent.responseBodyLimit = .max  // the body goes to the file, not to memory
        let streamed = try await TransportStep(transport: self).sendHops(sent)
        guard (200..<300).contains(streamed.statusCode) else {
            let body = try await streamed.body.collect(upTo: FileBodyWriter.defaultMaxInMemoryBody)
            return FileDownloadExchange(
                request: streamed.request, head: streamed.head, body: body, wroteFile: false, startOffset: 0,
                bytesWritten: 0)
        }
        return try await FileBodyWriter.write(streamed, to: target, progress: progress, since: start)
    }

    /// Sends `request`, reporting the request body's bytes to `uploadProgress` as the transport
    /// reads them and a 2xx response body's to `downloadProgress` as they arrive.
    package func send(
        _ request: URLRequest, uploadProgress: ProgressReporter?, downloadProgress: ProgressReporter?
    ) async throws(NetworkingError) -> HTTPExchange {
        try await TransportStep(transport: self, uploadProgress: uploadProgress, downloadProgress: downloadProgress)
            .send(request)
    }
}
