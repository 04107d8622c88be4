import Foundation

/// A file's bytes delivered as a `ResponseBodyStream`, at the pace of its reader, and the file
/// removed once they have been (or once the reader stopped).
///
/// The pace comes from the stream's `onDrain`, called each time the reader has taken a chunk: one
/// chunk is read ahead, and the next only once the reader has taken it. Memory holds at most one
/// chunk whatever the file's size, and a slow reader never overflows the stream's buffer. The
/// reads run on a serial dispatch queue of the replay's own, never on the reader's task, so no
/// thread of the cooperative pool blocks in `read`, and none waits or polls for the reader: the
/// reader's own `next()` asks for the next chunk. Each chunk read is handed over as it is, with no
/// copy.
///
/// The replay ends at the end of the file, at a read error (which the reader gets after the
/// chunks before it), or when the reader cancels or drops the stream; the file is closed and
/// removed then, and `onEnd` learns how many bytes were read.
package final class FileBodyReplay: @unchecked Sendable {
    // @unchecked: `handle`, `continuation` and `bytesRead` are touched only on `queue`.
    private let file: URL
    private let chunkSize: Int
    private let onEnd: (@Sendable (_ bytesRead: Int64) -> Void)?
    private let queue = DispatchQueue(label: "Networking.FileBodyReplay")
    private var handle: FileHandle?
    /// The producer's side until the replay ends; dropped then, which also ends the cycle between
    /// the stream's storage (holding `onDrain`, which holds this replay) and this replay.
    private var continuation: ResponseBodyStream.Continuation?
    private var bytesRead: Int64 = 0

    /// The default chunk: 1 MiB.
    package static let defaultChunkSize = 1 << 20

    private init(file: URL, chunkSize: Int, onEnd: (@Sendable (Int64) -> Void)?) {
        self.file = file
        self.chunkSize = chunkSize
        self.onEnd = onEnd
    }

    /// A stream of the bytes of `file`, read `chunkSize` bytes at a time (at least one) as the
    /// reader takes them; `file` is removed when the replay ends, after which `onEnd` is called
    /// with the number of bytes read. A file that cannot be opened or read ends the stream with
    /// `.transport(URLError(.cannotOpenFile))` naming it.
    package static func stream(
        of file: URL, chunkSize: Int = defaultChunkSize, onEnd: (@Sendable (_ bytesRead: Int64) -> Void)? = nil
    ) -> ResponseBodyStream {
        let replay = FileBodyReplay(file: file, chunkSize: max(1, chunkSize), onEnd: onEnd)
        // The buffer holds the one chunk read ahead; pacing keeps it from ever holding more.
        let (stream, continuation) = ResponseBodyStream.makeStream(
            bufferLimit: replay.chunkSize, onCancel: { replay.queue.async { replay.end(nil) } },
            onDrain: { _ in replay.queue.async { replay.readNext() } })
        replay.queue.async {
            replay.continuation = continuation
            replay.readNext()
        }
        return stream
    }

    /// Reads the next chunk and hands it over, or ends the replay at the end of the file. Runs on
    /// `queue`, once at the start and once for each chunk the reader took.
    private func readNext() {
        guard let continuation else { return }
        let chunk: Data
        do {
            if handle == nil { handle = try FileHandle(forReadingFrom: file) }
            chunk = try handle?.read(upToCount: chunkSize) ?? Data()
        } catch {
            return end(Self.unreadable(file, error))
        }
        guard !chunk.isEmpty else { return end(nil) }
        bytesRead += Int64(chunk.count)
        // `false`: the reader is gone (cancelled, dropped the stream); `onCancel` ends the replay.
        if !continuation.yield(chunk) { end(nil) }
    }

    /// Ends the replay once: finishes the stream (a no-op when the reader is gone), closes and
    /// removes the file. Runs on `queue`.
    private func end(_ error: NetworkingError?) {
        guard let continuation else { return }
        self.continuation = nil
        try? handle?.close()
        handle = nil
        try? FileManager.default.removeItem(at: file)
        continuation.finish(throwing: error)
        onEnd?(bytesRead)
    }

    private static func unreadable(_ file: URL, _ underlying: any Error) -> NetworkingError {
        .transport(
            URLError(
                .cannotOpenFile,
                userInfo: [
                    NSLocalizedDescriptionKey: "Cannot read the response body from '\(file.path)'",
                    NSURLErrorFailingURLErrorKey: file, NSUnderlyingErrorKey: underlying,
                ]))
    }
}
