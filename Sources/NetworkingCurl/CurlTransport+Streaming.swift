#if os(Linux)
    import Foundation
    import FoundationNetworking
    import NetworkingCore

    extension CurlTransport {
        /// The most bytes a streamed body buffers for a slow reader before its transfer is paused.
        static let streamHighWatermark = 2 * 1024 * 1024

        /// Returns once the response head has arrived; the body keeps arriving into the returned
        /// stream, with back-pressure: a reader more than `highWatermark` bytes behind (about
        /// 2 MiB by default) pauses the transfer until it has caught up, so memory stays bounded
        /// and no data is dropped. The response's trailers are the stream's once it has ended.
        /// Cancelling the reader (or dropping the stream) aborts the transfer. `observe` sees the
        /// transfer's valve (tests). One hop: the pipeline follows redirects.
        ///
        /// `body` may still be being sent when this returns (a body produced as it is sent): the
        /// transfer goes on in both directions, and a failure of the body ends the stream with it.
        func openStream(
            _ request: URLRequest, body requestBody: HTTPBody? = nil, highWatermark: Int, limit: Int = .max,
            firstHopStart: ContinuousClock.Instant? = nil, observe: ((CurlStreamValve) -> Void)?
        ) async throws(NetworkingError) -> TransportResponse {
            let startDate = Date()
            let limit = min(limit, configuration.maxResponseBodySize)
            let watermark = max(1, min(highWatermark, limit / 2))
            let valve = CurlStreamValve(highWatermark: watermark)
            observe?(valve)
            let (body, continuation) = ResponseBodyStream.makeStream(
                bufferLimit: limit, onCancel: { valve.cancel() }, onDrain: { valve.drained($0) })
            let sink = CurlStreamSink(continuation: continuation, valve: valve)
            let transfer = try makeTransfer(
                request, body: requestBody, deadline: makeDeadline(from: firstHopStart), sink: sink)
            valve.attach(transfer)
            start(transfer, valve: valve, continuation: continuation)
            let head = await withTaskCancellationHandler {
                await valve.head()
            } onCancel: {
                valve.cancel()
            }
            switch head {
            case .head(let received):
                let metrics = TransactionMetrics(startDate: startDate, endDate: Date())
                return TransportResponse(request: request, head: received, stream: body, metrics: metrics)
            case .failure(let error):
                throw error
            }
        }

        /// Submits `transfer` and, when it ends, ends the stream (or fails the wait for the head)
        /// and recycles its handle. The task waiting for the head is not the one that owns the
        /// transfer: the body outlives `openStream`, and the transport (whose release stops its
        /// loop) lives as long as the transfer.
        private func start(
            _ transfer: CurlTransfer, valve: CurlStreamValve, continuation: ResponseBodyStream.Continuation
        ) {
            Task { [self] in
                let outcome = await run(transfer)
                valve.detach()
                do throws(NetworkingError) {
                    _ = try Self.head(of: transfer, outcome)
                    continuation.finish(trailers: transfer.makeTrailers())
                } catch {
                    valve.failed(error)
                    continuation.finish(throwing: error)
                }
                recycle(transfer)
            }
        }
    }
#endif
