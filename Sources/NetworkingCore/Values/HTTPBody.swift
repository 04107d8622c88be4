import Foundation
import Synchronization

/// A request body as a transport sends it: bytes, a file, or an `AsyncSequence` of byte chunks,
/// with its length when it is known and whether it can be sent again.
///
/// Retries, 307/308 redirects and credential replays ask `canBeSentAgain` before resending; a
/// one-shot stream is sent at most once, and a second attempt fails with a typed
/// `.invalidRequest` saying why. Read it with `for try await chunk in body`, or `collect(upTo:)`;
/// a transport that can send bytes or a file more cheaply reads `data` or `fileURL` instead.
///
/// ```swift
/// let chunks = AsyncStream<Data> { continuation in
///     continuation.yield(Data("hello, ".utf8))
///     continuation.yield(Data("world".utf8))
///     continuation.finish()
/// }
/// let body = HTTPBody(chunks, length: nil, iterationBehavior: .single)
/// ```
public struct HTTPBody: Sendable {
    /// Whether a body can be read more than once.
    public enum IterationBehavior: Sendable, Hashable {
        /// Once only: a stream produced as it is sent.
        case single
        /// Any number of times: bytes, a file, or a sequence that starts afresh on every iteration.
        case multiple
    }

    /// The body's forms.
    private enum Form: Sendable {
        case bytes(Data)
        case file(URL)
        case sequence(@Sendable () -> AsyncThrowingStream<Data, any Error>)
    }

    private let form: Form
    /// The body's length in bytes, when known before sending (a stream's may not be).
    public let length: Int64?
    /// Whether the body can be read more than once.
    public let iterationBehavior: IterationBehavior
    /// Fields sent after the body, once it has ended (HTTP/1.1 chunked trailers); `nil` for none.
    /// Called after the last chunk was read, so it may report what reading computed (a checksum).
    public var trailers: (@Sendable () async -> HTTPHeaders)?
    /// Set when a one-shot body starts being sent; `nil` for a body that can be sent again.
    private let started: SharedFlag?
    /// Told the bytes of a file body as they are read for sending (upload progress), when set. A
    /// transport that sends the file without iterating the body (from its descriptor, or as an
    /// upload from the file) reports to it itself, so that the file stays a file on its way.
    package var fileProgress: ProgressReporter?
    /// Told each interim (1xx) response head that arrives while this body is being sent, when
    /// set: how a resumable upload learns its upload resource from a `104 (Upload Resumption
    /// Supported)`. Called on the transport's thread, so it only records what it needs; a
    /// transport that does not see interim responses (URLSession hides them) never calls it.
    package var interimResponses: (@Sendable (ResponseHead) -> Void)?

    /// A body of bytes held in memory.
    public init(_ data: Data) {
        form = .bytes(data)
        length = Int64(data.count)
        iterationBehavior = .multiple
        started = nil
    }

    /// A body read from a file, afresh for every attempt. Its length is the file's size.
    public init(fileURL: URL) {
        form = .file(fileURL)
        let size = try? FileManager.default.attributesOfItem(atPath: fileURL.path)[.size] as? NSNumber
        length = size.map { $0.int64Value }
        iterationBehavior = .multiple
        started = nil
    }

    /// A body produced by an asynchronous sequence of byte chunks.
    ///
    /// - Parameters:
    ///   - sequence: the chunks; an error it throws fails the request.
    ///   - length: the total length, when known (it is then sent as `Content-Length` instead of
    ///     chunked encoding, and the sequence must produce exactly that many bytes).
    ///   - iterationBehavior: `.multiple` only when iterating `sequence` again produces the same
    ///     bytes from the start.
    public init<Chunks: AsyncSequence & Sendable>(
        _ sequence: Chunks, length: Int64?, iterationBehavior: IterationBehavior
    ) where Chunks.Element == Data {
        form = .sequence {
            AsyncThrowingStream { continuation in
                let task = Task {
                    do {
                        for try await chunk in sequence { continuation.yield(chunk) }
                        continuation.finish()
                    } catch {
                        continuation.finish(throwing: error)
                    }
                }
                continuation.onTermination = { _ in task.cancel() }
            }
        }
        self.length = length
        self.iterationBehavior = iterationBehavior
        started = iterationBehavior == .single ? SharedFlag() : nil
    }

