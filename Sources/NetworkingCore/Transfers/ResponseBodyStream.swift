import Foundation
import Synchronization

/// A response body delivered as it arrives: an `AsyncSequence` of `Data` chunks with typed errors.
///
/// Memory is bounded: the chunks a slow reader has not taken yet may not exceed the buffer limit
/// (the transport's `maxResponseBodySize`); past it the transfer is cancelled and the reader gets
/// `.transport(URLError(.dataLengthExceedsMaximum))`. The total size of the body is not limited.
/// A transport with back-pressure (`CurlTransport`) pauses its transfer long before that, and
/// resumes it from `makeStream`'s `onDrain` once the reader has caught up.
///
/// One reader at a time. Cancelling the reading task, calling `cancel()`, or dropping every copy
/// of the stream cancels the transfer. `bytes` and `lines` view the same body as bytes or text
/// lines.
public struct ResponseBodyStream: AsyncSequence, Sendable {
    /// How a body ended, as `onTermination` handlers see it.
    package enum Termination: Sendable {
        /// The whole body arrived.
        case finished(byteCount: Int64)
        /// The transfer failed, overflowed the buffer or was cancelled after `byteCount` bytes.
        case failed(NetworkingError, byteCount: Int64)
    }

    private let handle: Handle

    private init(handle: Handle) { self.handle = handle }

    /// A stream and the continuation a transport feeds it through.
    ///
    /// - Parameters:
    ///   - bufferLimit: the most bytes held for a reader that has not taken them yet.
    ///   - onCancel: stops the transfer; called at most once, when the reader cancels, drops the
    ///     stream or falls more than `bufferLimit` behind.
    ///   - onDrain: called on the reader's task each time the reader took a chunk, with the bytes
    ///     still buffered; a transport that paused its transfer (back-pressure) resumes it here.
    public static func makeStream(
        bufferLimit: Int, onCancel: @escaping @Sendable () -> Void = {},
        onDrain: (@Sendable (_ bufferedBytes: Int) -> Void)? = nil
    ) -> (stream: ResponseBodyStream, continuation: Continuation) {
        let storage = Storage(bufferLimit: bufferLimit, onCancel: onCancel, onDrain: onDrain)
        return (ResponseBodyStream(handle: Handle(storage)), Continuation(storage: storage))
    }

    /// A stream holding one complete body (for transports that cannot stream), and its trailers.
    public init(data: Data, trailers: HTTPHeaders = HTTPHeaders()) {
        let storage = Storage(bufferLimit: Int.max, onCancel: {})
        if !data.isEmpty { storage.yield(data) }
        storage.finish(throwing: nil, trailers: trailers)
        self.init(handle: Handle(storage))
    }

    /// Returns an iterator over the body's chunks.
    public func makeAsyncIterator() -> Iterator { Iterator(handle: handle) }

    /// Cancels the transfer; a reader waiting for a chunk gets `.cancelled`.
    public func cancel() { handle.storage.cancel() }

    /// Bytes received from the network so far.
    public var byteCount: Int64 { handle.storage.receivedBytes }

    /// The fields that followed the body (HTTP/1.1 chunked trailers): empty until the body has
    /// ended, and for a body that had none.
    public var trailers: HTTPHeaders { handle.storage.trailers }

    /// Calls `handler` once, when the transfer ends (at once if it has ended already).
    package func onTermination(_ handler: @escaping @Sendable (Termination) -> Void) {
        handle.storage.onTermination(handler)
    }

    /// Waits until the transfer ends and says how.
    package func termination() async -> Termination {
        let ended = await withCheckedContinuation { continuation in
            onTermination { continuation.resume(returning: $0) }
        }
        return handle.storage.handedOver(ended)
    }

    /// A handle that cancels or watches the transfer without keeping the stream alive (dropping
    /// every copy of the stream still cancels it).
    package var control: Control { Control(storage: handle.storage) }

    /// Cancels or watches a transfer from outside the reader.
    package struct Control: Sendable {
        fileprivate let storage: Storage

        /// Cancels the transfer.
        package func cancel() { storage.cancel() }

        /// Waits until the transfer ends and says how.
        package func termination() async -> Termination {
            let ended = await withCheckedContinuation { continuation in
                storage.onTermination { continuation.resume(returning: $0) }
            }
            return storage.handedOver(ended)
        }
    }

    /// Reads the rest of the body into memory; more than `limit` bytes cancels the transfer and
    /// throws `.transport(URLError(.dataLengthExceedsMaximum))`.
    public func collect(upTo limit: Int) async throws(NetworkingError) -> Data {
        var data = Data()
        var iterator = makeAsyncIterator()
        while let chunk = try await iterator.next() {
            guard data.count + chunk.count <= limit else {
                cancel()
                throw .bodyTooLarge(limit: limit)
            }
            data.append(chunk)
        }
        return data
    }

    /// Reads the chunks in order.
    public struct Iterator: AsyncIteratorProtocol, Sendable {
        fileprivate let handle: Handle

        /// The next chunk, or `nil` at the end of the body.
        public mutating func next() async throws(NetworkingError) -> Data? {
            try await handle.storage.next()
        }
    }

