#if os(Linux)
    import CCurlShim
    import Foundation
    import FoundationNetworking
    import NetworkingCore
    import Synchronization

    /// An `HTTPTransport` that drives libcurl's multi interface directly, on Linux.
    ///
    /// URLSession on Linux is itself a wrapper over libcurl, but costs about 600 µs of CPU per
    /// request and gets several things wrong (see `docs/LinuxURLSession.md`). This transport uses
    /// the same `libcurl.so.4`, loaded at run time with `dlopen` (no headers or development
    /// package are needed to build), with one event-loop thread per transport:
    /// - connections are kept alive and reused; HTTP/2 is negotiated over TLS and multiplexed;
    /// - TLS trusts the system CA store, or `caCertificateFile`, and can pin a public key;
    /// - redirects are followed by `RedirectPolicy`, as on every transport: credentials are
    ///   stripped when the origin changes and 307/308 resend the body;
    /// - a `401` is returned as it is (never a hang), whatever `WWW-Authenticate` says;
    /// - connect, total and idle timeouts have millisecond precision; cancelling the task aborts
    ///   the transfer at once and throws `.cancelled`;
    /// - gzip, deflate, br and zstd bodies are decoded (whatever libcurl was built with);
    /// - bodies stream both ways with bounded memory: a response body read as it arrives
    ///   (`.streamed`) pauses the transfer while its reader falls behind; a request body produced
    ///   by an `AsyncSequence` is sent as it is produced (chunked unless its length is known),
    ///   pausing the upload until the next chunk is ready, while the response is already being
    ///   read (see `CurlTransport+Streaming.swift` and `CurlUploadPump`);
    /// - trailers both ways: a request body's `trailers` are sent after its last chunk, and a
    ///   chunked response's trailers are read into the response (or its stream's `trailers`);
    /// - every exchange carries `TransactionMetrics` from libcurl's timers: DNS, connect, TLS,
    ///   time to first byte, byte counts, reused connection, protocol, redirect count. Phase
    ///   timings and byte counts describe the final hop; byte counts are as sent on the wire
    ///   (before content decoding); `timeToFirstByte` is measured from the final hop's start;
    ///   DNS, connect and TLS are `nil` on a reused connection.
    ///
    /// ```swift
    /// let transport = try CurlTransport()
    /// let networking = Networking(baseURL: "https://api.example.com", transport: transport)
    /// ```
    ///
    /// When libcurl cannot be loaded, `isAvailable` is `false` and `init` throws
    /// `CurlUnavailableError`; `CurlTransport.preferred(configuration:)` falls back to
    /// `URLSessionTransport` instead. No temporary files are ever created.
    public final class CurlTransport: HTTPTransport {
        /// How this transport connects and what it accepts.
        public let configuration: Configuration

        /// The largest response body collected in memory (`configuration.maxResponseBodySize`).
        package var maxResponseBodySize: Int { configuration.maxResponseBodySize }
        /// The event loops (`configuration.eventLoopCount`), each with its own thread and
        /// connection pool; `loop(for:isHTTPS:)` picks one per request.
        let loops: [CurlEventLoop]
        /// Transfers of this transport in flight (`run` drives only one alone).
        let inFlight = Atomic<Int>(0)
        /// The `User-Agent` header line of `configuration.userAgent`, built once.
        let userAgentLine: String?
        /// Why the configuration's network path or trust cannot be used (a malformed setting, or
        /// an environment variable naming an unusable proxy): every request fails with it.
        package let settingsError: NetworkingError?

        /// Whether libcurl could be loaded in this process.
        public static var isAvailable: Bool { CurlLibrary.isAvailable }

        /// The version of the libcurl in use (such as `7.88.1`), or `nil` when it is not available.
        public static var libraryVersion: String? { CurlLibrary.version }

        /// Whether the libcurl in use can speak HTTP/2.
        public static var supportsHTTP2: Bool { CurlLibrary.has(NCURL_VERSION_HTTP2) }

        /// Creates a transport with its own connection pool and event-loop thread (which ends
        /// when the transport is released). Throws when libcurl cannot be loaded.
        public init(configuration: Configuration = Configuration()) throws(CurlUnavailableError) {
            if case .failure(let error) = CurlLibrary.loaded { throw error }
            var configuration = configuration
            do {
                try configuration.networkPath.validate()
                try configuration.trust.validate()
                configuration.networkPath = try configuration.networkPath.resolved()
                self.settingsError = nil
            } catch {
                configuration.networkPath.proxy = .direct
                self.settingsError = error
            }
            self.configuration = configuration
            var loops: [CurlEventLoop] = []
            let count = max(1, configuration.eventLoopCount)
            for index in 0..<count {
                let limits = configuration.connectionLimits(ofLoop: index, among: count)
                loops.append(
                    try CurlEventLoop(
                        perHost: limits.perHost, total: limits.total,
                        busyPollNanoseconds: CurlTransfer.nanoseconds(configuration.busyPollInterval)))
            }
            self.loops = loops
            self.userAgentLine = configuration.userAgent.map { "User-Agent: \($0)" }
        }

        deinit {
            for loop in loops { loop.stop() }
        }

        /// A `CurlTransport` when libcurl can be loaded, otherwise a `URLSessionTransport` with the
        /// same redirect policy and body cap.
        ///
        /// A configuration with a private CA or a pinned key never falls back, since URLSession on
        /// Linux cannot honour either: without libcurl, every request through the returned
        /// transport fails with `.transport(URLError(.secureConnectionFailed))`.
        public static func preferred(configuration: Configuration = Configuration()) -> any HTTPTransport {
            do {
                return try CurlTransport(configuration: configuration)
            } catch {
                if configuration.hasCustomTrust {
                    let failure = NetworkingError.transport(
                        URLError(
                            .secureConnectionFailed,
                            userInfo: [NSLocalizedDescriptionKey: "\(error); the configured TLS trust needs libcurl"]))
                    return ClosureTransport { (_) throws(NetworkingError) -> TransportResponse in throw failure }
                }
                return URLSessionTransport(
                    redirectPolicy: configuration.redirectPolicy,
                    maxResponseBodySize: configuration.maxResponseBodySize, networkPath: configuration.networkPath,
                    trust: configuration.trust)
            }
        }

        /// Sends `request` with libcurl, one hop (the pipeline follows redirects): the whole body
        /// when the caller collects it, else the head as soon as it arrives with the body streamed
        /// (see `openStream(_:body:highWatermark:limit:firstHopStart:observe:)`). Its body is sent
        /// from `request.body` (bytes and files as they are, any other body as it is produced),
        /// never from the head's `httpBody` or `httpBodyStream`.
        public func send(_ request: TransportRequest) async throws(NetworkingError) -> TransportResponse {
            if request.reading == .streamed {
                return try await openStream(
                    request.head, body: request.body, highWatermark: Self.streamHighWatermark,
                    limit: request.responseBodyLimit, firstHopStart: request.firstHopStart, observe: nil)
            }
            return try await collect(request)
        }

        /// Sends `request` with its body collected in memory (up to the request's limit and the
        /// transport's cap).
        private func collect(_ request: TransportRequest) async throws(NetworkingError) -> TransportResponse {
            let startDate = Date()
            let limit = min(request.responseBodyLimit, configuration.maxResponseBodySize)
            let sink = BufferedBodySink(limit: limit)
            let transfer = try makeTransfer(
                request.head, body: request.body, deadline: makeDeadline(from: request.firstHopStart), sink: sink)
            let outcome = await run(transfer, mayDrive: transfer.uploadPump == nil)
            defer { recycle(transfer) }
            let head = try Self.head(of: transfer, outcome)
            return TransportResponse(
                request: request.head, head: head, body: sink.body, trailers: transfer.makeTrailers(),
                metrics: Self.metrics(of: transfer, startDate: startDate))
        }

        static func totalTimeoutError(_ url: URL?) -> NetworkingError {
            .transport(
                URLError(.timedOut, userInfo: CurlTransfer.userInfo(url, "The request exceeded its total timeout")))
        }
    }

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
                let delay = Duration.milliseconds(25 * unanswered)
                transfer.recordResend(retry, after: outcome, delay: delay)
                if unanswered > 0 { try? await Task.sleep(for: delay) }
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
            metrics.resends = transfer.resends
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
                throw transfer.idleTimeoutError()
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
                    if let error = transfer.oversizedHTTP2HeadError(code) ?? transfer.unansweredProtocolError(code) {
                        throw error
                    }
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

    extension CurlTransport: RedirectPolicyCarrying {
        /// The policy of `configuration`.
        package var redirectPolicy: RedirectPolicy { configuration.redirectPolicy }
    }
#endif