    /// The bytes, for a body held in memory; `nil` for a file or a stream.
    public var data: Data? {
        if case .bytes(let data) = form { return data }
        return nil
    }

    /// The file, for a body read from one; `nil` otherwise.
    public var fileURL: URL? {
        if case .file(let url) = form { return url }
        return nil
    }

    /// Whether the body can be sent (again): always for bytes and files and `.multiple` streams;
    /// for a `.single` stream, only until it starts being read.
    package var canBeSentAgain: Bool {
        guard let started else { return true }
        return !started.flag.load(ordering: .acquiring)
    }

    /// Marks a one-shot body as being sent: `false` if it was already (it cannot be sent again).
    package func claim() -> Bool {
        guard let started else { return true }
        return !started.flag.exchange(true, ordering: .acquiringAndReleasing)
    }

    /// The error a second attempt at sending a one-shot body fails with.
    public static var alreadySentError: NetworkingError {
        .invalidRequest(
            "the request body is a one-shot stream that was already sent, so the request cannot be sent again")
    }

    /// Reads the whole body into memory; more than `limit` bytes throws `.invalidRequest`.
    public func collect(upTo limit: Int) async throws(NetworkingError) -> Data {
        if let data {
            guard data.count <= limit else {
                throw .invalidRequest("the request body is larger than the limit of \(limit) bytes")
            }
            return data
        }
        var collected = Data()
        for try await chunk in self {
            guard collected.count + chunk.count <= limit else {
                throw .invalidRequest("the request body is larger than the limit of \(limit) bytes")
            }
            collected.append(chunk)
        }
        return collected
    }
}

extension HTTPBody: AsyncSequence {
    /// The size of the chunks a file is read in.
    static let fileChunkSize = 64 * 1024

    /// Returns an iterator over the body's chunks, from the start.
    public func makeAsyncIterator() -> Iterator {
        switch form {
        case .bytes(let data): return Iterator(source: .bytes(data.isEmpty ? nil : data))
        case .file(let url):
            var iterator = Iterator(source: .file(url, nil))
            iterator.progress = fileProgress.map { ($0, length) }
            return iterator
        case .sequence(let make): return Iterator(source: .sequence(make().makeAsyncIterator()))
        }
    }

    /// Reads a body's chunks in order.
    public struct Iterator: AsyncIteratorProtocol {
        fileprivate enum Source {
            case bytes(Data?)
            case file(URL, FileHandle?)
            case sequence(AsyncThrowingStream<Data, any Error>.AsyncIterator)
            case done
        }

        fileprivate var source: Source
        /// Where a file's bytes read so far are reported, with the file's length.
        fileprivate var progress: (reporter: ProgressReporter, total: Int64?)?
        /// The bytes of the file read so far.
        fileprivate var read: Int64 = 0

        /// The next chunk, or `nil` at the end of the body.
        public mutating func next() async throws(NetworkingError) -> Data? {
            try await next(isolation: nil)
        }

        /// The next chunk, or `nil` at the end of the body.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(NetworkingError) -> Data? {
            switch source {
            case .bytes(let data):
                source = .done
                return data
            case .file(let url, let open):
                return try readFile(url, open)
            case .sequence(var iterator):
                do {
                    let chunk = try await iterator.next(isolation: actor)
                    source = chunk == nil ? .done : .sequence(iterator)
                    return chunk
                } catch {
                    source = .done
                    throw NetworkingError(error)
                }
            case .done:
                return nil
            }
        }

        private mutating func readFile(_ url: URL, _ open: FileHandle?) throws(NetworkingError) -> Data? {
            do {
                let handle = try open ?? FileHandle(forReadingFrom: url)
                guard let chunk = try handle.read(upToCount: HTTPBody.fileChunkSize), !chunk.isEmpty else {
                    try? handle.close()
                    source = .done
                    return nil
                }
                source = .file(url, handle)
                if let progress {
                    read += Int64(chunk.count)
                    progress.reporter.report(TransferProgress(completedBytes: read, totalBytes: progress.total))
                }
                return chunk
            } catch {
                source = .done
                throw .invalidRequest("the body file '\(url.path)' could not be read: \(error.localizedDescription)")
            }
        }
    }
}

/// A flag shared by the values and closures that hold it (whether a one-shot body has started
/// being sent; whether a body's reader was stopped).
final class SharedFlag: Sendable {
    let flag = Atomic<Bool>(false)
}
