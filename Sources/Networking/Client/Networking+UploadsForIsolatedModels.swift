import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// The uploads for models that are not `Sendable` type arguments (a model whose conformance is
// isolated to the caller's actor: in a target whose default isolation is `MainActor`, a model
// declared plainly), as `Networking+VerbsForIsolatedModels.swift` is for the verbs. Swift picks
// these only when the `Decodable & Sendable` uploads of `Networking+Transfers.swift` do not apply.
//
// The body is prepared (a file checked, a multipart body spooled to disk) and sent off the caller,
// with progress and cancellation as for the other transfers; only the response is decoded in the
// caller's isolation, as the model's conformance requires.

extension Networking {
    /// Uploads a file as the request body (streamed from disk with a `Content-Length`), reporting
    /// upload progress, and decodes the response in the caller's isolation.
    public nonisolated(nonsending) func upload<T: Decodable>(
        _ path: String, fileURL: URL, contentType: String, method: HTTPMethod = .post,
        progress: ProgressReporter? = nil
    ) async -> Result<T, NetworkingError> {
        await uploadHere(path, progress: progress) { () throws(NetworkingError) in
            try .file(path, fileURL: fileURL, contentType: contentType, method: method)
        }
    }

    /// Sends `body` as the request body as it is produced (see `HTTPBody`) and decodes the response
    /// in the caller's isolation. A `.single` body is sent once.
    public nonisolated(nonsending) func upload<T: Decodable>(
        _ path: String, body: HTTPBody, contentType: String, method: HTTPMethod = .post
    ) async -> Result<T, NetworkingError> {
        await uploadHere(path, progress: nil) { () throws(NetworkingError) in
            .stream(path, body: body, contentType: contentType, method: method)
        }
    }

    /// Sends a `multipart/form-data` body built from string fields, in-memory parts and files
    /// (spooled to disk above `spoolThreshold` bytes), reporting upload progress, and decodes the
    /// response in the caller's isolation.
    public nonisolated(nonsending) func upload<T: Decodable>(
        _ path: String, parts: [FormDataPart] = [], files: [FormDataFile] = [], fields: [String: String] = [:],
        method: HTTPMethod = .post, spoolThreshold: Int = MultipartSpooler.defaultThreshold,
        progress: ProgressReporter? = nil
    ) async -> Result<T, NetworkingError> {
        await uploadHere(path, progress: progress) { () throws(NetworkingError) in
            try .multipart(
                path, parts: parts, files: files, fields: fields, method: method, spoolThreshold: spoolThreshold)
        }
    }

    /// Prepares and sends an upload off the caller, registered for cancellation under `path`, and
    /// decodes a 2xx response as `T` in the caller's isolation.
    private nonisolated(nonsending) func uploadHere<T: Decodable>(
        _ path: String, progress: ProgressReporter?,
        prepare: @escaping @Sendable () throws(NetworkingError) -> PreparedUpload
    ) async -> Result<T, NetworkingError> {
        let tracker = TransferProgressTracker(progress)
        defer { tracker.finish() }
        let registration = registry.register(key: path)
        defer { registry.unregister(registration) }
        let pipeline = await currentSnapshot().pipeline
        let decoder = pipeline.decoder
        let sent = await PreparedUpload.send(prepare, on: pipeline, tracker: tracker)
        return PreparedUpload.decoded(sent, tracker: tracker) { (exchange) throws(NetworkingError) -> T in
            try ResponseDecoding.decode(T.self, from: exchange, decoder: decoder)
        }
    }
}
