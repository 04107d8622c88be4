import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// Background sessions (`URLSessionConfiguration.background(withIdentifier:)`) on Apple platforms
// run upload and download tasks only, in a system process that carries on while the app is
// suspended, so every request goes as one of them there:
// - a request with a body goes as an upload task from a file, `uploadTask(with:fromFile:)`, the
//   only upload a background session takes. A file body is uploaded from its file. A body in
//   memory is written to a temporary file first and removed when the task ends: failing instead
//   would turn away every JSON `POST` on such a session, and whoever sends a body expects it sent.
//   The response body arrives through `didReceive(data:)` and is collected in memory, up to the
//   transport's cap;
// - any other request goes as a download task: the file URLSession writes is moved to a temporary
//   file of the library's in `didFinishDownloadingTo` (SessionDelegate+Downloads.swift), then
//   handed to the reader at its pace (`FileBodyReplay`) and removed once read or dropped.
// Transfers that finish while the app is not running belong to no call and are discarded; resume
// those with `DownloadManager`. The system enforces the session's own timeouts there, so the
// transport arms no deadline of its own. The code is shared: swift-corelibs-foundation has no
// background sessions, and its tests drive these paths through a transport made with
// `backgroundTasks: true` (URLSessionTransport+Apple.swift holds what only Apple platforms have).

extension URLSessionTransport {
    /// One hop of `request` (its body in memory, if any, or `file`) on a background session.
    func backgroundResponse(_ request: URLRequest, file: HTTPBody?) async throws(NetworkingError) -> TransportResponse {
        if let file { return TransportResponse(try await sendOne(request, file: file, deadline: nil)) }
        guard let body = request.httpBody else { return try await backgroundDownload(request) }
        let spooled = try await Self.spool(body)
        defer { Self.remove(spooled) }
        var head = request
        head.httpBody = nil
        var exchange = try await sendOne(head, file: spooled, deadline: nil)
        exchange.request = request  // as sent: with its body
        exchange.metrics?.requestBodyBytes = Int64(body.count)
        return TransportResponse(exchange)
    }

    /// One hop of `request` through a download task, its body replayed from the task's file.
    private func backgroundDownload(_ request: URLRequest) async throws(NetworkingError) -> TransportResponse {
        let start = Date()
        let task = session.downloadTask(with: try sendable(request))
        let destination = DownloadTaskFile()
        let (response, _, measured) = try await run(task, sink: .downloadedFile(destination)).get()
        var metrics = measured ?? TransactionMetrics(startDate: start, endDate: Date())
        metrics.startDate = start
        metrics.endDate = Date()
        metrics.requestBodyBytes = metrics.requestBodyBytes ?? 0
        let head = ResponseHead(response)
        guard destination.hasArrived else {
            return TransportResponse(request: request, head: head, body: Data(), metrics: metrics)
        }
        return TransportResponse(
            request: request, head: head, stream: FileBodyReplay.stream(of: destination.url), metrics: metrics)
    }

    /// `body` as a new temporary file, written off the cooperative pool, for an upload task.
    static func spool(_ body: Data) async throws(NetworkingError) -> HTTPBody {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "networking-upload-\(UUID().uuidString)")
        let written: Result<HTTPBody, NetworkingError> = await withCheckedContinuation { continuation in
            SessionDelegate.offQueue {
                do {
                    try body.write(to: file)
                    continuation.resume(returning: .success(HTTPBody(fileURL: file)))
                } catch {
                    continuation.resume(
                        returning: .failure(
                            .invalidRequest(
                                "URLSessionTransport could not write the request body to \(file.path) for the upload "
                                    + "task a background session requires: \(error.localizedDescription)")))
                }
            }
        }
        return try written.get()
    }

    /// Removes a spooled body's file, off the cooperative pool.
    private static func remove(_ spooled: HTTPBody) {
        guard let file = spooled.fileURL else { return }
        SessionDelegate.offQueue { try? FileManager.default.removeItem(at: file) }
    }
}
