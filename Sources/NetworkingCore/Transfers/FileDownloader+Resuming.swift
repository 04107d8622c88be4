import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension FileDownloader {
    /// Downloads `request` to `destination`, continuing an earlier interrupted download of the
    /// same URL when its partial file and resume state are there (see `ResumableDownload`).
    ///
    /// - A continuation asks for `Range: bytes=N-` with `If-Range` (the stored strong `ETag`,
    ///   else `Last-Modified`). A `206` from byte N is appended; a `200` (the representation
    ///   changed, or the server ignores ranges) starts the file over. Without a validator the
    ///   download starts over rather than risk mixing two versions.
    /// - The state is written before the first byte of each response, so a crash at any point
    ///   leaves a resumable partial file. A transient failure (see `NetworkingError.isRetryable`)
    ///   resumes at once, up to `maxAttempts` attempts in all; a cancellation or a last failure
    ///   keeps the partial file and state for a later call; a final HTTP error (a 404) removes
    ///   them.
    /// - The partial file is locked (`flock`) during the call, so two downloads to one
    ///   destination (in one process or two) fail fast with `.invalidRequest` instead of mixing.
    /// - On success the partial file is renamed to `destination` atomically and the state removed.
    @concurrent
    package func downloadResumable(
        _ request: HTTPRequest, to destination: URL, progress: ProgressReporter?, maxAttempts: Int = 3
    ) async throws(NetworkingError) -> DownloadedFile {
        let tracker = TransferProgressTracker(progress)
        defer { tracker.finish() }
        _ = try FileMover.directory(of: destination)
        var base = try build(request)
        guard let url = base.url else { throw .invalidRequest("the download has no URL") }
        if request.headers["Accept"] == nil { base.setValue("*/*", forHTTPHeaderField: "Accept") }
        let partial = ResumableDownload.partialFileURL(for: destination)
        let lock = try FileLock(partial)
        defer { lock.release() }
        var attempt = 0
        while true {
            attempt += 1
            let (urlRequest, target) = resumeAttempt(base, url: url, destination: destination)
            do {
                let outcome = try await pipeline.download(urlRequest, to: target, progress: tracker.reporter)
                try FileMover.replace(destination, with: partial)
                try? FileManager.default.removeItem(at: ResumableDownload.stateFileURL(for: destination))
                tracker.complete(completedBytes: outcome.fileSize)
                return DownloadedFile(
                    url: destination, statusCode: outcome.head.statusCode,
                    headers: outcome.head.headerFields, byteCount: outcome.fileSize,
                    resumedFrom: outcome.startOffset)
            } catch {
                if let complete = try alreadyComplete(error, offset: target.resumeOffset, destination: destination) {
                    tracker.complete(completedBytes: complete.byteCount)
                    return complete
                }
                switch error {
                case .http(let failure) where failure.statusCode == 416 || failure.statusCode == 412:
                    Self.startOver(destination)
                case .invalidResponse where target.resumeOffset > 0:
                    Self.startOver(destination)  // a 206 that does not continue where the file ends
                case .http(let failure) where !error.isRetryable && failure.isClientError:
                    ResumableDownload.discard(for: destination)
                    throw error
                default:
                    Self.recordProgress(destination)
                    guard error.isRetryable else { throw error }
                }
                guard attempt < maxAttempts else { throw error }
            }
        }
    }

    /// The request and target of one attempt, resuming when the stored state allows it.
    private func resumeAttempt(
        _ base: URLRequest, url: URL, destination: URL
    ) -> (URLRequest, DownloadTarget) {
        let partial = ResumableDownload.partialFileURL(for: destination)
        let onDisk = FileMover.size(of: partial) ?? 0
        var request = base
        var offset: Int64 = 0
        var state = ResumableDownload(url: url, destination: destination)
        if let stored = ResumableDownload.load(for: destination), stored.url == url, onDisk > 0,
            let validator = stored.validator
        {
            state = stored
            offset = onDisk
            request.setValue("bytes=\(offset)-", forHTTPHeaderField: "Range")
            request.setValue(validator, forHTTPHeaderField: "If-Range")
        }
        let known = state
        let target = DownloadTarget(file: partial, resumeOffset: offset) {
            (response, start) throws(NetworkingError) in
            try known.updated(with: response, offset: start).save()
        }
        return (request, target)
    }

    /// A `416` for a resume from the end of a complete partial file (the process stopped between
    /// the last byte and the move): finishes the download.
    private func alreadyComplete(
        _ error: NetworkingError, offset: Int64, destination: URL
    ) throws(NetworkingError) -> DownloadedFile? {
        guard case .http(let failure) = error, failure.statusCode == 416, offset > 0,
            let length = failure.metadata.header("Content-Range").flatMap(ContentRange.unsatisfiedLength),
            length == offset
        else { return nil }
        try FileMover.replace(destination, with: ResumableDownload.partialFileURL(for: destination))
        try? FileManager.default.removeItem(at: ResumableDownload.stateFileURL(for: destination))
        return DownloadedFile(
            url: destination, statusCode: 416, headers: failure.metadata.headers, byteCount: length,
            resumedFrom: length)
    }

    /// Forgets the stored state so the next attempt downloads from the start.
    private static func startOver(_ destination: URL) {
        try? FileManager.default.removeItem(at: ResumableDownload.stateFileURL(for: destination))
    }

    /// Records the partial file's size in the state (best effort).
    private static func recordProgress(_ destination: URL) {
        guard var state = ResumableDownload.load(for: destination) else { return }
        state.bytesOnDisk = FileMover.size(of: ResumableDownload.partialFileURL(for: destination)) ?? 0
        try? state.save()
    }
}
