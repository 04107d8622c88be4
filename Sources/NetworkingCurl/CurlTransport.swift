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

    extension CurlTransport: RedirectPolicyCarrying {
        /// The policy of `configuration`.
        package var redirectPolicy: RedirectPolicy { configuration.redirectPolicy }
    }
#endif
