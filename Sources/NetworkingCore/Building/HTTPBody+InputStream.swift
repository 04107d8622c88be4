import Foundation
import Synchronization

extension HTTPBody {
    /// The body an `InputStream` on a `URLRequest` stands for: its bytes, read once.
    init(_ stream: InputStream) {
        self.init(InputStreamChunks(stream: stream), length: nil, iterationBehavior: .single)
    }

    /// This body, reporting the bytes read from it (as the transport sends them) to `progress`. A
    /// file stays a file (`fileProgress`), so that a transport still sends it from disk.
    func reportingProgress(to progress: ProgressReporter) -> HTTPBody {
        if fileURL != nil {
            var body = self
            body.fileProgress = progress
            return body
        }
        let total = length
        var counted = HTTPBody(
            CountedChunks(body: self, total: total, progress: progress), length: total,
            iterationBehavior: iterationBehavior)
        counted.trailers = trailers
        counted.interimResponses = interimResponses
        return counted
    }
}

/// The chunks of an `InputStream`, read once, on a thread of their own: a stream's reads may
/// block (a bound pair's do until its writer writes), and no thread of Swift's cooperative pool
/// may block in a system call. The reader stays at most `aheadLimit` chunks ahead of the consumer.
private struct InputStreamChunks: AsyncSequence, Sendable {
    static let aheadLimit = 4

    let reader: InputStreamReader

    init(stream: InputStream) { reader = InputStreamReader(stream) }

    func makeAsyncIterator() -> Iterator {
        let (chunks, room) = reader.start()
        return Iterator(chunks: chunks.makeAsyncIterator(), room: room)
    }

    struct Iterator: AsyncIteratorProtocol {
        var chunks: AsyncThrowingStream<Data, any Error>.AsyncIterator
        let room: DispatchSemaphore

        mutating func next() async throws -> Data? {
            let chunk = try await chunks.next()
            if chunk != nil { room.signal() }  // one more chunk may be read ahead
            return chunk
        }
    }
}

/// Reads one `InputStream` on a thread of its own, once.
// @unchecked: `stream` is not Sendable, and only the one thread `start()` runs ever touches it
// (`started` lets `start()` run it once); nothing else reads or writes it after `init`.
private final class InputStreamReader: @unchecked Sendable {
    private let stream: InputStream
    private let started = Atomic<Bool>(false)

    init(_ stream: InputStream) { self.stream = stream }

    /// The chunks, and the semaphore the consumer signals for each chunk it took.
    func start() -> (AsyncThrowingStream<Data, any Error>, DispatchSemaphore) {
        let (chunks, continuation) = AsyncThrowingStream<Data, any Error>.makeStream()
        let room = DispatchSemaphore(value: InputStreamChunks.aheadLimit)
        guard !started.exchange(true, ordering: .acquiringAndReleasing) else {
            continuation.finish(throwing: HTTPBody.alreadySentError)
            return (chunks, room)
        }
        let stopped = SharedFlag()
        continuation.onTermination = { _ in
            stopped.flag.store(true, ordering: .releasing)
            room.signal()  // a reader waiting for room sees the end
        }
        Thread { [self] in read(into: continuation, room: room, stopped: stopped) }.start()
        return (chunks, room)
    }

    private func read(
        into continuation: AsyncThrowingStream<Data, any Error>.Continuation, room: DispatchSemaphore,
        stopped: SharedFlag
    ) {
        stream.open()
        defer { stream.close() }
        var buffer = [UInt8](repeating: 0, count: HTTPBody.fileChunkSize)
        while true {
            room.wait()
            if stopped.flag.load(ordering: .acquiring) { return }
            let count = stream.read(&buffer, maxLength: buffer.count)
            if count < 0 {
                continuation.finish(
                    throwing: stream.streamError ?? NetworkingError.invalidRequest("the body stream failed"))
                return
            }
            guard count > 0 else {
                continuation.finish()
                return
            }
            continuation.yield(Data(buffer[..<count]))
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
