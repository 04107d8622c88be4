import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Downloads to files through a pipeline: one request written to a temporary file and moved into
/// place, or a download resumed across interruptions (`downloadResumable`).
///
/// A helper over `Pipeline.download`, so interceptors, observers and every transport see a file
/// download as any other request.
package struct FileDownloader: Sendable {
    /// The pipeline the downloads run on.
    package let pipeline: Pipeline

    /// A downloader over `pipeline`.
    package init(pipeline: Pipeline) { self.pipeline = pipeline }

    /// Downloads `request` to `destination` with bounded memory.
    ///
    /// The body is written to a hidden temporary file next to `destination` (same directory, so
    /// the final move is an atomic `rename(2)`) and moved into place only once it is complete,
    /// replacing any file already there. A failed or cancelled download removes the temporary
    /// file and leaves `destination` as it was. The progress ends with the file's size as total.
    @concurrent
    package func download(
        _ request: HTTPRequest, to destination: URL, progress: ProgressReporter?
    ) async throws(NetworkingError) -> DownloadedFile {
        let tracker = TransferProgressTracker(progress)
        defer { tracker.finish() }
        let directory = try FileMover.directory(of: destination)
        let temporary = directory.appendingPathComponent(
            ".\(destination.lastPathComponent).\(UUID().uuidString).download")
        defer { try? FileManager.default.removeItem(at: temporary) }
        let outcome = try await pipeline.download(
            try build(request), to: DownloadTarget(file: temporary), progress: tracker.reporter)
        try FileMover.replace(destination, with: temporary)
        tracker.complete(completedBytes: outcome.fileSize)
        return DownloadedFile(
            url: destination, statusCode: outcome.head.statusCode,
            headers: outcome.head.headerFields, byteCount: outcome.fileSize)
    }

    /// Builds the request, telling the observers about one that cannot be built.
    func build(_ request: HTTPRequest) throws(NetworkingError) -> URLRequest {
        do {
            return try pipeline.builder.makeURLRequest(request)
        } catch {
            pipeline.reportUnbuildable(method: request.method, headers: request.headers, kind: .download, error)
            throw error
        }
    }
}
