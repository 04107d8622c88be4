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