    /// The producer side: a transport yields chunks as they arrive and finishes once.
    public struct Continuation: Sendable {
        fileprivate let storage: Storage

        /// Adds a chunk. Returns `false` when the stream no longer accepts data (the reader
        /// cancelled, the buffer overflowed, or the stream is finished): stop the transfer then.
        @discardableResult
        public func yield(_ data: Data) -> Bool { storage.yield(data) }

        /// Adds a copy of `bytes` as `yield(_:)` does, onto the end of the last chunk while the
        /// reader has not taken it, up to `size` bytes a chunk: a reader behind a fast producer of
        /// small pieces takes few large chunks, for no more copying than a chunk a piece.
        @discardableResult
        package func yield(copying bytes: UnsafeRawBufferPointer, coalescingUpTo size: Int) -> Bool {
            storage.yield(copying: bytes, coalescingUpTo: size)
        }

        /// Ends the body: successfully (`nil`), with the trailers that followed it, or with an error
        /// the reader gets after the chunks already buffered. Later calls do nothing.
        public func finish(throwing error: NetworkingError? = nil, trailers: HTTPHeaders = HTTPHeaders()) {
            storage.finish(throwing: error, trailers: trailers)
        }

        /// Whether the reader is gone or the stream has ended.
        package var isTerminated: Bool { storage.isTerminated }

        /// Bytes yielded that the reader has not taken yet.
        package var bufferedBytes: Int { storage.bufferedBytes }
    }

    /// Keeps the transfer alive while a reader holds the stream; cancels it when the last copy
    /// goes away.
    fileprivate final class Handle: Sendable {
        let storage: Storage
        init(_ storage: Storage) { self.storage = storage }
        deinit { storage.cancel() }
    }
}

/// The shared state of one body stream.
///
/// Ending takes two steps so that termination handlers (observers) have run before the reader
/// sees the end: the stream is first marked as ending (no more data is accepted, the reader
/// waits), the handlers run outside the lock, then the end or the error is delivered.
private final class Storage: Sendable {
    private typealias Waiter = CheckedContinuation<Result<Data?, NetworkingError>, Never>

    private struct State {
        var chunks: [Data] = []
        var head = 0
        var buffered = 0
        var received: Int64 = 0
        var ending = false
        var producerDone = false
        var failure: NetworkingError?
        var failureDelivered = false
        var termination: ResponseBodyStream.Termination?
        var waiter: Waiter?
        var handlers: [@Sendable (ResponseBodyStream.Termination) -> Void] = []
        var onCancel: (@Sendable () -> Void)?
        var trailers = HTTPHeaders()

        var isOver: Bool { ending || producerDone || failure != nil }

        mutating func dropChunks() {
            chunks.removeAll()
            head = 0
            buffered = 0
        }
    }

    private let state: Mutex<State>
    private let bufferLimit: Int
    private let onDrain: (@Sendable (Int) -> Void)?

    init(bufferLimit: Int, onCancel: @escaping @Sendable () -> Void, onDrain: (@Sendable (Int) -> Void)? = nil) {
        self.bufferLimit = bufferLimit
        self.onDrain = onDrain
        var initial = State()
        initial.onCancel = onCancel
        self.state = Mutex(initial)
    }

    var receivedBytes: Int64 { state.withLock { $0.received } }

    var bufferedBytes: Int { state.withLock { $0.buffered } }

    var isTerminated: Bool { state.withLock { $0.isOver } }

    var trailers: HTTPHeaders { state.withLock { $0.trailers } }

    @discardableResult
    func yield(_ data: Data) -> Bool {
        guard !data.isEmpty else { return !isTerminated }
        return deliver(data.count, made: { data }, queued: { $0.chunks.append(data) })
    }

    @discardableResult
    func yield(copying bytes: UnsafeRawBufferPointer, coalescingUpTo size: Int) -> Bool {
        guard !bytes.isEmpty else { return !isTerminated }
        return deliver(
            bytes.count, made: { Data(bytes) },
            queued: { state in
                let last = state.chunks.count - 1
                if last >= state.head, state.chunks[last].count + bytes.count <= size {
                    state.chunks[last].append(contentsOf: bytes)
                } else {
                    var chunk = Data(capacity: max(size, bytes.count))
                    chunk.append(contentsOf: bytes)
                    state.chunks.append(chunk)
                }
            })
    }

    /// Hands `count` bytes to a waiting reader (`made` makes them, outside the lock), or queues them
    /// (`queued`, under it) within the buffer limit; past the limit the stream fails.
    private func deliver(_ count: Int, made: () -> Data, queued: (inout State) -> Void) -> Bool {
        let limit = bufferLimit
        let (accepted, waiter, overflow) = state.withLock { state -> (Bool, Waiter?, Bool) in
            guard !state.isOver else { return (false, nil, false) }
            state.received += Int64(count)
            if let waiter = state.waiter {
                state.waiter = nil
                return (true, waiter, false)
            }
            guard state.buffered + count <= limit else { return (false, nil, true) }
            state.buffered += count
            queued(&state)
            return (true, nil, false)
        }
        waiter?.resume(returning: .success(made()))
        if overflow { end(with: .bodyTooLarge(limit: limit), aborting: true) }
        return accepted
    }

