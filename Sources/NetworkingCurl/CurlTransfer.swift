#if os(Linux)
    import CCurlShim
    import Foundation
    import FoundationNetworking
    import Glibc
    import NetworkingCore
    import Synchronization

    /// One hop of a request on one easy handle: its options, the request body it reads from, the
    /// response head, body and trailers it collects, and how it ended.
    ///
    /// The options are set in `CurlTransfer+Options.swift`, libcurl's callbacks are in
    /// `CurlTransfer+Callbacks.swift`, and a body produced as it is sent comes from a
    /// `CurlUploadPump`.
    ///
    /// `@unchecked Sendable`: the sending task creates and configures it, then hands it to the
    /// event loop through the loop's lock; from then on only the loop's driver touches it (in
    /// libcurl's callbacks and on completion: the loop thread, or the sending thread itself while
    /// it drives a lone request, see `CurlEventLoop.drive`) until the transfer has ended and its
    /// outcome been handed over, after which only the sending task does. The hand-overs (the
    /// mutex, the `handoff` atomic, the continuation) order every access. `cancelRequested` is
    /// the one field read and written concurrently, and it is atomic.
    final class CurlTransfer: @unchecked Sendable {
        /// How a transfer ended, as the loop reports it.
        enum Outcome: Sendable {
            /// libcurl finished it with this `CURLcode`.
            case finished(Int32)
            /// It was cancelled before it finished.
            case cancelled
            /// No byte moved for longer than the request's idle timeout.
            case idleTimeout
            /// Its total deadline passed while it waited for a connection (libcurl enforces the
            /// deadline itself once the transfer has one).
            case totalTimeout
            /// The multi handle refused it (`curl_multi_add_handle` returned this `CURLMcode`).
            case rejected(Int32)
        }

        /// Where the request body comes from.
        enum BodySource {
            case none
            case data(Data)
            case file(descriptor: Int32, size: Int64)
            /// Produced as it is sent (chunked unless the pump has a length).
            case stream(CurlUploadPump)
        }

        /// The event loop that runs the transfer, and the easy handle it lent.
        let loop: CurlEventLoop
        let easy: OpaquePointer
        let request: URLRequest
        /// `request.url` (read once: on Linux every read of it converts from the `NSURLRequest`).
        let url: URL
        let sink: any CurlBodySink
        /// Set by any thread to ask for cancellation; read by the loop when it adds the transfer.
        let cancelRequested = Atomic<Bool>(false)
        /// How the ended transfer reaches its sender (`CurlTransport.run`): the sender may look for
        /// the outcome before it suspends (after driving the transfer itself for a while), so the
        /// loop's driver either leaves the outcome (`ended`) or resumes the continuation the sender
        /// installed (`waiting`), whichever state it finds; the compare-and-exchange on `handoff`
        /// decides, and orders `endedOutcome` and `continuation`.
        enum Handoff: UInt8 {
            case running, ended, waiting
        }
        let handoff = Atomic<UInt8>(Handoff.running.rawValue)
        /// Written by the loop's driver before it marks the transfer `ended`.
        var endedOutcome: Outcome?
        /// Installed by the sender before it marks the transfer `waiting`; resumed once, by the driver.
        var continuation: UnsafeContinuation<Outcome, Never>?

        /// Called by the loop's driver when the transfer ended: the continuation to resume, or `nil`
        /// when the sender has not suspended (it takes `endedOutcome` itself).
        func end(with outcome: Outcome) -> UnsafeContinuation<Outcome, Never>? {
            endedOutcome = outcome
            let (ended, _) = handoff.compareExchange(
                expected: Handoff.running.rawValue, desired: Handoff.ended.rawValue, ordering: .acquiringAndReleasing)
            if ended { return nil }
            // The sender is suspended (or about to be): publish everything the driver wrote, so
            // that `takeOutcome()` after its await is ordered after it by this store.
            handoff.store(Handoff.ended.rawValue, ordering: .releasing)
            defer { continuation = nil }
            return continuation
        }

        /// Whether the transfer ended before sending anything because its pooled connection had
        /// received bytes nobody asked for (the shim's check, see `ncurl_easy_use_shim_sockets`).
        func wasRefusedADirtyConnection(_ outcome: Outcome) -> Bool {
            guard case .finished(let code) = outcome, code == NCURLE_ABORTED_BY_CALLBACK else { return false }
            return notes.pointee.refused_dirty_connection != 0
        }

        /// Makes a transfer that `wasRefusedADirtyConnection` ready to run again, on a new
        /// connection: nothing was sent or received, so only its hand-over state starts afresh.
        func prepareForFreshConnection() {
            notes.pointee.refused_dirty_connection = 0
            notes.pointee.sent_on_serial_connection = 0
            errorBuffer[0] = 0
            endedOutcome = nil
            continuation = nil
            handoff.store(Handoff.running.rawValue, ordering: .releasing)
            setLong(NCURLOPT_FRESH_CONNECT, 1)
        }

        /// The host whose certificate's key matched none of its pins, when report-only trust let
        /// the transfer go ahead without them (see `CurlTransport.run`).
        var pinMismatchHost: String?
        /// Each time the transport sent the request again because the server left it unprocessed
        /// (see `CurlTransport.run`), for its metrics.
        var resends: [TransactionMetrics.Resend] = []
        /// The proxy the request goes through, if any, as the library chose it for the URL (set on
        /// the handle by `configure`, and named by the error of a failure it causes).
        let proxy: Proxy?
        /// Whether the handle must be reset before reuse, to forget the proxy authentication a
        /// 407 made libcurl pick (see `CurlNetworkPath.forgetsProxyAuthentication`).
        let forgetsProxyAuthentication: Bool
        /// The Unix socket every connection goes to, if any (named by the error of a failed connect).
        let unixSocketPath: String?

        /// Whether the request body waits for the go-ahead (`Expect: 100-continue`) of the HTTP
        /// proxy it is forwarded through: a plain request goes to a proxy first without its
        /// credentials (see `CurlNetworkPath.configureHandle`), and a body produced as it is sent
        /// cannot be sent again after the proxy asks for them; a proxy that asks answers before
        /// any byte of the body has left, and libcurl sends the request again, with them.
        var awaitsProxyChallenge: Bool {
            guard case .stream = body, let proxy, proxy.kind == .http, proxy.credentials != nil else { return false }
            return url.scheme?.lowercased() == "http"
        }

        /// Called by the sender after its await: the acquire that orders its reads of the transfer
        /// (head, body, metrics) after the driver's writes, which `end(with:)` published.
        func takeOutcome(_ resumed: Outcome) -> Outcome {
            _ = handoff.load(ordering: .acquiring)
            return resumed
        }

        /// The outcome, if the loop has ended the transfer and no continuation is installed.
        func outcomeIfEnded() -> Outcome? {
            handoff.load(ordering: .acquiring) == Handoff.ended.rawValue ? endedOutcome : nil
        }

        /// Called by the sender inside `withUnsafeContinuation`: installs `continuation`, or resumes
        /// it at once when the loop ended the transfer first.
        func wait(_ continuation: UnsafeContinuation<Outcome, Never>) {
            self.continuation = continuation
            let (installed, _) = handoff.compareExchange(
                expected: Handoff.running.rawValue, desired: Handoff.waiting.rawValue, ordering: .acquiringAndReleasing)
            if installed { return }
            self.continuation = nil
            continuation.resume(returning: endedOutcome ?? .cancelled)
        }
        /// The idle timeout in nanoseconds (0 for none) and when a byte last moved.
        let idleTimeout: UInt64
        var lastActivity: UInt64 = 0
        /// When the whole request must be over (`CurlClock`, 0 for never).
        let deadline: UInt64
        /// The origin whose line the transfer waits in for a connection (`CurlOriginQueue`), or
        /// `nil` when it does not queue there (no per-origin limit, or HTTP/2 multiplexing).
        let origin: String?
        /// When the transfer started waiting in its origin's line (`CurlClock`, 0 if it never did).
        var queuedAt: UInt64 = 0
        /// When the transfer entered the multi handle, and when its first header line came
        /// (`CurlClock`, 0 until then): with libcurl's own timers, how long it waited for a
        /// connection (`queueTime`).
        var startedAt: UInt64 = 0
        var firstHeaderAt: UInt64 = 0
        /// What the shim's socket callbacks learned (`ncurl_easy_use_shim_sockets`): the `errno`
        /// of a `socket()` that failed, whether a pooled connection was refused because bytes
        /// nobody asked for were waiting on it, and whether a request went out on a connection
        /// known to be HTTP/1.x (`unsafeResendRefusal`).
        let notes: UnsafeMutablePointer<ncurl_transfer_notes> = {
            let notes = UnsafeMutablePointer<ncurl_transfer_notes>.allocate(capacity: 1)
            notes.initialize(
                to: ncurl_transfer_notes(socket_error: 0, refused_dirty_connection: 0, sent_on_serial_connection: 0))
            return notes
        }()
        /// Whether the write callback paused the transfer for a slow reader (no idle timeout then).
        var isPaused = false {
            didSet { if isPaused { hasPaused = true } }
        }
        /// Whether the read callback paused the upload until the body's producer has a chunk (no
        /// idle timeout then either: the wait is for the caller, not the network).
        var isSendPaused = false {
            didSet { if isSendPaused { hasPaused = true } }
        }
        /// Whether the transfer was ever paused (its handle is then reset before reuse).
        private(set) var hasPaused = false
        /// Whether the transfer finished without any error, so that its easy handle can be reused
        /// with its options (see `CurlEventLoop.recycle`). A handle that sent a produced body, or
        /// that must forget a proxy's authentication, is reset (and one that sent trailers
        /// discarded: see `CurlTransport.recycle`).
        var endedCleanly: Bool {
            guard case .finished(let code) = endedOutcome else { return false }
            return code == NCURLE_OK && failure == nil && !hasPaused && uploadPump == nil && trailerPump == nil
                && !forgetsProxyAuthentication
        }

        /// Whether the transfer opened a connection (rather than reusing one); read after it ended.
        var openedConnection: Bool {
            var connects = 0
            _ = ncurl_easy_getinfo_long(easy, NCURLINFO_NUM_CONNECTS, &connects)
            return connects > 0
        }

        /// An error a callback decided on (body too large, unreadable body file, failed body).
        var failure: NetworkingError?
        /// The response heads received so far (the loop's driver's until the transfer ends).
        /// Behind a pointer: libcurl calls `receiveHeader` for every header line, and mutating a
        /// stored property of a class is checked for exclusive access at run time each time
        /// (~120 instructions a line); the same hand-overs as for every other field order it.
        let parser: UnsafeMutablePointer<CurlHeadParser> = {
            let parser = UnsafeMutablePointer<CurlHeadParser>.allocate(capacity: 1)
            parser.initialize(to: CurlHeadParser())
            return parser
        }()
        let isHead: Bool
        /// The request body as `HTTPBody`, and where libcurl reads it from.
        let requestBody: HTTPBody?
        var body: BodySource = .none
        var bodyOffset = 0
        /// Whether libcurl has read any of the body since it last rewound it (see
        /// `unsafeResendRefusal`).
        var hasSentBody = false
        /// Where the request body's trailers come from (the body's pump, or for a file a pump that
        /// only computes them), when it has any.
        var trailerPump: CurlUploadPump?
        /// Whether the body goes out in chunked encoding (a produced body of unknown length, or
        /// one with trailers).
        var isChunked = false
        var headerList: OpaquePointer?
        let errorBuffer: UnsafeMutablePointer<CChar>

        /// Configures `easy` (from `loop`) for `request` to `url` (`absoluteURL` its string), whose
        /// scheme is http or https, with `body` (the request's `httpBody` and `httpBodyStream` are
        /// not read); `isConfigured` says whether `easy` already holds the options
        /// `configureHandle` sets (a handle reused after a clean transfer of the same transport);
        /// `userAgentLine` is the transport's `User-Agent` line, sent when the request has none.
        /// Throws `.invalidRequest` for a body file that cannot be read. A produced body starts
        /// being read only at `startBody()`.
        init(
            loop: CurlEventLoop, easy: OpaquePointer, isConfigured: Bool, request: URLRequest, url: URL,
            body: HTTPBody?, absoluteURL: String, isHTTPS: Bool, configuration: CurlTransport.Configuration,
            userAgentLine: String?, timeoutMilliseconds: Int?, sink: any CurlBodySink
        ) throws(NetworkingError) {
            self.loop = loop
            self.easy = easy
            self.request = request
            self.url = url
            self.sink = sink
            self.requestBody = body
            if CurlNetworkPath.choosesProxyPerRequest(configuration.networkPath) {
                let proxy = CurlNetworkPath.proxy(for: url, in: configuration.networkPath)
                self.proxy = proxy
                self.forgetsProxyAuthentication = CurlNetworkPath.forgetsProxyAuthentication(
                    after: proxy, on: configuration.networkPath)
            } else {
                self.proxy = nil
                self.forgetsProxyAuthentication = false
            }
            self.unixSocketPath = configuration.networkPath.unixSocketPath
            let method = Self.uppercased(request.httpMethod ?? "GET")
            self.isHead = method == "HEAD"
            let interval = request.timeoutInterval
            self.idleTimeout = interval > 0 && interval.isFinite ? UInt64(interval * 1_000_000_000) : 0
            self.origin =
                configuration.maximumConnectionsPerHost > 0 && !configuration.multiplexes(isHTTPS: isHTTPS)
                ? "\(isHTTPS ? "https" : "http")://\(url.host ?? ""):\(url.port ?? (isHTTPS ? 443 : 80))" : nil
            self.deadline = timeoutMilliseconds.map { CurlClock.now() &+ UInt64(max(1, $0)) &* 1_000_000 } ?? 0
            self.errorBuffer = .allocate(capacity: Int(NCURL_ERROR_SIZE))
            errorBuffer.initialize(repeating: 0, count: Int(NCURL_ERROR_SIZE))
            if !isConfigured { Self.configureHandle(easy, configuration: configuration) }
            try configure(
                absoluteURL: absoluteURL, isHTTPS: isHTTPS, method: method, resetsMethod: isConfigured,
                configuration: configuration, userAgentLine: userAgentLine, timeoutMilliseconds: timeoutMilliseconds)
        }

        deinit {
            if let headerList { ncurl_slist_free_all(headerList) }
            switch body {
            case .file(let descriptor, _): close(descriptor)
            case .stream(let pump): pump.stop()
            case .none, .data: break
            }
            trailerPump?.stop()
            errorBuffer.deallocate()
            notes.deallocate()
            parser.deinitialize(count: 1)
            parser.deallocate()
        }

        // MARK: - A produced body

        /// Whether the request body has trailers (libcurl's trailer callback points at this transfer).
        var sendsTrailers: Bool { trailerPump != nil }

        /// The pump of a body produced as it is sent, or `nil`.
        var uploadPump: CurlUploadPump? {
            if case .stream(let pump) = body { return pump }
            return nil
        }

        /// Whether the transfer hands a chunked response over undecoded, for its stream to decode
        /// (`CurlChunkDecoder`): a stream whose request body is produced as it is sent, so that the
        /// response can end at its last chunk while the request body is still open.
        var decodesChunksItself: Bool { sink is CurlStreamSink && uploadPump != nil }

        /// Starts producing a body that is sent as it is produced (nothing for any other body).
        func startBody() {
            if let uploadPump, let requestBody { uploadPump.start(requestBody, for: self) }
        }

        /// The transfer has ended: stops the producer of its body or its trailers, if it has one.
        func stopBody() {
            uploadPump?.stop()
            trailerPump?.stop()
        }

        // MARK: - Results (sending task, after completion)

        /// The final response head once it is complete (set by the loop's driver in `finishHead`).
        var head: ResponseHead?

        /// The response head received, or `nil` when none (or no valid status line) was.
        func makeHead() -> ResponseHead? { parser.pointee.makeHead(url: url) }

        /// The trailers that followed the response body (empty for none).
        func makeTrailers() -> HTTPHeaders { parser.pointee.makeTrailers() }

        /// libcurl's own description of the last failure, when it wrote one.
        var errorMessage: String? {
            errorBuffer[0] == 0 ? nil : String(cString: errorBuffer)
        }

        static func userInfo(_ url: URL?, _ description: String) -> [String: Any] {
            var info: [String: Any] = [NSLocalizedDescriptionKey: description]
            if let url { info[NSURLErrorFailingURLErrorKey] = url }
            return info
        }
    }

    /// A monotonic clock in nanoseconds, cheap enough to read in every callback.
    enum CurlClock {
        static func now() -> UInt64 {
            var time = timespec()
            clock_gettime(CLOCK_MONOTONIC, &time)
            return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
        }
    }
#endif
