import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// Transfers with progress: files down and up, multipart bodies spooled to disk, data with
// download progress. Each call goes through the same pipeline as the verbs (default headers,
// interceptors, observers), runs off the actor, and can be cancelled like any request.
//
// Progress goes to a `ProgressReporter` (an `AsyncStream`, a `Foundation.Progress` or a closure):
// monotone, `totalBytes` nil while unknown, ending on success with `completedBytes == totalBytes`;
// the reporter is finished when the call returns, whatever the outcome.
//
// The typed uploads here take `Decodable & Sendable` models and decode them off the caller; for a
// model whose conformance is isolated to the caller's actor, Swift picks those of
// `Networking+UploadsForIsolatedModels.swift`.

extension Networking {
    /// Downloads `GET path` to `destination` with bounded memory.
    ///
    /// The body goes to a hidden temporary file next to `destination` and is moved into place
    /// atomically once complete, replacing any file there; a failed or cancelled download leaves
    /// nothing at `destination` (an existing file stays as it was). For a download that survives
    /// interruptions and restarts, use `DownloadManager`.
    ///
    /// ```swift
    /// let (updates, reporter) = ProgressReporter.makeStream()
    /// async let file = networking.download("/bytes/1048576", to: destination, progress: reporter)
    /// for await update in updates { print(update) }
    /// print(try await file.get().byteCount)
    /// ```
    public func download(
        _ path: String, to destination: URL, query: [URLQueryItem] = [], headers: [String: String] = [:],
        progress: ProgressReporter? = nil
    ) async -> Result<DownloadedFile, NetworkingError> {
        let request = HTTPRequest(method: .get, path: path, query: query, headers: Self.transferHeaders(headers))
        let pipeline = pipeline()
        return await registry.run(key: path) {
            do throws(NetworkingError) {
                return .success(
                    try await FileDownloader(pipeline: pipeline).download(request, to: destination, progress: progress))
            } catch {
                return .failure(error)
            }
        }
    }

    /// Sends `GET path` and decodes the response, reporting download progress.
    public func get<T: Decodable & Sendable>(
        _ path: String, query: [URLQueryItem] = [], progress: ProgressReporter
    ) async -> Result<T, NetworkingError> {
        let request = HTTPRequest(method: .get, path: path, query: query)
        return await transfer(request, download: progress) {
            (exchange, decoder) throws(NetworkingError) -> T in
            try ResponseDecoding.decode(T.self, from: exchange, decoder: decoder)
        }
    }

    /// Uploads a file as the request body (streamed from disk with a `Content-Length`) and
    /// decodes the response, reporting upload progress.
    public func upload<T: Decodable & Sendable>(
        _ path: String, fileURL: URL, contentType: String, method: HTTPMethod = .post,
        progress: ProgressReporter? = nil
    ) async -> Result<T, NetworkingError> {
        await uploadOffCaller(path, progress: progress) { () throws(NetworkingError) in
            try .file(path, fileURL: fileURL, contentType: contentType, method: method)
        } decode: { (exchange, decoder) throws(NetworkingError) -> T in
            try ResponseDecoding.decode(T.self, from: exchange, decoder: decoder)
        }
    }

    /// Sends `body` as the request body as it is produced (an `AsyncSequence` of chunks: see
    /// `HTTPBody`) and decodes the response. A `.single` body is sent once: the request is never
    /// retried, and a 307 or 308 redirect fails rather than resend it.
    public func upload<T: Decodable & Sendable>(
        _ path: String, body: HTTPBody, contentType: String, method: HTTPMethod = .post
    ) async -> Result<T, NetworkingError> {
        await send(method, path, body: .stream(body, contentType: contentType))
    }

    /// Sends `body` as the request body as it is produced and ignores the response body.
    public func upload(
        _ path: String, body: HTTPBody, contentType: String, method: HTTPMethod = .post
    ) async -> Result<Void, NetworkingError> {
        await sendVoid(method, path, body: .stream(body, contentType: contentType))
    }

