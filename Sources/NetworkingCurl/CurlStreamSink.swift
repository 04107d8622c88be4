#if os(Linux)
    import Foundation
    import FoundationNetworking
    import NetworkingCore
    import Synchronization

    /// Feeds a response body to a `ResponseBodyStream` as it arrives, with back-pressure, and
    /// hands the response head to the task waiting in `CurlTransport.openStream(_:body:highWatermark:limit:observe:)`.
    ///
    /// When the reader has more than `valve.highWatermark` bytes waiting, the write callback pauses
    /// the transfer (`CURL_WRITEFUNC_PAUSE`, nothing consumed: libcurl delivers the same bytes again
    /// later); once the reader has drained the buffer to `valve.lowWatermark`, the valve asks the
    /// loop to resume it. The buffer therefore never holds more than the high watermark plus one
    /// chunk, far below the stream's `bufferLimit`.
    final class CurlStreamSink: CurlBodySink {
        let continuation: ResponseBodyStream.Continuation
        let valve: CurlStreamValve
        /// The buffered byte count seen by the last `shouldPause()`.
        private var lastBuffered = 0
        /// The bytes of the response body still to come, when its length is known and the request
        /// body is produced as it is sent: the stream then ends at the body's last byte, even while
        /// the request body is still open (libcurl 7.88 ends a transfer only once its upload has
        /// ended too), and the rest of the request body is not sent.
        private var remaining: Int64?
        /// The decoder of a chunked response to such a request, which libcurl hands over undecoded
        /// (`CurlTransfer.decodesChunksItself`), so that its last chunk ends the stream the same way.
        private var chunks: CurlChunkDecoder?

        init(continuation: ResponseBodyStream.Continuation, valve: CurlStreamValve) {
            self.continuation = continuation
            self.valve = valve
        }

        /// A quarter of the high watermark, between libcurl's default and `CurlReceiveBuffer.bulkSize`
        /// (512 KiB for the default 2 MiB watermark): a large body (a download to a file) is read
        /// in few `recv(2)` calls.
        var receiveBufferSize: Int {
            min(max(valve.highWatermark / 4, CurlReceiveBuffer.defaultSize), CurlReceiveBuffer.bulkSize)
        }

        /// The most bytes of libcurl's 16 KiB pieces joined into one chunk for a reader that fell
        /// behind (`receive`): half the receive buffer, 256 KiB by default, which a file download
        /// writes as it is (`FileBodyWriter.writeBufferSize`). A chunk is allocated at this size when
        /// it starts, so that joining never moves its bytes; the reader frees it once written.
        private var chunkSize: Int { receiveBufferSize / 2 }

        func responseStarted(_ head: ResponseHead, expectedLength: Int64?) -> NetworkingError? {
            valve.headArrived(head)
            remaining = nil
            chunks = nil
            guard valve.sendsProducedBody else { return nil }
            // A length beside a transfer coding is not the body's (RFC 9112 §6.3).
            if let coding = head.header("Transfer-Encoding") {
                guard coding.lowercased().contains("chunked") else { return nil }
                guard !head.containsField("Content-Encoding") else { return Self.encodedWhileSending }
                chunks = CurlChunkDecoder()
            } else if let expectedLength {
                remaining = expectedLength
                if expectedLength <= 0 { endBeforeTheUpload() }
            }
            return nil
        }

        func shouldPause() -> Bool {
            lastBuffered = continuation.bufferedBytes
            guard lastBuffered > valve.highWatermark, !continuation.isTerminated else { return false }
            // Publish the pause before looking again: a reader that drained the buffer in between
            // either sees the flag (and resumes us) or left a count this second look sees.
            valve.paused.store(true, ordering: .sequentiallyConsistent)
            lastBuffered = continuation.bufferedBytes
            if lastBuffered > valve.highWatermark {
                valve.pauseCount.add(1, ordering: .relaxed)
                return true
            }
            valve.paused.store(false, ordering: .sequentiallyConsistent)
            return false
        }

        func receive(_ bytes: UnsafeRawBufferPointer) -> NetworkingError? {
            valve.noteBuffered(lastBuffered + bytes.count, chunk: bytes.count)
            if chunks != nil { return receiveChunked(bytes) }
            guard continuation.yield(copying: bytes, coalescingUpTo: chunkSize) else { return .cancelled }
            if let left = remaining {
                remaining = left - Int64(bytes.count)
                if left <= Int64(bytes.count) { endBeforeTheUpload() }
            }
            return nil
        }

        /// Hands on the body of the chunks in `bytes`, and ends the stream at the last one.
        private func receiveChunked(_ bytes: UnsafeRawBufferPointer) -> NetworkingError? {
            var accepted = true
            do throws(NetworkingError) {
                try chunks?.decode(bytes) { piece in
                    if accepted, !continuation.yield(Data(piece)) { accepted = false }
                }
            } catch {
                return error
            }
            guard accepted else { return .cancelled }
            if let decoder = chunks, decoder.isFinished { endBeforeTheUpload(trailers: decoder.trailers) }
            return nil
        }

        /// The response has all its body: the stream ends now, and a transfer still sending its
        /// request body, which would wait for that body to end, stops (its producer too; the
        /// connection is closed).
        private func endBeforeTheUpload(trailers: HTTPHeaders = HTTPHeaders()) {
            remaining = nil
            chunks = nil
            continuation.finish(trailers: trailers)
            if valve.isStillSendingProducedBody { valve.cancel() }
        }

        /// The failure of a chunked, content-encoded response to a request whose body is still
        /// produced: libcurl hands such chunks over undecoded, content coding included.
        private static var encodedWhileSending: NetworkingError {
            .transport(
                URLError(
                    .cannotDecodeContentData,
                    userInfo: [
                        NSLocalizedDescriptionKey:
                            "The response is chunked and content-encoded while its request body is produced as it is "
                            + "sent, which the transport cannot decode: send the request without Accept-Encoding."
                    ]))
        }
    }

    /// The parts of a streamed transfer other threads use: the head hand-over, the resume request
    /// when the reader caught up, cancellation, and counters the tests read.
    ///
    /// It is created before the transfer (the stream's callbacks need it) and attached to it
    /// once the transfer exists; `detach()` breaks the reference cycle when the transfer ends.
    final class CurlStreamValve: Sendable {
        /// The result the task waiting for the head gets.
        enum Head: Sendable {
            case head(ResponseHead)
            case failure(NetworkingError)
        }

        private struct State {
            var transfer: CurlTransfer?
            var waiter: CheckedContinuation<Head, Never>?
            var head: Head?
        }

        let highWatermark: Int
        let lowWatermark: Int
        /// Set by the loop thread when it paused the transfer; taken by the reader that resumes it.
        let paused = Atomic<Bool>(false)
        /// How often the transfer was paused.
        let pauseCount = Atomic<Int>(0)
        /// An upper bound of the bytes buffered right after each chunk was handed over.
        let peakBufferedBytes = Atomic<Int>(0)
        /// The largest chunk handed over.
        let largestChunk = Atomic<Int>(0)
        /// Whether the transfer has ended (finished, failed or aborted).
        let ended = Atomic<Bool>(false)
        private let state = Mutex(State())

        init(highWatermark: Int) {
            self.highWatermark = highWatermark
            self.lowWatermark = highWatermark / 4
        }

        func attach(_ transfer: CurlTransfer) { state.withLock { $0.transfer = transfer } }

        /// Whether the transfer sends a body produced as it is sent (loop thread, once attached).
        var sendsProducedBody: Bool { state.withLock { $0.transfer?.uploadPump != nil } }

        /// Whether the transfer still has some of such a body to send (loop thread).
        var isStillSendingProducedBody: Bool {
            state.withLock { $0.transfer?.uploadPump.map { !$0.hasHandedOverEverything } ?? false }
        }

        /// The transfer has ended (its handle is being recycled): forgets it.
        func detach() {
            state.withLock { $0.transfer = nil }
            ended.store(true, ordering: .sequentiallyConsistent)
        }

        /// Stops the transfer (the reader cancelled, dropped the stream or it overflowed).
        func cancel() {
            if let transfer = state.withLock({ $0.transfer }) { transfer.loop.cancel(transfer) }
        }

        /// The reader took a chunk and `buffered` bytes remain: resumes a paused transfer once
        /// they are at most the low watermark.
        func drained(_ buffered: Int) {
            guard buffered <= lowWatermark, paused.load(ordering: .sequentiallyConsistent),
                paused.exchange(false, ordering: .sequentiallyConsistent),
                let transfer = state.withLock({ $0.transfer })
            else { return }
            transfer.loop.unpause(transfer)
        }

        /// Loop thread only (one writer), so plain load-and-store is enough.
        func noteBuffered(_ buffered: Int, chunk: Int) {
            if buffered > peakBufferedBytes.load(ordering: .relaxed) {
                peakBufferedBytes.store(buffered, ordering: .relaxed)
            }
            if chunk > largestChunk.load(ordering: .relaxed) { largestChunk.store(chunk, ordering: .relaxed) }
        }

        // MARK: - Head hand-over

        /// Waits for the head (or the failure that came instead of it).
        func head() async -> Head {
            let head = await withCheckedContinuation { continuation in
                let ready = state.withLock { state -> Head? in
                    if let head = state.head { return head }
                    state.waiter = continuation
                    return nil
                }
                if let ready { continuation.resume(returning: ready) }
            }
            // Read back under the lock `settle` stored it under: what the loop built for the head
            // is ordered before this task's reads.
            return state.withLock { $0.head } ?? head
        }

        /// The head arrived (loop thread); the waiting task builds its `HTTPURLResponse`.
        func headArrived(_ head: ResponseHead) { settle(.head(head)) }

        /// The transfer ended without a head; does nothing once the head was handed over.
        func failed(_ error: NetworkingError) { settle(.failure(error)) }

        private func settle(_ head: Head) {
            let waiter = state.withLock { state -> CheckedContinuation<Head, Never>? in
                guard state.head == nil else { return nil }
                state.head = head
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume(returning: head)
        }
    }
#endif
