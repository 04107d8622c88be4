import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What was measured about one request. A figure nobody measured is `nil`, never invented.
///
/// URLSession on Linux never delivers `URLSessionTaskMetrics`, so there the library fills what it
/// measures itself (start and end, byte counts, redirects, cache); the phase timings (DNS,
/// connect, TLS), time to first byte, connection reuse and protocol stay `nil` unless a
/// transport can see them. On Apple platforms `URLSessionTransport` distils them from the
/// `URLSessionTaskMetrics` of the final hop.
public struct TransactionMetrics: Sendable, Hashable {
    /// The figures, shared by copies until one of them changes a figure. Metrics travel inside
    /// every exchange and response through the pipeline's steps, each of which copies them; one
    /// reference is copied with a retain where the figures would be copied whole, with a retain
    /// for each of their arrays and strings.
    private var storage: Storage

    /// When the request started.
    public var startDate: Date {
        get { storage.figures.startDate }
        set { figures.startDate = newValue }
    }
    /// When the response was complete.
    public var endDate: Date {
        get { storage.figures.endDate }
        set { figures.endDate = newValue }
    }
    /// Seconds the request waited for a connection, behind the transport's limit of
    /// connections per host or in all, before it could be sent; `0` when it waited for none.
    public var queueTime: TimeInterval? {
        get { storage.figures.queueTime }
        set { figures.queueTime = newValue }
    }
    /// Seconds spent resolving the host name.
    public var domainLookup: TimeInterval? {
        get { storage.figures.domainLookup }
        set { figures.domainLookup = newValue }
    }
    /// Seconds spent establishing the connection (TCP, including TLS).
    public var connect: TimeInterval? {
        get { storage.figures.connect }
        set { figures.connect = newValue }
    }
    /// Seconds spent on the TLS handshake.
    public var secureConnection: TimeInterval? {
        get { storage.figures.secureConnection }
        set { figures.secureConnection = newValue }
    }
    /// Seconds from the start to the first response byte.
    public var timeToFirstByte: TimeInterval? {
        get { storage.figures.timeToFirstByte }
        set { figures.timeToFirstByte = newValue }
    }
    /// Request body bytes sent.
    public var requestBodyBytes: Int64? {
        get { storage.figures.requestBodyBytes }
        set { figures.requestBodyBytes = newValue }
    }
    /// Response body bytes received.
    public var responseBodyBytes: Int64? {
        get { storage.figures.responseBodyBytes }
        set { figures.responseBodyBytes = newValue }
    }
    /// Redirects followed: `redirects.count` for a request whose redirects the library followed.
    public var redirectCount: Int {
        get { storage.figures.redirectCount }
        set { figures.redirectCount = newValue }
    }
    /// The redirects followed, in order: each hop's URL, method and status, and where it pointed
    /// (see ``RedirectHop``); empty when the request was not redirected. A chain that came back to
    /// a request it had sent fails instead, naming the circle (see ``RedirectPolicy``).
    public var redirects: [RedirectHop] {
        get { storage.figures.redirects }
        set { figures.redirects = newValue }
    }
    /// Whether the response came from a cache rather than the network.
    public var isFromCache: Bool {
        get { storage.figures.isFromCache }
        set { figures.isFromCache = newValue }
    }
    /// Whether the request joined a transfer another request had started for the same resource
    /// (see `RequestOptions.coalesces`) instead of sending one of its own: its start and end are
    /// its own wait, and it moved no bytes (both byte counts `0`, no phase timings), so that
    /// adding up the metrics of every request counts each transfer once. `false` by default.
    public var joinedTransfer: Bool {
        get { storage.figures.joinedTransfer }
        set { figures.joinedTransfer = newValue }
    }
    /// Whether the connection was reused, when known.
    public var isReusedConnection: Bool? {
        get { storage.figures.isReusedConnection }
        set { figures.isReusedConnection = newValue }
    }
    /// The protocol used (`http/1.1`, `h2`), when known.
    public var networkProtocol: String? {
        get { storage.figures.networkProtocol }
        set { figures.networkProtocol = newValue }
    }
    /// The host whose certificate's public key matched none of the keys pinned for it, when
    /// report-only pinning (`ServerTrust.PinEnforcement.reportOnly`) let the request through;
    /// `nil` when every pinned key matched or nothing was pinned.
    public var pinMismatch: String? {
        get { storage.figures.pinMismatch }
        set { figures.pinMismatch = newValue }
    }
    /// Every attempt of the request, in order, when it made more than one (retried, or replayed
    /// after a token refresh; see ``RequestAttempt``), each with its own metrics; empty for a
    /// request sent once, and in the metrics of one attempt. The other figures are those of the
    /// last attempt.
    public var attempts: [RequestAttempt] {
        get { storage.figures.attempts }
        set { figures.attempts = newValue }
    }
    /// Each time the transport sent the last hop again on its own because the server had not
    /// processed it (an HTTP/2 GOAWAY or refused stream; see ``Resend``), in order; empty when it
    /// went out once. The other figures are those of the send that was answered.
    public var resends: [Resend] {
        get { storage.figures.resends }
        set { figures.resends = newValue }
    }

