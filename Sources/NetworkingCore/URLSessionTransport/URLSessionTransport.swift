import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The default transport: `URLSession`, with the library's own redirect policy, body cap and the
/// Linux workarounds (see `docs/LinuxURLSession.md` in the project):
/// - a `401` or `407` is the server's response, which the interceptors see: with its body on
///   Apple platforms; on Linux, where answering the challenge would hang, with the body received
///   before the challenge (none);
/// - it sends one hop: URLSession is told not to follow redirects, and the pipeline follows them
///   by `redirectPolicy` (credentials stripped across origins, 307/308 resend the body);
/// - the body is collected into one buffer sized from `Content-Length`, without the 2× peak of
///   `data(for:)`, and a body over `maxResponseBodySize` cancels the transfer.
public final class URLSessionTransport: HTTPTransport {
    /// The session requests run on.
    public let session: URLSession
    /// How the redirects of requests through this transport are followed, by the pipeline of the
    /// client over it (URLSession is told not to follow them).
    public let redirectPolicy: RedirectPolicy
    /// The largest response body collected in memory, in bytes.
    package let maxResponseBodySize: Int
    /// The configuration's `timeoutIntervalForResource`, when it is shorter than the stock seven
    /// days: the transport enforces it itself over a request and its redirects (URLSession on
    /// Linux ignores it).
    let resourceTimeout: TimeInterval?
    let delegate: SessionDelegate
    /// Whether the session stores and sends cookies itself: its configuration kept a cookie
    /// storage (`preparedForNetworking()` removes only the shared one) and sets cookies. Read
    /// once here: `URLSession.configuration` is a copy made on every read.
    package let handlesCookiesItself: Bool
    /// How requests reach their servers (see `init`).
    package let networkPath: NetworkPath
    /// Whom TLS connections trust (see `init`).
    package let trust: ServerTrust
    /// Why `networkPath` or `trust` cannot be honoured here: every request fails with it.
    package let settingsError: NetworkingError?
    /// Whether requests go as upload and download tasks, as a background session
    /// (`URLSessionConfiguration.background(withIdentifier:)`) requires: see
    /// URLSessionTransport+Background.swift.
    let usesBackgroundTasks: Bool

    /// URLSession's stock `timeoutIntervalForResource`: seven days.
    static let stockResourceTimeout: TimeInterval = 7 * 24 * 60 * 60

    /// The default cap on an in-memory response body: 128 MiB.
    @usableFromInline package static let defaultMaxResponseBodySize = 128 * 1024 * 1024

    /// Creates a transport with its own session.
    ///
    /// The configuration is copied. The stock shared `URLCache` and shared cookie jar that
    /// `URLSessionConfiguration.default` carries are dropped (on Linux the cache does no HTTP
    /// caching and both cost about 100 µs per request); a cache or cookie storage you set
    /// yourself is kept. See `URLSessionConfiguration.preparedForNetworking()`.
    ///
    /// A `networkPath` or `trust` this platform's URLSession cannot honour is never ignored:
    /// every request fails with `.invalidRequest` saying what cannot be done (on Linux: a proxy
    /// set in code, a private CA, pins; anywhere: host overrides, a Unix socket, a local
    /// address). On Apple platforms, proxies go to `connectionProxyDictionary` and trust is
    /// checked in the server-trust challenge; what a platform's dictionary cannot hold is refused
    /// the same way (proxy credentials and SOCKS5h anywhere; an IPv6 network of no-proxy hosts on
    /// macOS; an `https` or SOCKS proxy and no-proxy rules elsewhere, where Apple documents the
    /// HTTP proxy keys only).
    ///
    /// A background configuration (`URLSessionConfiguration.background(withIdentifier:)`) sends
    /// every request as an upload task from a file (a body in memory is written to a temporary
    /// file first) or as a download task, whose file is read back at the pace of the response's
    /// reader.
    public convenience init(
        configuration: URLSessionConfiguration = .default, redirectPolicy: RedirectPolicy = .default,
        maxResponseBodySize: Int = URLSessionTransport.defaultMaxResponseBodySize,
        networkPath: NetworkPath = .default, trust: ServerTrust = .system
    ) {
        self.init(
            configuration: configuration, redirectPolicy: redirectPolicy, maxResponseBodySize: maxResponseBodySize,
            networkPath: networkPath, trust: trust, backgroundTasks: nil)
    }

    /// The transport `init(configuration:redirectPolicy:maxResponseBodySize:networkPath:trust:)`
    /// makes; `backgroundTasks` overrides whether requests go as upload and download tasks (by
    /// default: on Apple platforms, when the configuration is a background session's), so that the
    /// tests run that path where there are no background sessions.
    init(
        configuration: URLSessionConfiguration, redirectPolicy: RedirectPolicy, maxResponseBodySize: Int,
        networkPath: NetworkPath, trust: ServerTrust, backgroundTasks: Bool?
    ) {
        let platform = URLSessionPlatform.current
        self.networkPath = networkPath
        self.trust = trust
        self.settingsError = Self.unsupportedSettings(networkPath, trust, on: platform)
        self.redirectPolicy = redirectPolicy
        self.maxResponseBodySize = maxResponseBodySize
        self.delegate = SessionDelegate(maxBodySize: maxResponseBodySize, serverTrust: trust)
        let resource = configuration.timeoutIntervalForResource
        self.resourceTimeout = resource > 0 && resource < Self.stockResourceTimeout ? resource : nil
        self.usesBackgroundTasks = backgroundTasks ?? (platform.isApple && configuration.identifier != nil)
        let prepared = configuration.preparedForNetworking()
        // swift-corelibs-foundation does not read the dictionary: a proxy set in code is refused there.
        if platform.isApple, settingsError == nil,
            let dictionary = try? ConnectionProxyDictionary.make(networkPath.proxy, on: platform)
        {
            prepared.connectionProxyDictionary = dictionary.mapValues(\.base)
        }
        self.handlesCookiesItself = prepared.handlesCookies
        // Delegate calls run inline on the session's work queue: see InlineOperationQueue.
        self.session = URLSession(configuration: prepared, delegate: delegate, delegateQueue: InlineOperationQueue())
    }