    /// Uploads a file as the request body and ignores the response body.
    public func upload(
        _ path: String, fileURL: URL, contentType: String, method: HTTPMethod = .post,
        progress: ProgressReporter? = nil
    ) async -> Result<Void, NetworkingError> {
        await uploadOffCaller(path, progress: progress) { () throws(NetworkingError) in
            try .file(path, fileURL: fileURL, contentType: contentType, method: method)
        } decode: { _, _ in
            ()
        }
    }

    /// Sends a `multipart/form-data` body built from string fields, in-memory parts and files,
    /// and decodes the response, reporting upload progress.
    ///
    /// A body larger than `spoolThreshold` bytes is written to a temporary file (mode 0600,
    /// removed afterwards) and streamed from disk, so memory stays bounded whatever the size of
    /// the files.
    public func upload<T: Decodable & Sendable>(
        _ path: String, parts: [FormDataPart] = [], files: [FormDataFile] = [], fields: [String: String] = [:],
        method: HTTPMethod = .post, spoolThreshold: Int = MultipartSpooler.defaultThreshold,
        progress: ProgressReporter? = nil
    ) async -> Result<T, NetworkingError> {
        await uploadOffCaller(path, progress: progress) { () throws(NetworkingError) in
            try .multipart(
                path, parts: parts, files: files, fields: fields, method: method, spoolThreshold: spoolThreshold)
        } decode: { (exchange, decoder) throws(NetworkingError) -> T in
            try ResponseDecoding.decode(T.self, from: exchange, decoder: decoder)
        }
    }

    /// Sends a `multipart/form-data` body built from fields, parts and files, and ignores the
    /// response body.
    public func upload(
        _ path: String, parts: [FormDataPart] = [], files: [FormDataFile] = [], fields: [String: String] = [:],
        method: HTTPMethod = .post, spoolThreshold: Int = MultipartSpooler.defaultThreshold,
        progress: ProgressReporter? = nil
    ) async -> Result<Void, NetworkingError> {
        await uploadOffCaller(path, progress: progress) { () throws(NetworkingError) in
            try .multipart(
                path, parts: parts, files: files, fields: fields, method: method, spoolThreshold: spoolThreshold)
        } decode: { _, _ in
            ()
        }
    }

    // MARK: - Internals

    /// Request headers for a transfer: `Accept: */*` unless the caller set one.
    static func transferHeaders(_ headers: [String: String], accept: String = "*/*") -> HTTPHeaders {
        var result = HTTPHeaders(headers)
        if result["Accept"] == nil { result["Accept"] = accept }
        return result
    }

    /// Prepares and sends an upload off the actor, registered for cancellation under `path`, and
    /// decodes a 2xx response with `decode`, off the actor too.
    private func uploadOffCaller<T: Sendable>(
        _ path: String, progress: ProgressReporter?,
        prepare: @escaping @Sendable () throws(NetworkingError) -> PreparedUpload,
        decode: @escaping @Sendable (HTTPExchange, JSONDecoder) throws(NetworkingError) -> T
    ) async -> Result<T, NetworkingError> {
        let current = requestSnapshot()
        let tracker = TransferProgressTracker(progress)
        defer { tracker.finish() }
        return await registry.run(key: path) {
            await PreparedUpload.send(prepare, on: current.pipeline, tracker: tracker, decode: decode)
        }
    }

    /// Runs a request off the actor, reporting its response body's arrival to `progress`,
    /// registered for cancellation under its path.
    private func transfer<T: Sendable>(
        _ request: HTTPRequest, download progress: ProgressReporter,
        decode: @escaping @Sendable (HTTPExchange, JSONDecoder) throws(NetworkingError) -> T
    ) async -> Result<T, NetworkingError> {
        let pipeline = pipeline()
        let tracker = TransferProgressTracker(progress)
        defer { tracker.finish() }
        return await registry.run(key: request.path) {
            await pipeline.send(request, downloadProgress: tracker.reporter) {
                (exchange) throws(NetworkingError) -> T in
                let value = try decode(exchange, pipeline.decoder)
                tracker.complete(completedBytes: Int64(exchange.body.count))
                return value
            }
        }
    }
}
