import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An upload ready to send: its request, the size of its body when known (for the final progress
/// report), and the spool file a multipart body was written to, removed once the request is done.
struct PreparedUpload: Sendable {
    let request: HTTPRequest
    let size: Int64?
    let spoolFile: URL?

    /// A file sent as the body (streamed from disk with a `Content-Length`); `.invalidRequest` for a
    /// path that is not a readable regular file.
    static func file(
        _ path: String, fileURL: URL, contentType: String, method: HTTPMethod
    ) throws(NetworkingError) -> PreparedUpload {
        let attributes = try? FileManager.default.attributesOfItem(atPath: fileURL.path)
        guard fileURL.isFileURL, attributes?[.type] as? FileAttributeType == .typeRegular,
            FileManager.default.isReadableFile(atPath: fileURL.path)
        else {
            throw .invalidRequest("upload file '\(fileURL.path)' is not a readable regular file")
        }
        return PreparedUpload(
            request: HTTPRequest(method: method, path: path, body: .file(fileURL, contentType: contentType)),
            size: (attributes?[.size] as? NSNumber)?.int64Value, spoolFile: nil)
    }

    /// A `multipart/form-data` body, written to a spool file (mode 0600) when larger than
    /// `spoolThreshold` bytes.
    static func multipart(
        _ path: String, parts: [FormDataPart], files: [FormDataFile], fields: [String: String], method: HTTPMethod,
        spoolThreshold: Int
    ) throws(NetworkingError) -> PreparedUpload {
        let output = try MultipartSpooler.encode(parts: parts, files: files, fields: fields, threshold: spoolThreshold)
        return PreparedUpload(
            request: HTTPRequest(method: method, path: path, body: output.body), size: output.size,
            spoolFile: output.spoolFile)
    }

    /// A body sent as it is produced.
    static func stream(_ path: String, body: HTTPBody, contentType: String, method: HTTPMethod) -> PreparedUpload {
        PreparedUpload(
            request: HTTPRequest(method: method, path: path, body: .stream(body, contentType: contentType)), size: nil,
            spoolFile: nil)
    }

    /// Removes the spool file, if there is one.
    func removeSpoolFile() {
        if let spoolFile { try? FileManager.default.removeItem(at: spoolFile) }
    }
}

extension PreparedUpload {
    /// Prepares the upload and sends it on `pipeline` (through its transport, fakes and caches
    /// included), off the caller, reporting the body's bytes to `tracker`; the response is left for
    /// the caller to decode. The spool file, if any, is removed once the request is done.
    @concurrent
    static func send(
        _ prepare: @Sendable () throws(NetworkingError) -> PreparedUpload, on pipeline: Pipeline,
        tracker: TransferProgressTracker
    ) async -> Result<(SentRequest, Int64?), NetworkingError> {
        let upload: PreparedUpload
        do throws(NetworkingError) {
            upload = try prepare()
        } catch {
            return .failure(error)
        }
        defer { upload.removeSpoolFile() }
        return .success((await pipeline.send(upload.request, uploadProgress: tracker.reporter), upload.size))
    }

    /// `send`, with a 2xx response decoded by `decode` off the caller too, and the progress
    /// completed at the body's size.
    @concurrent
    static func send<T: Sendable>(
        _ prepare: @Sendable () throws(NetworkingError) -> PreparedUpload, on pipeline: Pipeline,
        tracker: TransferProgressTracker, decode: (HTTPExchange, JSONDecoder) throws(NetworkingError) -> T
    ) async -> Result<T, NetworkingError> {
        let sent = await send(prepare, on: pipeline, tracker: tracker)
        return decoded(sent, tracker: tracker) { (exchange) throws(NetworkingError) -> T in
            try decode(exchange, pipeline.decoder)
        }
    }

    /// The value `decode` makes of a sent upload's 2xx response, with the progress completed at the
    /// body's size, or why there is none; it runs where it is called (off the caller for `Sendable`
    /// models, in the caller's isolation for the others).
    static func decoded<T>(
        _ sent: Result<(SentRequest, Int64?), NetworkingError>, tracker: TransferProgressTracker,
        decode: (HTTPExchange) throws(NetworkingError) -> T
    ) -> Result<T, NetworkingError> {
        switch sent {
        case .failure(let error):
            return .failure(error)
        case .success(let (request, size)):
            return request.decoded { (exchange) throws(NetworkingError) -> T in
                let value = try decode(exchange)
                tracker.complete(completedBytes: size)
                return value
            }
        }
    }
}
