import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Writes one response body to a `DownloadTarget`: decides from the response whether the body
/// goes to the file and from which offset, writes chunks as they arrive, and reports progress.
///
/// Transports feed it from their receive callbacks: `begin(_:)` once with the response, then
/// `write(_:)` for every chunk when `begin` returned `true`, then `close()`. Calls must not
/// overlap (a transport's callbacks for one transfer are serial).
package final class FileBodyWriter: Sendable {
    /// The most bytes of a non-2xx body a download keeps in memory by default: 16 MiB.
    package static let defaultMaxInMemoryBody = 16 * 1024 * 1024

    /// Chunks are gathered up to this size before a `write(2)`: fewer system calls on the
    /// transport's callback thread, which on Linux cannot slow the network down (see `write`).
    static let writeBufferSize = 256 * 1024

    private struct State {
        var handle: FileHandle?
        var pending = Data()
        var writing = false
        var startOffset: Int64 = 0
        var written: Int64 = 0
        var total: Int64?
    }

    private let target: DownloadTarget
    private let progress: ProgressReporter?
    private let state = Mutex(State())

    /// Creates a writer for one response.
    package init(target: DownloadTarget, progress: ProgressReporter?) {
        self.target = target
        self.progress = progress
    }

    /// Whether the body goes to the file.
    package var isWriting: Bool { state.withLock { $0.writing } }

    /// Bytes written so far.
    package var bytesWritten: Int64 { state.withLock { $0.written } }

    /// The offset writing started at.
    package var startOffset: Int64 { state.withLock { $0.startOffset } }

    /// Looks at the response: returns `true` and opens the file when the body is to be written
    /// (a 2xx response), `false` when the caller keeps the body in memory.
    ///
    /// A `206` whose `Content-Range` does not start at the target's resume offset is rejected
    /// with `.invalidResponse`; so is a resume offset beyond the end of the file.
    package func begin(_ response: HTTPURLResponse) throws(NetworkingError) -> Bool {
        guard (200..<300).contains(response.statusCode) else { return false }
        let expected = response.expectedContentLength >= 0 ? response.expectedContentLength : nil
        var start: Int64 = 0
        var total = expected
        if response.statusCode == 206 {
            guard let range = response.value(forHTTPHeaderField: "Content-Range").flatMap(ContentRange.init),
                range.first == target.resumeOffset
            else { throw .invalidResponse }
            start = range.first
            total = range.completeLength ?? expected.map { start + $0 }
        }
        try target.willWrite?(response, start)
        let handle = try Self.open(target.file, at: start)
        state.withLock { state in
            state.handle = handle
            state.writing = true
            state.startOffset = start
            state.total = total
        }
        progress?.report(TransferProgress(completedBytes: start, totalBytes: total))
        return true
    }

    /// Appends a chunk; a write error (disk full, file removed) throws `.transport` with
    /// `URLError(.cannotWriteToFile)`. With a progress reporter each chunk is written before its
    /// progress is reported; without one, chunks are written in batches of `writeBufferSize`
    /// bytes. `close()` writes the rest, so after a failure the file still holds every byte
    /// received.
    package func write(_ data: Data) throws(NetworkingError) {
        let file = target.file
        let value = try state.withLock { state throws(NetworkingError) -> TransferProgress in
            guard let handle = state.handle else { throw .invalidRequest("the download file is not open") }
            // Reported bytes are in the file: a process killed after a report resumes from at
            // least there. Without a reporter, small chunks are gathered into fewer writes; a
            // chunk that needs no gathering goes to the file as it is, without a copy.
            if state.pending.isEmpty, progress != nil || data.count >= Self.writeBufferSize {
                do {
                    try handle.write(contentsOf: data)
                } catch {
                    state.pending = data  // for `close()` to try once more, as after a failed flush
                    throw Self.fileError(.cannotWriteToFile, file, error)
                }
            } else {
                state.pending.append(data)
                if progress != nil || state.pending.count >= Self.writeBufferSize { try Self.flush(&state, file) }
            }
            state.written += Int64(data.count)
            return TransferProgress(completedBytes: state.startOffset + state.written, totalBytes: state.total)
        }
        progress?.report(value)
    }

    /// Writes the pending chunks and closes the file. Idempotent; a write error here is
    /// ignored (the transfer's own outcome is what the caller sees; a short file only means a
    /// resumed download starts earlier).
    package func close() {
        let file = target.file
        let handle = state.withLock { state -> FileHandle? in
            try? Self.flush(&state, file)
            defer { state.handle = nil }
            return state.handle
        }
        try? handle?.close()
    }

    private static func flush(_ state: inout State, _ file: URL) throws(NetworkingError) {
        guard let handle = state.handle, !state.pending.isEmpty else { return }
        do {
            try handle.write(contentsOf: state.pending)
        } catch {
            throw fileError(.cannotWriteToFile, file, error)
        }
        state.pending.removeAll(keepingCapacity: true)
    }

    /// The outcome of this response.
    package func outcome(
        request: URLRequest, head: ResponseHead, body: Data, metrics: TransactionMetrics?
    ) -> FileDownloadExchange {
        let (writing, start, written) = state.withLock { ($0.writing, $0.startOffset, $0.written) }
        return FileDownloadExchange(
            request: request, head: head, body: writing ? Data() : body, wroteFile: writing,
            startOffset: start, bytesWritten: written, metrics: metrics)
    }

    private static func open(_ file: URL, at offset: Int64) throws(NetworkingError) -> FileHandle {
        let manager = FileManager.default
        if !manager.fileExists(atPath: file.path) {
            guard manager.createFile(atPath: file.path, contents: nil) else {
                throw fileError(.cannotCreateFile, file, nil)
            }
        }
        let handle: FileHandle
        do {
            handle = try FileHandle(forWritingTo: file)
        } catch {
            throw fileError(.cannotOpenFile, file, error)
        }
        do {
            let size = try handle.seekToEnd()
            guard UInt64(offset) <= size else {
                try? handle.close()
                throw NetworkingError.invalidRequest(
                    "cannot resume at byte \(offset): '\(file.lastPathComponent)' has only \(size) bytes")
            }
            try handle.truncate(atOffset: UInt64(offset))
            try handle.seek(toOffset: UInt64(offset))
        } catch let error as NetworkingError {
            throw error
        } catch {
            try? handle.close()
            throw fileError(.cannotWriteToFile, file, error)
        }
        return handle
    }

    static func fileError(_ code: URLError.Code, _ file: URL, _ underlying: (any Error)?) -> NetworkingError {
        var info: [String: Any] = [
            NSLocalizedDescriptionKey: "Cannot write the download to '\(file.path)'",
            NSURLErrorFailingURLErrorKey: file,
        ]
        if let underlying { info[NSUnderlyingErrorKey] = underlying }
        return .transport(URLError(code, userInfo: info))
    }
}