    deinit { session.finishTasksAndInvalidate() }

    /// Sends one hop (no redirect following) and waits for its result: the complete body, or only
    /// the head when `sink` makes the task a stream. `sink` is called with the task before it starts.
    func transfer(
        _ request: URLRequest, file: HTTPBody? = nil, deadline: DispatchTime? = nil,
        sink makeSink: (URLSessionDataTask) -> TaskSink = { _ in .memory }
    ) async throws(NetworkingError) -> (HTTPURLResponse, Data, TransactionMetrics?) {
        let task = try makeTask(request, file: file)
        return try await run(task, sink: makeSink(task), deadline: deadline).get()
    }

    /// Creates the task of one hop (not started); a `file` body is uploaded from its file, read
    /// afresh, its progress reported as URLSession sends it.
    func makeTask(_ request: URLRequest, file: HTTPBody? = nil) throws(NetworkingError) -> URLSessionDataTask {
        let request = try sendable(request)
        guard let file, let url = file.fileURL else { return session.dataTask(with: request) }
        let task = session.uploadTask(with: request, fromFile: url)
        if let reporter = file.fileProgress {
            delegate.reportUpload(of: task, to: reporter, totalBytes: file.length)
        }
        return task
    }

    /// `request` as a task sends it, once it passed the checks of every hop (not cancelled,
    /// settings this platform honours, a valid head), without proxy credentials.
    func sendable(_ request: URLRequest) throws(NetworkingError) -> URLRequest {
        if Task.isCancelled { throw .cancelled }
        if let settingsError { throw settingsError }
        try RequestHeadCheck.validate(request)
        return Self.withoutProxyCredentials(request)
    }

    /// Starts `task` and waits for its result.
    ///
    /// Cancellation resolves the continuation itself rather than waiting for URLSession's -999: a
    /// task cancelled before `resume()` may never report back, and the request would hang.
    ///
    /// At `deadline` (a request's resource deadline, see `resourceDeadline(from:)`) the transfer ends
    /// with a timeout, a stream's body included.
    func run(
        _ task: URLSessionTask, sink: TaskSink, deadline: DispatchTime? = nil
    ) async -> TransferResult {
        let delegate = self.delegate
        // The delegate hands each outcome over under its lock (`SessionDelegate.finish`): taking
        // it after the await orders what URLSession's thread built before this task's reads.
        defer { delegate.states.withLock { _ in } }
        return await withTaskCancellationHandler {
            // Unsafe rather than checked (no allocation): the delegate resumes it exactly once (see
            // `SessionDelegate.State.continuation`).
            await withUnsafeContinuation { (continuation: UnsafeContinuation<TransferResult, Never>) in
                delegate.register(task, continuation: continuation, sink: sink)
                if let deadline { delegate.arm(task, deadline: deadline) }
                if Task.isCancelled {
                    delegate.cancel(task)
                } else {
                    task.resume()
                }
            }
        } onCancel: {
            delegate.cancel(task)
        }
    }

    /// The resource deadline of a request whose first hop started at `firstHopStart` (now when
    /// `nil`), if the configuration sets one: redirects count against the whole request's limit.
    func resourceDeadline(from firstHopStart: ContinuousClock.Instant?) -> DispatchTime? {
        guard let resourceTimeout else { return nil }
        guard let firstHopStart else { return .now() + resourceTimeout }
        let elapsed = firstHopStart.duration(to: .now)
        let (seconds, attoseconds) = elapsed.components
        return .now() + (resourceTimeout - (Double(seconds) + Double(attoseconds) / 1e18))
    }
}

/// How one hop ended. Boxed (`indirect`), so that the continuation and the async frames it passes
/// through hold one reference of a size known here (see `NetworkingError`).
indirect enum TransferResult: Sendable {
    /// The response, its body (empty for a stream's head, whose body flows to its sink), and what
    /// the platform measured about the task (Apple platforms; `nil` elsewhere and for a head).
    case success(HTTPURLResponse, Data, TransactionMetrics?)
    case failure(NetworkingError)

    /// The response, body and metrics, or the failure thrown.
    func get() throws(NetworkingError) -> (HTTPURLResponse, Data, TransactionMetrics?) {
        switch self {
        case .success(let response, let body, let metrics): return (response, body, metrics)
        case .failure(let error): throw error
        }
    }
}

extension URLSessionConfiguration {
    /// A copy of this configuration as the library's transport uses it: the stock shared
    /// `URLCache` (or the stock in-memory cache of `.ephemeral`) and the shared cookie jar are
    /// removed, and redirects are left to the library. Anything you set yourself is kept.
    public func preparedForNetworking() -> URLSessionConfiguration {
        guard let copy = self.copy() as? URLSessionConfiguration else { return self }
        if let cache = copy.urlCache,
            cache === URLCache.shared || (cache.diskCapacity == 0 && cache.memoryCapacity == 4 * 1024 * 1024)
        {
            copy.urlCache = nil
            copy.requestCachePolicy = .reloadIgnoringLocalCacheData
        }
        if let cookies = copy.httpCookieStorage, cookies === HTTPCookieStorage.shared {
            copy.httpCookieStorage = nil
            copy.httpShouldSetCookies = false
        }
        return copy
    }
}

extension URLSessionTransport: RedirectPolicyCarrying {}
