#if os(Linux)
    import Foundation
    import NetworkingCore
    import Synchronization

    /// A request body sent as it is produced: a producer task pulls the chunks of an `HTTPBody`,
    /// at most `maximumChunksAhead` ahead of libcurl, and libcurl's read callback takes them on the
    /// loop's driver.
    ///
    /// When no chunk is ready the read callback pauses the upload (`CURL_READFUNC_PAUSE`); the
    /// next chunk, the end of the body or its failure asks the loop to resume it
    /// (`CurlEventLoop.unpause`, whose `curl_easy_pause` runs on the loop's driver). The response
    /// keeps arriving meanwhile: a paused upload only stops libcurl from sending. Once the body
    /// has ended, its trailers (when it has any) are ready for libcurl's trailer callback.
    ///
    /// Neither side ever blocks a thread: the producer suspends while `maximumChunksAhead` chunks
    /// wait, and the read callback only copies what is there.
    final class CurlUploadPump: Sendable {
        /// The most chunks produced ahead of what libcurl has taken.
        static let maximumChunksAhead = 4

        /// What the read callback found.
        enum Read {
            /// This many bytes were copied.
            case bytes(Int)
            /// The body has ended (its trailers are ready).
            case end
            /// No chunk is ready: the upload pauses until the producer resumes it.
            case pause
            /// Producing the body failed: the transfer is aborted with this error.
            case failed(NetworkingError)
        }

        private struct State {
            var chunks: [Data] = []
            /// The first chunk not yet fully read, and how much of it was.
            var head = 0
            var offset = 0
            var ended = false
            var failure: NetworkingError?
            var trailers = HTTPHeaders()
            /// Set when the read callback paused the upload; taken by whoever resumes it.
            var readerPaused = false
            /// Whether libcurl has taken any byte (the body can then no longer be rewound).
            var hasRead = false
            /// Whether the trailers of a body read from a file have been asked for.
            var trailersRequested = false
            var stopped = false
            var transfer: CurlTransfer?
            /// The producer, waiting for room (`false`: stop producing).
            var producer: CheckedContinuation<Bool, Never>?

            var waiting: Int { chunks.count - head }

            /// The transfer to resume, when the read callback paused it.
            mutating func takePausedTransfer() -> CurlTransfer? {
                guard readerPaused else { return nil }
                readerPaused = false
                return transfer
            }
        }

        private let state = Mutex(State())
        private let task = Mutex<Task<Void, Never>?>(nil)
        /// The length the body must have (sent as `Content-Length`), or `nil` when it is chunked.
        let length: Int64?

        init(length: Int64?) { self.length = length }

        /// Starts producing `body` for `transfer` (whose read callback takes the chunks).
        func start(_ body: HTTPBody, for transfer: CurlTransfer) {
            state.withLock { $0.transfer = transfer }
            let producer = Task { [self] in await produce(body) }
            task.withLock { $0 = producer }
        }

        /// Whether the body has ended and libcurl has taken all of it (trailers aside).
        var hasHandedOverEverything: Bool { state.withLock { $0.ended && $0.waiting == 0 } }

        /// The transfer has ended: stops the producer and forgets the transfer.
        func stop() {
            let waiting = state.withLock { state -> CheckedContinuation<Bool, Never>? in
                state.stopped = true
                state.transfer = nil
                state.chunks = []
                state.head = 0
                defer { state.producer = nil }
                return state.producer
            }
            waiting?.resume(returning: false)
            task.withLock { $0 }?.cancel()
        }

        // MARK: - Producer task

        private func produce(_ body: HTTPBody) async {
            var iterator = body.makeAsyncIterator()
            var produced: Int64 = 0
            do throws(NetworkingError) {
                while await room() {
                    guard let chunk = try await iterator.next() else {
                        if let length, produced != length { throw Self.lengthMismatch(produced, length) }
                        guard !Task.isCancelled else { return }
                        finish(trailers: await body.trailers?() ?? HTTPHeaders())
                        return
                    }
                    guard !chunk.isEmpty else { continue }  // an empty read would end the body
                    produced += Int64(chunk.count)
                    if let length, produced > length { throw Self.lengthMismatch(produced, length) }
                    push(chunk)
                }
            } catch {
                fail(error)
            }
        }

        /// Waits until fewer than `maximumChunksAhead` chunks wait; `false` once the transfer ended.
        private func room() async -> Bool {
            let ready = state.withLock { state -> Bool? in
                if state.stopped { return false }
                return state.waiting < Self.maximumChunksAhead ? true : nil
            }
            if let ready { return ready }
            return await withCheckedContinuation { continuation in
                let ready = state.withLock { state -> Bool? in
                    if state.stopped { return false }
                    if state.waiting < Self.maximumChunksAhead { return true }
                    state.producer = continuation
                    return nil
                }
                if let ready { continuation.resume(returning: ready) }
            }
        }

        private func push(_ chunk: Data) {
            let paused = state.withLock { state -> CurlTransfer? in
                guard !state.stopped else { return nil }
                state.chunks.append(chunk)
                return state.takePausedTransfer()
            }
            if let paused { paused.loop.unpause(paused) }
        }

        private func finish(trailers: HTTPHeaders) {
            let paused = state.withLock { state -> CurlTransfer? in
                guard !state.stopped else { return nil }
                state.trailers = trailers
                state.ended = true
                return state.takePausedTransfer()
            }
            if let paused { paused.loop.unpause(paused) }
        }

        private func fail(_ error: NetworkingError) {
            let paused = state.withLock { state -> CurlTransfer? in
                guard !state.stopped else { return nil }
                state.failure = error
                return state.takePausedTransfer()
            }
            if let paused { paused.loop.unpause(paused) }
        }

        static func lengthMismatch(_ produced: Int64, _ length: Int64) -> NetworkingError {
            .invalidRequest(
                "the request body produced \(produced) bytes or more where its length says \(length)")
        }

        // MARK: - libcurl's callbacks (the loop's driver)

        /// Copies up to `capacity` bytes of the next chunk into `buffer`.
        func read(into buffer: UnsafeMutableRawPointer, capacity: Int) -> Read {
            let (read, producer) = state.withLock { state -> (Read, CheckedContinuation<Bool, Never>?) in
                guard state.head < state.chunks.count else {
                    if let failure = state.failure { return (.failed(failure), nil) }
                    if state.ended { return (.end, nil) }
                    state.readerPaused = true
                    return (.pause, nil)
                }
                let chunk = state.chunks[state.head]
                let count = min(capacity, chunk.count - state.offset)
                let offset = state.offset
                chunk.withUnsafeBytes { source in
                    if let base = source.baseAddress { buffer.copyMemory(from: base + offset, byteCount: count) }
                }
                state.hasRead = true
                state.offset += count
                guard state.offset == chunk.count else { return (.bytes(count), nil) }
                state.chunks[state.head] = Data()
                state.head += 1
                state.offset = 0
                if state.head == state.chunks.count {
                    state.chunks.removeAll(keepingCapacity: true)
                    state.head = 0
                }
                defer { state.producer = nil }
                return (.bytes(count), state.producer)
            }
            producer?.resume(returning: true)
            return read
        }

        /// The read callback reached the end of a body read from a file (by the callback itself,
        /// on the loop's driver, with this pump only for its trailers): `.end` once the trailers
        /// are ready, `.pause` until then. The first call asks `body` for them, on a task of its
        /// own (they are computed asynchronously), which resumes the upload when they are.
        func fileEnded(_ body: HTTPBody, for transfer: CurlTransfer) -> Read {
            let asks = state.withLock { state -> Bool? in
                if state.ended { return nil }
                state.readerPaused = true
                if state.trailersRequested { return false }
                state.trailersRequested = true
                state.transfer = transfer
                return true
            }
            guard let asks else { return .end }
            if asks {
                let producer = Task { [self] in finish(trailers: await body.trailers?() ?? HTTPHeaders()) }
                task.withLock { $0 = producer }
            }
            return .pause
        }

        /// Whether libcurl may rewind the body to its start: only while it has taken nothing.
        var canRewind: Bool { state.withLock { !$0.hasRead } }

        /// The trailers, once the body has ended.
        var trailers: HTTPHeaders { state.withLock { $0.trailers } }
    }
#endif