    /// Creates metrics; only the start and end are required.
    public init(
        startDate: Date, endDate: Date, domainLookup: TimeInterval? = nil, connect: TimeInterval? = nil,
        secureConnection: TimeInterval? = nil, timeToFirstByte: TimeInterval? = nil, requestBodyBytes: Int64? = nil,
        responseBodyBytes: Int64? = nil, redirectCount: Int = 0, isFromCache: Bool = false,
        isReusedConnection: Bool? = nil, networkProtocol: String? = nil, queueTime: TimeInterval? = nil
    ) {
        storage = Storage(
            Figures(
                startDate: startDate, endDate: endDate, queueTime: queueTime, domainLookup: domainLookup,
                connect: connect, secureConnection: secureConnection, timeToFirstByte: timeToFirstByte,
                requestBodyBytes: requestBodyBytes, responseBodyBytes: responseBodyBytes,
                redirectCount: redirectCount, isFromCache: isFromCache, isReusedConnection: isReusedConnection,
                networkProtocol: networkProtocol))
    }

    /// Seconds from start to end.
    public var duration: TimeInterval { endDate.timeIntervalSince(startDate) }

    /// The figures, for a change: copied first when another copy of the metrics shares them.
    private var figures: Figures {
        get { storage.figures }
        _modify {
            if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.figures) }
            yield &storage.figures
        }
    }

    /// Whether two metrics hold the same figures.
    public static func == (lhs: TransactionMetrics, rhs: TransactionMetrics) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.figures == rhs.storage.figures
    }

    /// Hashes the figures.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(storage.figures)
    }
}

extension TransactionMetrics {
    /// The stored figures; each property of ``TransactionMetrics`` reads and writes one.
    fileprivate struct Figures: Hashable {
        var startDate: Date
        var endDate: Date
        var queueTime: TimeInterval?
        var domainLookup: TimeInterval?
        var connect: TimeInterval?
        var secureConnection: TimeInterval?
        var timeToFirstByte: TimeInterval?
        var requestBodyBytes: Int64?
        var responseBodyBytes: Int64?
        var redirectCount: Int = 0
        var redirects: [RedirectHop] = []
        var isFromCache: Bool = false
        var joinedTransfer: Bool = false
        var isReusedConnection: Bool?
        var networkProtocol: String?
        var pinMismatch: String?
        var attempts: [RequestAttempt] = []
        var resends: [Resend] = []
    }

    /// Where the figures are kept. `@unchecked Sendable` because `figures` is a `var`: it is
    /// changed only through `TransactionMetrics.figures`, which copies the storage first unless
    /// the metrics being changed hold its only reference, so a storage two holders (two threads)
    /// can see is never changed again.
    fileprivate final class Storage: @unchecked Sendable {
        var figures: Figures

        init(_ figures: Figures) { self.figures = figures }
    }
}

extension URLRequest {
    /// The size of the body as far as the library can know it without sending it: the in-memory
    /// body's size, `0` when there is no body, `nil` for a body streamed from a file or a stream.
    package var inMemoryBodyByteCount: Int64? {
        if let body = httpBody { return Int64(body.count) }
        if httpBodyStream != nil { return nil }
        return 0
    }
}