    func finish(throwing error: NetworkingError?, trailers: HTTPHeaders = HTTPHeaders()) {
        if !trailers.isEmpty {
            state.withLock { state in
                if !state.isOver { state.trailers = trailers }
            }
        }
        end(with: error, aborting: false)
    }

    func cancel() {
        let finishedAlready = state.withLock { state -> Bool in
            guard state.producerDone || state.ending || state.failure != nil else { return false }
            // The body had arrived (or is ending): drop what the reader did not take.
            state.dropChunks()
            if state.producerDone, state.failure == nil { state.failure = .cancelled }
            return true
        }
        if !finishedAlready { end(with: .cancelled, aborting: true) }
    }

    /// Ends the stream. `aborting` (a cancellation, an overflow) drops the unread chunks and stops
    /// the transfer; otherwise the reader gets the chunks first, then the end or the error.
    private func end(with error: NetworkingError?, aborting: Bool) {
        let first = state.withLock {
            state -> (
                handlers: [@Sendable (ResponseBodyStream.Termination) -> Void],
                termination: ResponseBodyStream.Termination, cancel: (@Sendable () -> Void)?
            )? in
            guard !state.isOver else { return nil }
            state.ending = true
            if aborting { state.dropChunks() }
            let termination: ResponseBodyStream.Termination =
                error.map { .failed($0, byteCount: state.received) } ?? .finished(byteCount: state.received)
            state.termination = termination
            defer {
                state.handlers = []
                state.onCancel = nil
            }
            return (state.handlers, termination, aborting ? state.onCancel : nil)
        }
        guard let first else { return }
        first.cancel?()
        for handler in first.handlers { handler(first.termination) }
        let delivery = state.withLock { state -> (Waiter, Result<Data?, NetworkingError>)? in
            if let error { state.failure = error } else { state.producerDone = true }
            guard let waiter = state.waiter, let ready = Self.take(&state) else { return nil }
            state.waiter = nil
            return (waiter, ready)
        }
        if let delivery { delivery.0.resume(returning: delivery.1) }
    }

    /// `value`, received through a continuation that another thread resumed after handing it over
    /// under this storage's lock, returned after taking that lock: the resumer's writes (the chunk,
    /// the error it boxed) are then ordered before the caller's reads, whichever thread resumed.
    func handedOver<Value>(_ value: consuming Value) -> Value {
        state.withLock { _ in }
        return value
    }

    func onTermination(_ handler: @escaping @Sendable (ResponseBodyStream.Termination) -> Void) {
        let ended = state.withLock { state -> ResponseBodyStream.Termination? in
            if let termination = state.termination { return termination }
            state.handlers.append(handler)
            return nil
        }
        if let ended { handler(ended) }
    }

    func next() async throws(NetworkingError) -> Data? {
        let chunk = try await nextChunk()
        if let onDrain, chunk != nil { onDrain(bufferedBytes) }
        return chunk
    }

    private func nextChunk() async throws(NetworkingError) -> Data? {
        if let ready = poll() { return try ready.get() }
        if Task.isCancelled { cancel() }
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation {
                (continuation: CheckedContinuation<Result<Data?, NetworkingError>, Never>) in
                let immediate = state.withLock { state -> Result<Data?, NetworkingError>? in
                    if let ready = Self.take(&state) { return ready }
                    guard state.waiter == nil else {
                        return .failure(.invalidRequest("a response body stream was read by two tasks at once"))
                    }
                    state.waiter = continuation
                    return nil
                }
                if let immediate { continuation.resume(returning: immediate) }
            }
        } onCancel: {
            cancel()
        }
        return try handedOver(result).get()
    }

    private func poll() -> Result<Data?, NetworkingError>? {
        state.withLock { Self.take(&$0) }
    }

    /// A chunk, the end or the error, if one is ready; `nil` when the reader must wait.
    private static func take(_ state: inout State) -> Result<Data?, NetworkingError>? {
        if state.head < state.chunks.count {
            // A reader that fell behind gets the waiting chunks together (up to 1 MiB); one of 256 KiB
            // or more goes as it is. A taken chunk's slot is emptied: the queue keeps no memory alive.
            var chunk = Data()
            swap(&chunk, &state.chunks[state.head])
            state.head += 1
            while state.head < state.chunks.count, chunk.count < 1 << 18,
                chunk.count + state.chunks[state.head].count <= 1 << 20
            {
                chunk.append(state.chunks[state.head])
                state.chunks[state.head] = Data()
                state.head += 1
            }
            state.buffered -= chunk.count
            if state.head == state.chunks.count {
                state.chunks.removeAll(keepingCapacity: true)
                state.head = 0
            } else if state.head >= 64, state.head * 2 >= state.chunks.count {
                state.chunks.removeFirst(state.head)
                state.head = 0
            }
            return .success(chunk)
        }
        if let failure = state.failure {
            if state.failureDelivered { return .success(nil) }
            state.failureDelivered = true
            return .failure(failure)
        }
        if state.producerDone { return .success(nil) }
        return nil
    }
}
