import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Uploads that survive dropped connections and process restarts, with the resumable uploads of
/// draft-ietf-httpbis-resumable-upload (interop versions 8 and 9).
///
/// An upload is sent whole, announcing that it can be resumed. A server that supports the
/// protocol names an upload resource in a `104 (Upload Resumption Supported)` before its answer;
/// when the connection drops or the server fails with a 5xx, the manager asks the upload
/// resource for the server's offset (`HEAD`) and sends the rest from there (`PATCH`), with the
/// backoff of `RetryInterceptor` between attempts. A server without support just answers: that
/// is a plain upload. The state of a file's upload (see ``ResumableUpload``) is kept in
/// `name.upload.json` beside the file, so uploading the same file to the same URL again, in this
/// process or after a crash or a restart, continues it.
///
/// Linux has no system upload service, and URLSession resumes uploads only on iOS 17 and later:
/// this manager works wherever the library does. The upload resource is learned from the `104`,
/// which `CurlTransport` (the default on Linux) reports; over a transport that hides interim
/// responses (URLSession), an upload resumes only when the manager `createsUploadFirst`.
///
/// ```swift
/// let uploads = UploadManager(networking: networking)
/// let result = await uploads.upload("/videos", fileURL: video, contentType: "video/mp4")
/// ```
public actor UploadManager {
    /// The client uploads go through (its headers, interceptors and observers apply).
    package nonisolated let networking: Networking
    /// Requests that carry the body (the first one and each resumption), at most, per call.
    package nonisolated let maxAttempts: Int
    /// The interop version announced to servers.
    package nonisolated let interopVersion: ResumableUpload.InteropVersion
    /// Whether uploads are created by a request without content before any byte is sent.
    package nonisolated let createsUploadFirst: Bool

    private var running: [String: Task<Result<DataResponse, NetworkingError>, Never>] = [:]

    /// Creates a manager uploading through `networking`.
    ///
    /// - Parameters:
    ///   - networking: the client uploads go through.
    ///   - maxAttempts: requests that carry the body per call, the first included: 5 by default,
    ///     so that an upload survives four interruptions in a row; the first resumption starts at
    ///     once, the later ones after `RetryInterceptor`'s default backoff.
    ///   - interopVersion: the version of the draft announced. `.interop8` by default, since it
    ///     is what URLSession sends on iOS 26 and macOS 26, so the servers built for those clients
    ///     speak it; a server that speaks another version treats the upload as a plain one.
    ///   - createsUploadFirst: whether each upload starts with a request without content
    ///     (`Upload-Complete: ?0`) whose answer names the upload resource, before any byte is sent.
    ///     `false` by default: the resource is learned from the `104` of the request that carries the
    ///     body, which costs no round trip and leaves a server without support a plain upload. Set it
    ///     for a transport that hides interim responses (`URLSessionTransport`), and only for a server
    ///     known to support the protocol: one that does not takes the empty request as the whole upload.
    public init(
        networking: Networking, maxAttempts: Int = 5, interopVersion: ResumableUpload.InteropVersion = .interop8,
        createsUploadFirst: Bool = false
    ) {
        self.networking = networking
        self.maxAttempts = max(1, maxAttempts)
        self.interopVersion = interopVersion
        self.createsUploadFirst = createsUploadFirst
    }

    /// Uploads a file with `method` to `path` (relative to the base URL, or absolute) and returns
    /// the server's answer, continuing an interrupted upload of the same file to the same URL.
    ///
    /// A status outside 2xx is `.http`. An offset from the server that would corrupt the upload
    /// (behind what it acknowledged, beyond what was sent) is `.validation`, and the upload is
    /// cancelled on the server. A cancelled or failed call keeps the state for the next call;
    /// ``cancel(_:)`` ends the upload on the server. Two uploads of one file at once fail with
    /// `.invalidRequest`.
    public func upload(
        _ path: String, fileURL: URL, contentType: String, method: HTTPMethod = .post,
        headers: [String: String] = [:], progress: ProgressReporter? = nil
    ) async -> Result<DataResponse, NetworkingError> {
        let attributes = try? FileManager.default.attributesOfItem(atPath: fileURL.path)
        guard fileURL.isFileURL, attributes?[.type] as? FileAttributeType == .typeRegular,
            FileManager.default.isReadableFile(atPath: fileURL.path)
        else {
            TransferProgressTracker(progress).finish()
            return .failure(.invalidRequest("upload file '\(fileURL.path)' is not a readable regular file"))
        }
        let request = HTTPRequest(method: method, path: path, headers: Networking.transferHeaders(headers))
        let target = try? URLComposer.compose(baseURL: networking.baseURL, path: path)
        let size = (attributes?[.size] as? NSNumber)?.int64Value
        var earlier = ResumableUpload.load(for: fileURL)
        if let stored = earlier, stored.url != target || stored.method != method.rawValue || stored.totalBytes != size {
            ResumableUpload.discard(for: fileURL)
            earlier = nil
        }
        let upload = ResumableUploader.Upload(
            request: request, source: .file(fileURL), contentType: contentType, resuming: earlier,
            stateChanged: Self.persisting(fileURL))
        return await run(upload, key: fileURL.standardizedFileURL.path, path: path, progress: progress)
    }

    /// Uploads bytes held in memory with `method` to `path` and returns the server's answer; an
    /// interrupted upload resumes within the call (nothing is kept on disk).
    public func upload(
        _ path: String, data: Data, contentType: String, method: HTTPMethod = .post,
        headers: [String: String] = [:], progress: ProgressReporter? = nil
    ) async -> Result<DataResponse, NetworkingError> {
        let request = HTTPRequest(method: method, path: path, headers: Networking.transferHeaders(headers))
        let upload = ResumableUploader.Upload(request: request, source: .data(data), contentType: contentType)
        return await run(upload, key: nil, path: path, progress: progress)
    }

    /// Uploads a body produced as it is sent. A `.multiple` body resumes within the call (read
    /// again from the start, the bytes the server has skipped); a one-shot (`.single`) body
    /// cannot be sent again, so an interrupted upload of one fails with `.invalidRequest` saying
    /// so, and is cancelled on the server.
    public func upload(
        _ path: String, body: HTTPBody, contentType: String, method: HTTPMethod = .post,
        headers: [String: String] = [:], progress: ProgressReporter? = nil
    ) async -> Result<DataResponse, NetworkingError> {
        let request = HTTPRequest(method: method, path: path, headers: Networking.transferHeaders(headers))
        let upload = ResumableUploader.Upload(request: request, source: .stream(body), contentType: contentType)
        return await run(upload, key: nil, path: path, progress: progress)
    }

    /// Continues an interrupted upload found with ``pendingUploads(in:)``.
    public func resume(
        _ upload: ResumableUpload, progress: ProgressReporter? = nil
    ) async -> Result<DataResponse, NetworkingError> {
        guard let fileURL = upload.fileURL else {
            TransferProgressTracker(progress).finish()
            return .failure(.invalidRequest("an upload of bytes in memory cannot be resumed by another call"))
        }
        let request = HTTPRequest(method: HTTPMethod(rawValue: upload.method), path: upload.url.absoluteString)
        let resumed = ResumableUploader.Upload(
            request: request, source: .file(fileURL), contentType: "application/octet-stream", resuming: upload,
            stateChanged: Self.persisting(fileURL))
        return await run(
            resumed, key: fileURL.standardizedFileURL.path, path: upload.url.absoluteString, progress: progress)
    }

    /// Ends the upload of `fileURL`: stops it if it is running, then cancels it on the server
    /// (`DELETE` of its upload resource) and removes its state.
    public func cancel(_ fileURL: URL) async {
        let key = fileURL.standardizedFileURL.path
        if let task = running[key] {
            task.cancel()
            _ = await task.value
        }
        guard let state = ResumableUpload.load(for: fileURL) else { return }
        await uploader(await networking.pipeline()).cancel(state)
        ResumableUpload.discard(for: fileURL)
    }

    /// The files whose uploads are running now.
    package var activeUploads: [URL] { running.keys.sorted().map { URL(fileURLWithPath: $0) } }

    /// The interrupted uploads of files in `directory`.
    public nonisolated func pendingUploads(in directory: URL) -> [ResumableUpload] {
        ResumableUpload.pending(in: directory)
    }

    /// Forgets the interrupted upload of `fileURL` (its state), without telling the server.
    public nonisolated func discard(_ fileURL: URL) {
        ResumableUpload.discard(for: fileURL)
    }

    // MARK: - Internals

    /// The uploader over `pipeline`, with this manager's attempts and `RetryInterceptor`'s backoff.
    private nonisolated func uploader(_ pipeline: Pipeline) -> ResumableUploader {
        let retry = RetryInterceptor(maxAttempts: maxAttempts)
        return ResumableUploader(
            pipeline: pipeline, interopVersion: interopVersion, maxAttempts: maxAttempts,
            createsUploadFirst: createsUploadFirst, delay: { retry.backoff(beforeRetry: $0) })
    }

    /// Writes each state of a file's upload beside it (best effort: an upload whose state cannot
    /// be written still resumes within the call), and removes it when the upload is over.
    private static func persisting(_ fileURL: URL) -> @Sendable (ResumableUpload?) -> Void {
        { state in
            guard let state else { return ResumableUpload.discard(for: fileURL) }
            try? state.save()
        }
    }

    /// Runs `upload` off the actor, registered for `cancelAllRequests()` under `path` and, for a
    /// file, under `key` so that one file is uploaded once at a time.
    private func run(
        _ upload: ResumableUploader.Upload, key: String?, path: String, progress: ProgressReporter?
    ) async -> Result<DataResponse, NetworkingError> {
        let pipeline = await networking.pipeline()
        // No suspension from here to `running[key] = task`, so two calls cannot both pass the check.
        if let key, running[key] != nil {
            TransferProgressTracker(progress).finish()
            return .failure(.invalidRequest("an upload of '\(key)' is already in progress"))
        }
        let uploader = uploader(pipeline)
        let registry = networking.registry
        let task = Task<Result<DataResponse, NetworkingError>, Never> {
            await registry.run(key: path) {
                do throws(NetworkingError) {
                    return .success(DataResponse(try await uploader.send(upload, progress: progress)))
                } catch {
                    return .failure(error)
                }
            }
        }
        if let key { running[key] = task }
        let result = await withTaskCancellationHandler {
            await task.value
        } onCancel: {
            task.cancel()
        }
        if let key { running[key] = nil }
        return result
    }
}
