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
        /// Cancelling the reader (or dropping the stream) aborts the transfer. `observe` sees each
        /// hop's valve (tests).
        ///
        /// `body` may still be being sent when this returns (a body produced as it is sent): the
        /// transfer goes on in both directions, and a failure of the body ends the stream with it.
        func openStream(
            _ request: URLRequest, body requestBody: HTTPBody? = nil, highWatermark: Int, limit: Int = .max,
            observe: ((CurlStreamValve) -> Void)?
        ) async throws(NetworkingError) -> TransportResponse {
            let startDate = Date()
            let deadline = makeDeadline()
            let limit = min(limit, configuration.maxResponseBodySize)
            let watermark = max(1, min(highWatermark, limit / 2))
            var hops = RedirectHops(request, policy: configuration.redirectPolicy)
            var requestBodies = RequestBodyHops(requestBody)
            while true {
                let valve = CurlStreamValve(highWatermark: watermark)
                observe?(valve)
                let (body, continuation) = ResponseBodyStream.makeStream(
                    bufferLimit: limit, onCancel: { valve.cancel() }, onDrain: { valve.drained($0) })
                let sink = CurlStreamSink(continuation: continuation, valve: valve)
                let transfer = try makeTransfer(
                    hops.current, body: try requestBodies.next(), deadline: deadline, sink: sink)
                valve.attach(transfer)
                start(transfer, valve: valve, continuation: continuation)
                let head = await withTaskCancellationHandler {
                    await valve.head()
                } onCancel: {
                    valve.cancel()
                }
                let received: ResponseHead
                switch head {
                case .head(let value): received = value
                case .failure(let error): throw error
                }
                if try requestBodies.follow(&hops, after: received) {
                    body.cancel()
                    continue
                }
                let metrics = TransactionMetrics(startDate: startDate, endDate: Date(), redirectCount: hops.count)
                return TransportResponse(request: hops.current, head: received, stream: body, metrics: metrics)
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
