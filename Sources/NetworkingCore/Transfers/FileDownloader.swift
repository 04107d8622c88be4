import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A download that has been moved into place.
public struct DownloadedFile: Sendable {
    /// Where the file is (the destination asked for).
    public let url: URL
    /// The status of the response that completed it (`200`, `206` for a resumed download, or
    /// `416` when an interrupted download turned out to be complete already).
    public let statusCode: Int
    /// The headers of that response.
    public let headers: HTTPHeaders
    /// The file's size in bytes.
    public let byteCount: Int64
    /// Bytes kept from an earlier, interrupted attempt (0 for a download from scratch).
    public let resumedFrom: Int64

    /// Creates a value.
    package init(url: URL, statusCode: Int, headers: HTTPHeaders, byteCount: Int64, resumedFrom: Int64 = 0) {
        self.url = url
        self.statusCode = statusCode
        self.headers = headers
        self.byteCount = byteCount
        self.resumedFrom = resumedFrom
    }
}

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

/// File operations of downloads.
enum FileMover {
    /// The destination's directory, which must exist.
    static func directory(of destination: URL) throws(NetworkingError) -> URL {
        guard destination.isFileURL else {
            throw .invalidRequest("download destination '\(destination)' is not a file URL")
        }
        let directory = destination.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue
        else { throw .invalidRequest("the directory of the download destination '\(directory.path)' does not exist") }
        return directory
    }

    /// Atomically replaces `destination` with `source` (`rename(2)`: both in one file system).
    static func replace(_ destination: URL, with source: URL) throws(NetworkingError) {
        guard rename(source.path, destination.path) == 0 else {
            let reason = String(cString: strerror(errno))
            throw .transport(
                URLError(
                    .cannotMoveFile,
                    userInfo: [
                        NSLocalizedDescriptionKey: "Cannot move the download to '\(destination.path)': \(reason)",
                        NSURLErrorFailingURLErrorKey: destination,
                    ]))
        }
    }

    /// The size of a file, or `nil` when it does not exist.
    static func size(of file: URL) -> Int64? {
        (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?.int64Value
    }
}

/// An exclusive advisory lock (`flock`) on a file, held by this process until released or until
/// the process dies (the kernel drops it then, so a killed download never blocks the next one).
final class FileLock {
    private var descriptor: Int32

    /// Opens (creating it if needed) and locks `file`, or throws `.invalidRequest` when another
    /// download holds it.
    init(_ file: URL) throws(NetworkingError) {
        let descriptor = open(file.path, O_RDWR | O_CREAT, 0o644)
        guard descriptor >= 0 else {
            throw FileBodyWriter.fileError(.cannotCreateFile, file, nil)
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            throw .invalidRequest("another download to '\(file.path)' is in progress")
        }
        self.descriptor = descriptor
    }

    /// Releases the lock. Idempotent.
    func release() {
        guard descriptor >= 0 else { return }
        flock(descriptor, LOCK_UN)
        close(descriptor)
        descriptor = -1
    }

    deinit { release() }
}
