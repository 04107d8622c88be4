import Foundation

/// An `HTTPBody` carried on a `URLRequest` as its `httpBodyStream`, so that a body streamed from
/// an `AsyncSequence` passes through the interceptors, which see requests as `URLRequest`s.
///
/// The chain's innermost step takes the body off again and hands it to the transport as the
/// `HTTPBody` it is; the stream itself has no bytes to read (reading it fails).
public final class HTTPBodyInputStream: InputStream {
    /// The body.
    public let body: HTTPBody

    /// A stream carrying `body`.
    public init(body: HTTPBody) {
        self.body = body
        super.init(data: Data())
    }

    /// Always fails: the body is read as `body`, not through the stream.
    public override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength len: Int) -> Int { -1 }

    /// Says that the body is read as an `HTTPBody`.
    public override var streamError: (any Error)? {
        NetworkingError.invalidRequest("a streamed request body is read as its HTTPBody, not as an InputStream")
    }
}

extension HTTPBody {
    /// The body an `InputStream` on a `URLRequest` stands for: a file stream's file, a carried
    /// `HTTPBody`, or, for any other stream, its bytes read once.
    init(_ stream: InputStream) {
        if let file = stream as? FileBodyStream {
            self.init(fileURL: file.fileURL)
        } else if let carried = stream as? HTTPBodyInputStream {
            self = carried.body
        } else {
            self.init(InputStreamChunks(stream: stream), length: nil, iterationBehavior: .single)
        }
    }

    /// This body, reporting the bytes read from it (as the transport sends them) to `progress`.
    func reportingProgress(to progress: ProgressReporter) -> HTTPBody {
        let total = length
        var counted = HTTPBody(
            CountedChunks(body: self, total: total, progress: progress), length: total,
            iterationBehavior: iterationBehavior)
        counted.trailers = trailers
        return counted
    }
}

/// The chunks of an `InputStream`, read once.
private struct InputStreamChunks: AsyncSequence, @unchecked Sendable {
    // @unchecked: the stream is read by one iterator only (the body is one-shot).
    let stream: InputStream

    func makeAsyncIterator() -> Iterator { Iterator(stream: stream) }

    struct Iterator: AsyncIteratorProtocol {
        let stream: InputStream
        var opened = false

        mutating func next() async throws -> Data? {
            if !opened {
                stream.open()
                opened = true
            }
            var buffer = [UInt8](repeating: 0, count: HTTPBody.fileChunkSize)
            let count = stream.read(&buffer, maxLength: buffer.count)
            if count < 0 { throw stream.streamError ?? NetworkingError.invalidRequest("the body stream failed") }
            guard count > 0 else {
                stream.close()
                return nil
            }
            return Data(buffer[..<count])
        }
    }
}

/// A body's chunks, counted into a progress reporter as they are read.
private struct CountedChunks: AsyncSequence, Sendable {
    let body: HTTPBody
    let total: Int64?
    let progress: ProgressReporter

    func makeAsyncIterator() -> Iterator { Iterator(base: body.makeAsyncIterator(), total: total, progress: progress) }

    struct Iterator: AsyncIteratorProtocol {
        var base: HTTPBody.Iterator
        let total: Int64?
        let progress: ProgressReporter
        var sent: Int64 = 0

        mutating func next() async throws -> Data? {
            guard let chunk = try await base.next() else { return nil }
            sent += Int64(chunk.count)
            progress.report(TransferProgress(completedBytes: sent, totalBytes: total))
            return chunk
        }
    }
}
