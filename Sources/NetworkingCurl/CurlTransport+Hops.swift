#if os(Linux)
    import CCurlShim
    import Foundation
    import FoundationNetworking
    import NetworkingCore

    // The steps of one hop that the transfer forms (progress, file downloads, streams) share:
    // configure a transfer with a given sink, run it on the loop, and turn its outcome into a
    // response or an error.
    extension CurlTransport {
        /// The deadline of a request started now, from `configuration.totalTimeout`.
        func makeDeadline() -> ContinuousClock.Instant? {
            configuration.totalTimeout.map { ContinuousClock.now + .milliseconds(CurlTransfer.milliseconds($0)) }
        }

        /// A transfer of `request` on a fresh or reused easy handle, body into `sink`.
        func makeTransfer(
            _ request: URLRequest, deadline: ContinuousClock.Instant?, sink: any CurlBodySink,
            progress: (@Sendable (TransferProgress) -> Void)? = nil
        ) throws(NetworkingError) -> CurlTransfer {
            if Task.isCancelled { throw .cancelled }
            var timeout: Int?
            if let deadline {
                let remaining = ContinuousClock.now.duration(to: deadline)
                guard remaining > .zero else { throw Self.totalTimeoutError(request.url) }
                let (seconds, attoseconds) = remaining.components
                timeout = Int(seconds) * 1000 + Int((attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
            }
            guard let easy = loop.makeHandle() else {
                throw .transport(
                    URLError(.unknown, userInfo: CurlTransfer.userInfo(request.url, "curl_easy_init failed")))
            }
            do {
                return try CurlTransfer(
                    easy: easy, request: request, configuration: configuration, timeoutMilliseconds: timeout,
                    sink: sink, progress: progress)
            } catch {
                loop.recycle(easy)
                throw error
            }
        }

        /// Runs `transfer` to its end; cancelling the task cancels the transfer.
        func run(_ transfer: CurlTransfer) async -> CurlTransfer.Outcome {
            let loop = self.loop
            let outcome = await withTaskCancellationHandler {
                // Unsafe (not checked): the loop resumes each transfer exactly once (resumeEnded).
                await withUnsafeContinuation { (continuation: UnsafeContinuation<CurlTransfer.Outcome, Never>) in
                    transfer.continuation = continuation
                    loop.submit(transfer)
                }
            } onCancel: {
                loop.cancel(transfer)
            }
            loop.synchronize()
            return outcome
        }

        /// The response head of a transfer that ended with `outcome`, or the error it ended with.
        /// Call it after the transfer ended, before its handle is recycled.
        static func head(
            of transfer: CurlTransfer, _ outcome: CurlTransfer.Outcome
        ) throws(NetworkingError) -> ResponseHead {
            let url = transfer.request.url
            switch outcome {
            case .cancelled:
                throw .cancelled
            case .idleTimeout:
                let seconds = transfer.request.timeoutInterval
                throw .transport(
                    URLError(
                        .timedOut,
                        userInfo: CurlTransfer.userInfo(url, "No data was sent or received for \(seconds) seconds")))
            case .rejected(let code):
                throw .transport(
                    URLError(
                        .unknown,
                        userInfo: CurlTransfer.userInfo(url, "curl_multi_add_handle failed (CURLMcode \(code))")
                    ))
            case .finished(let code):
                if let failure = transfer.failure { throw failure }
                guard code == NCURLE_OK else {
                    throw error(forCurlCode: code, message: transfer.errorMessage, url: url)
                }
                // A head libcurl accepted without its closing blank line is still a head.
                guard let head = transfer.head ?? transfer.makeHead() else { throw .invalidResponse }
                return head
            }
        }
    }
#endif
