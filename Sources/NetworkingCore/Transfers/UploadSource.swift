import Foundation

/// What a resumable upload sends: a file, bytes in memory, or a body produced as it is sent, and
/// the body that continues it from an offset.
///
/// A file and bytes can be sent again from any offset; a `.multiple` stream too (it is read from
/// the start and the bytes before the offset skipped); a one-shot (`.single`) stream cannot, so an
/// upload of one is sent once and fails with `notResumableError` when it is interrupted.
package enum UploadSource: Sendable {
    case file(URL)
    case data(Data)
    case stream(HTTPBody)

    /// The length of the whole representation, when known.
    package var length: Int64? {
        switch self {
        case .file(let url): return HTTPBody(fileURL: url).length
        case .data(let data): return Int64(data.count)
        case .stream(let body): return body.length
        }
    }

    /// The file, for an upload of one.
    package var fileURL: URL? {
        if case .file(let url) = self { return url }
        return nil
    }

    /// Whether the upload can be continued from an offset after an interruption.
    package var isResumable: Bool {
        if case .stream(let body) = self { return body.iterationBehavior == .multiple }
        return true
    }

    /// The error of an interrupted upload whose body cannot be sent again.
    package static let notResumableError = NetworkingError.invalidRequest(
        "the upload was interrupted and its body is a one-shot stream, which cannot be sent again, so it cannot be "
            + "resumed: upload a file or bytes in memory to resume it")

    /// The body from byte `offset` to the end.
    package func body(from offset: Int64) throws(NetworkingError) -> HTTPBody {
        switch self {
        case .file(let url):
            guard offset > 0 else { return HTTPBody(fileURL: url) }
            let remaining = (length ?? offset) - offset
            return HTTPBody(
                FileSuffix(url: url, offset: offset), length: max(0, remaining), iterationBehavior: .multiple)
        case .data(let data):
            let start = data.startIndex + Int(clamping: min(offset, Int64(data.count)))
            return HTTPBody(Data(data[start...]))
        case .stream(let body):
            guard offset > 0 else { return body }
            guard body.iterationBehavior == .multiple else { throw Self.notResumableError }
            return HTTPBody(
                SkippedPrefix(body: body, count: offset), length: body.length.map { max(0, $0 - offset) },
                iterationBehavior: .multiple)
        }
    }
}

/// A file's bytes from an offset, in chunks.
private struct FileSuffix: AsyncSequence, Sendable {
    let url: URL
    let offset: Int64

    func makeAsyncIterator() -> Iterator { Iterator(url: url, offset: offset) }

    struct Iterator: AsyncIteratorProtocol {
        let url: URL
        let offset: Int64
        var handle: FileHandle?
        var done = false

        mutating func next() async throws -> Data? {
            guard !done else { return nil }
            do {
                if handle == nil {
                    let opened = try FileHandle(forReadingFrom: url)
                    try opened.seek(toOffset: UInt64(offset))
                    handle = opened
                }
                guard let chunk = try handle?.read(upToCount: HTTPBody.fileChunkSize), !chunk.isEmpty else {
                    try? handle?.close()
                    done = true
                    return nil
                }
                return chunk
            } catch {
                done = true
                try? handle?.close()
                throw NetworkingError.invalidRequest(
                    "the upload file '\(url.path)' could not be read: \(error.localizedDescription)")
            }
        }
    }
}

/// A body's chunks without its first `count` bytes.
private struct SkippedPrefix: AsyncSequence, Sendable {
    let body: HTTPBody
    let count: Int64

    func makeAsyncIterator() -> Iterator { Iterator(base: body.makeAsyncIterator(), toSkip: count) }

    struct Iterator: AsyncIteratorProtocol {
        var base: HTTPBody.Iterator
        var toSkip: Int64

        mutating func next() async throws -> Data? {
            while let chunk = try await base.next() {
                guard toSkip > 0 else { return chunk }
                if Int64(chunk.count) <= toSkip {
                    toSkip -= Int64(chunk.count)
                    continue
                }
                let rest = chunk.dropFirst(Int(toSkip))
                toSkip = 0
                return Data(rest)
            }
            return nil
        }
    }
}
