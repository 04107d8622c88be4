import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Downloads that survive failures, cancellation and process restarts.
///
/// Each download keeps its bytes in a partial file next to the destination and its resume state
/// (URL, `ETag`/`Last-Modified`, bytes on disk) in a JSON file beside it (see
/// `ResumableDownload`). Calling `download(_:to:)` again, in this process or after a crash or a
/// restart, continues with `Range` + `If-Range`; it starts over when the representation changed
/// or the server ignores ranges. On success the file is moved into place atomically.
///
/// On Linux there is no background `URLSession`: surviving a restart is this manager's job. On
/// Apple platforms you may also create the `Networking` with a `.background` configuration; file
/// downloads then run as URLSession download tasks the system carries on (see
/// `URLSessionTransport`), while this manager still provides resumption within the app.
///
/// ```swift
/// let manager = DownloadManager(networking: networking)
/// for pending in manager.pendingDownloads(in: downloads) {   // after a restart
///     _ = await manager.resume(pending)
/// }
/// let result = await manager.download("/files/big.iso", to: downloads.appendingPathComponent("big.iso"))
/// ```
public actor DownloadManager {
    /// The client downloads go through (its headers, interceptors and observers apply).
    package nonisolated let networking: Networking
    /// Attempts per call: transient failures resume at once until this many attempts were made.
    package nonisolated let maxAttempts: Int

    private var running: [String: Task<Result<DownloadedFile, NetworkingError>, Never>] = [:]

    /// Creates a manager downloading through `networking`.
    public init(networking: Networking, maxAttempts: Int = 3) {
        self.networking = networking
        self.maxAttempts = max(1, maxAttempts)
    }

    /// Downloads `GET path` (relative to the base URL, or absolute) to `destination`, continuing
    /// an interrupted download of the same URL to the same destination.
    ///
    /// A cancelled or failed call keeps the partial file for the next call; a final HTTP error
    /// (such as 404) removes it. Two downloads to one destination at once fail with
    /// `.invalidRequest`, also across processes.
    public func download(
        _ path: String, to destination: URL, query: [URLQueryItem] = [], headers: [String: String] = [:],
        progress: ProgressReporter? = nil
    ) async -> Result<DownloadedFile, NetworkingError> {
        let pipeline = await networking.pipeline()
        // No suspension from here to `running[key] = task`, so two calls cannot both pass the check.
        let key = destination.standardizedFileURL.path
        guard running[key] == nil else {
            TransferProgressTracker(progress).finish()
            return .failure(.invalidRequest("a download to '\(key)' is already in progress"))
        }
        let request = HTTPRequest(
            method: .get, path: path, query: query, headers: Networking.transferHeaders(headers))
        let registry = networking.registry
        let attempts = maxAttempts
        let task = Task<Result<DownloadedFile, NetworkingError>, Never> {
            await registry.run(key: path) {
                do throws(NetworkingError) {
                    return .success(
                        try await FileDownloader(pipeline: pipeline).downloadResumable(
                            request, to: destination, progress: progress, maxAttempts: attempts))
                } catch {
                    return .failure(error)
                }
            }
        }
        running[key] = task
        let result = await withTaskCancellationHandler {
            await task.value
        } onCancel: {
            task.cancel()
        }
        running[key] = nil
        return result
    }

    /// Continues an interrupted download found with `pendingDownloads(in:)`.
    public func resume(
        _ download: ResumableDownload, progress: ProgressReporter? = nil
    ) async -> Result<DownloadedFile, NetworkingError> {
        await self.download(download.url.absoluteString, to: download.destination, progress: progress)
    }

    /// Cancels the download to `destination`, keeping its partial file for a later call.
    public func cancel(_ destination: URL) {
        running[destination.standardizedFileURL.path]?.cancel()
    }

    /// The destinations being downloaded now.
    package var activeDownloads: [URL] { running.keys.sorted().map { URL(fileURLWithPath: $0) } }

    /// The interrupted downloads whose partial files and resume states are in `directory`.
    public nonisolated func pendingDownloads(in directory: URL) -> [ResumableDownload] {
        ResumableDownload.pending(in: directory)
    }

    /// Removes the partial file and resume state of an interrupted download to `destination`.
    public nonisolated func discard(_ destination: URL) {
        ResumableDownload.discard(for: destination)
    }
}
