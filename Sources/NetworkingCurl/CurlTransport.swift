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
    /// - bodies can be streamed (`stream(_:)`, with back-pressure: a reader that falls behind
    ///   pauses the transfer), written to a file as they arrive (`download(_:to:progress:)`) and
    ///   reported as progress, all with bounded memory (see `CurlTransport+Streaming.swift` and
    ///   `CurlTransport+Transfers.swift`);
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
        public var maxResponseBodySize: Int { configuration.maxResponseBodySize }
        /// The event loops (`configuration.eventLoopCount`), each with its own thread and
        /// connection pool; `loop(for:isHTTPS:)` picks one per request.
        let loops: [CurlEventLoop]
        /// Transfers of this transport in flight (`run` polls only for one alone), and whether
        /// polling for a lone one has been paying (`CurlLonePolling`).
        let inFlight = Atomic<Int>(0)
        let lonePolling = Mutex(CurlLonePolling())
        /// `configuration.loneRequestInterval` in nanoseconds.
        let loneRequestNanoseconds: UInt64
        /// The `User-Agent` header line of `configuration.userAgent`, built once.
        let userAgentLine: String?

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
            self.configuration = configuration
            var loops: [CurlEventLoop] = []
            for _ in 0..<max(1, configuration.eventLoopCount) {
                loops.append(
                    try CurlEventLoop(
                        maximumConnectionsPerHost: configuration.maximumConnectionsPerHost,
                        busyPollNanoseconds: CurlTransfer.nanoseconds(configuration.busyPollInterval)))
            }
            self.loops = loops
            self.loneRequestNanoseconds = CurlTransfer.nanoseconds(configuration.loneRequestInterval)
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
                    maxResponseBodySize: configuration.maxResponseBodySize)
            }
        }

        /// Sends `request` with libcurl, following redirects: the whole body when the caller
        /// collects it, else the head as soon as it arrives with the body streamed (see
        /// `openStream(_:highWatermark:limit:observe:)`).
        public func send(_ request: TransportRequest) async throws(NetworkingError) -> TransportResponse {
            var head = request.head
            if let body = request.body {
                if let file = body.fileURL {
                    if head.fileBodyURL != file { head.httpBodyStream = FileBodyStream(fileURL: file) }
                } else if let data = body.data {
                    if head.httpBody == nil { head.httpBody = data }
                } else {
                    head.httpBodyStream = nil
                    head.httpBody = try await body.collect(upTo: configuration.maxResponseBodySize)
                }
            }
            if request.reading == .streamed {
                return try await openStream(
                    head, highWatermark: Self.streamHighWatermark, limit: request.responseBodyLimit, observe: nil)
            }
            let exchange = try await collect(head, progress: nil) { BufferedBodySink(limit: $0) }
            return TransportResponse(
                request: exchange.request, head: exchange.head, body: exchange.body, metrics: exchange.metrics)
        }

        /// Sends `request`, following redirects, with each hop's body collected in memory by a new
        /// sink from `makeSink` (given the body cap).
        func collect(
            _ request: URLRequest, progress: (@Sendable (TransferProgress) -> Void)?,
            makeSink: (Int) -> some CollectingBodySink
        ) async throws(NetworkingError) -> HTTPExchange {
            let startDate = Date()
            let deadline = makeDeadline()
            var hops = RedirectHops(request, policy: configuration.redirectPolicy)
            while true {
                let sink = makeSink(configuration.maxResponseBodySize)
                let transfer = try makeTransfer(hops.current, deadline: deadline, sink: sink, progress: progress)
                let outcome = await run(transfer, mayPoll: true)
                defer { recycle(transfer) }
                let head = try Self.head(of: transfer, outcome)
                // Only a redirect status needs the head as an `HTTPURLResponse` (see `ResponseHead`).
                if try hops.follow(after: head) { continue }
                let metrics = Self.metrics(of: transfer, startDate: startDate, redirects: hops.count)
                return HTTPExchange(request: hops.current, head: head, body: sink.body, metrics: metrics)
            }
        }

        static func totalTimeoutError(_ url: URL?) -> NetworkingError {
            .transport(
                URLError(.timedOut, userInfo: CurlTransfer.userInfo(url, "The request exceeded its total timeout")))
        }
    }
#endif
