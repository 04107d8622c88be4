#if os(Linux)
    import CCurlShim
    import Foundation
    import FoundationNetworking
    import NetworkingCore

    // The steps of a hop that the transfer forms (collected, streamed) share:
    // configure a transfer with a given sink, run it on the loop, and turn its outcome into a
    // response or an error.
    extension CurlTransport {
        /// The deadline of a request whose first hop started at `firstHopStart` (now when `nil`),
        /// from `configuration.totalTimeout`: redirects count against the whole request's limit.
        func makeDeadline(from firstHopStart: ContinuousClock.Instant?) -> ContinuousClock.Instant? {
            configuration.totalTimeout.map {
                (firstHopStart ?? ContinuousClock.now) + .milliseconds(CurlTransfer.milliseconds($0))
            }
        }

        /// A transfer of `request` with `body` on a fresh or reused easy handle of one of the event
        /// loops, response body into `sink`; a body produced as it is sent starts being produced.
        /// Throws `.transport(.unsupportedURL)` for a URL that is not http(s).
        func makeTransfer(
            _ request: URLRequest, body: HTTPBody? = nil, deadline: ContinuousClock.Instant?, sink: any CurlBodySink
        ) throws(NetworkingError) -> CurlTransfer {
            if Task.isCancelled { throw .cancelled }
            if let settingsError { throw settingsError }
            guard let url = request.url else { throw Self.unsupportedURLError(nil) }
            let absoluteURL = url.absoluteString
            guard let isHTTPS = CurlTransfer.isHTTPS(absoluteURL) else { throw Self.unsupportedURLError(url) }
            try RequestHeadCheck.validate(method: request.httpMethod ?? "GET")
            let loop = loop(for: url, isHTTPS: isHTTPS)
            var timeout: Int?
            if let deadline {
                let remaining = ContinuousClock.now.duration(to: deadline)
                guard remaining > .zero else { throw Self.totalTimeoutError(request.url) }
                let (seconds, attoseconds) = remaining.components
                timeout = Int(seconds) * 1000 + Int((attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
            }
            guard let (easy, isConfigured) = loop.makeHandle() else {
                throw .transport(
                    URLError(.unknown, userInfo: CurlTransfer.userInfo(request.url, "curl_easy_init failed")))
            }
            do {
                let transfer = try CurlTransfer(
                    loop: loop, easy: easy, isConfigured: isConfigured, request: request, url: url, body: body,
                    absoluteURL: absoluteURL, isHTTPS: isHTTPS, configuration: configuration,
                    userAgentLine: userAgentLine, timeoutMilliseconds: timeout, sink: sink)
                if body != nil { transfer.startBody() }
                return transfer
            } catch {
                loop.recycle(easy, keepsOptions: false)
                throw error
            }
        }

        static func unsupportedURLError(_ url: URL?) -> NetworkingError { RequestHeadCheck.unsupportedURLError(url) }

        /// Gives the handle of a transfer that ended (and was read) back to the loop, and stops
        /// the producer of its body, if it has one.
        func recycle(_ transfer: CurlTransfer) {
            transfer.stopBody()
            guard !transfer.sendsTrailers else {
                // libcurl 7.88 keeps a handle's trailer state across transfers, even through
                // `curl_easy_reset`, and the next chunked upload on it would then write its chunk
                // header before its buffer: a handle that sent trailers is never used again.
                transfer.loop.discard(transfer.easy)
                return
            }
            transfer.loop.recycle(transfer.easy, keepsOptions: transfer.endedCleanly)
        }

        /// The loop for a request to `url`. Where HTTP/2 may multiplex, an origin's requests all
        /// go to one loop (they share its connection), as they do under a per-origin limit too
        /// small to share between the loops (see `Configuration.keepsOriginsOnOneLoop`);
        /// otherwise to the loop with the fewest transfers in flight, the first among equals, so
        /// that sequential requests keep reusing one connection.
        func loop(for url: URL, isHTTPS: Bool) -> CurlEventLoop {
            guard loops.count > 1 else { return loops[0] }
            if configuration.keepsOriginsOnOneLoop(isHTTPS: isHTTPS, loopCount: loops.count) {
                var hasher = Hasher()
                hasher.combine(url.host?.lowercased())
                hasher.combine(url.port)
                return loops[Int(UInt(bitPattern: hasher.finalize()) % UInt(loops.count))]
            }
            var chosen = loops[0]
            var fewest = chosen.transfersInFlight
            for loop in loops.dropFirst() where fewest > 0 {
                let count = loop.transfersInFlight
                if count < fewest {
                    chosen = loop
                    fewest = count
                }
            }
            return chosen
        }

        /// Runs `transfer` to its end; cancelling the task cancels the transfer.
        ///
        /// A request (`mayDrive`: not a stream or a download, whose end is not what its caller
        /// waits for) alone in flight, on an idle loop, is started by the sending thread itself
        /// (`CurlEventLoop.drive`): one pass of libcurl puts it on the wire before the loop thread
        /// has even woken up. Otherwise, the loop thread starts it. Either way the task then
        /// suspends until the loop thread ends the transfer.
        func run(_ transfer: CurlTransfer, mayDrive: Bool = false) async -> CurlTransfer.Outcome {
            let isLoneRequest = inFlight.add(1, ordering: .relaxed).newValue == 1 && mayDrive
            defer { inFlight.subtract(1, ordering: .relaxed) }
            var outcome = await runOnce(transfer, mayDrive: isLoneRequest)
            // A pooled connection that received bytes nobody asked for was refused before anything
            // was sent: the same transfer goes out once more, on a connection of its own.
            if transfer.wasRefusedADirtyConnection(outcome), !Task.isCancelled {
                transfer.prepareForFreshConnection()
                outcome = await runOnce(transfer, mayDrive: false)
            }
            // A request the server did not answer (an HTTP/2 GOAWAY left its stream out, or libcurl
            // gave up after its stream was refused again and again): a safe request without a
            // body goes out again, a few times at most, a little later each time.
            var unanswered = 0
            while unanswered < CurlTransfer.unansweredRetryLimit, let retry = transfer.unansweredRetry(after: outcome),
                !Task.isCancelled
            {
                if unanswered > 0 { try? await Task.sleep(for: .milliseconds(25 * unanswered)) }
                unanswered += 1
                transfer.prepare(for: retry)
                outcome = await runOnce(transfer, mayDrive: false)
            }
            // A key that matched no pin of a host whose pins are only reported: nothing was sent,
            // so the same transfer goes out once more without the pins, and its metrics say so.
            if case .finished(let code) = outcome, let host = transfer.url.host,
                CurlTrust.mayProceedDespitePins(code, configuration, host: host), !Task.isCancelled
            {
                transfer.prepareForFreshConnection()
                transfer.pinMismatchHost = host
                _ = ncurl_easy_setopt_pointer(transfer.easy, NCURLOPT_PINNEDPUBLICKEY, nil)
                outcome = await runOnce(transfer, mayDrive: false)
            }
            return outcome
        }

        /// Runs `transfer` once, started by this thread when it `mayDrive` and the loop is idle.
        private func runOnce(_ transfer: CurlTransfer, mayDrive: Bool) async -> CurlTransfer.Outcome {
            let loop = transfer.loop
            let outcome = await withTaskCancellationHandler {
                let drove = mayDrive && loop.drive(transfer)
                if drove, let outcome = transfer.outcomeIfEnded() { return outcome }
                if !drove { loop.submit(transfer) }
                // Unsafe (not checked): the loop resumes each continuation once (CurlTransfer.end).
                return await withUnsafeContinuation { transfer.wait($0) }
            } onCancel: {
                loop.cancel(transfer)
            }
            return transfer.takeOutcome(outcome)
        }

        /// The metrics of the hop `transfer`, started at `startDate`.
        static func metrics(of transfer: CurlTransfer, startDate: Date) -> TransactionMetrics {
            var metrics = CurlMetrics.read(transfer.easy)
            metrics.startDate = startDate
            metrics.queueTime = CurlMetrics.queueTime(of: transfer)
            metrics.pinMismatch = transfer.pinMismatchHost
            return metrics
        }

        /// The response head of a transfer that ended with `outcome`, or the error it ended with.
        /// Call it after the transfer ended, before its handle is recycled.
        static func head(
            of transfer: CurlTransfer, _ outcome: CurlTransfer.Outcome
        ) throws(NetworkingError) -> ResponseHead {
            let url = transfer.url  // the stored URL: `request.url` bridges from NSURLRequest on Linux
            switch outcome {
            case .cancelled:
                throw .cancelled
            case .idleTimeout:
                let seconds = transfer.request.timeoutInterval
                throw .transport(
                    URLError(
                        .timedOut,
                        userInfo: CurlTransfer.userInfo(url, "No data was sent or received for \(seconds) seconds")))
            case .totalTimeout:
                throw totalTimeoutError(url)
            case .rejected(let code):
                throw .transport(
                    URLError(
                        .unknown,
                        userInfo: CurlTransfer.userInfo(url, "curl_multi_add_handle failed (CURLMcode \(code))")
                    ))
            case .finished(let code):
                if let failure = transfer.failure { throw failure }
                guard code == NCURLE_OK else {
                    if let error = outOfDescriptorsError(transfer.notes.pointee.socket_error, url: url) { throw error }
                    if let error = transfer.oversizedHTTP2HeadError(code) { throw error }
                    throw error(
                        forCurlCode: code, message: transfer.errorMessage, url: url, proxy: transfer.proxy,
                        unixSocketPath: transfer.unixSocketPath, osErrno: CurlPathFailure.osErrno(transfer.easy))
                }
                // A head libcurl accepted without its closing blank line is still a head.
                guard let head = transfer.head ?? transfer.makeHead() else { throw .invalidResponse }
                return head
            }
        }
    }
#endif
