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
    /// When the request started.
    public var startDate: Date
    /// When the response was complete.
    public var endDate: Date
    /// Seconds the request waited for a connection, behind the transport's limit of
    /// connections per host or in all, before it could be sent; `0` when it waited for none.
    public var queueTime: TimeInterval?
    /// Seconds spent resolving the host name.
    public var domainLookup: TimeInterval?
    /// Seconds spent establishing the connection (TCP, including TLS).
    public var connect: TimeInterval?
    /// Seconds spent on the TLS handshake.
    public var secureConnection: TimeInterval?
    /// Seconds from the start to the first response byte.
    public var timeToFirstByte: TimeInterval?
    /// Request body bytes sent.
    public var requestBodyBytes: Int64?
    /// Response body bytes received.
    public var responseBodyBytes: Int64?
    /// Redirects followed: `redirects.count` for a request whose redirects the library followed.
    public var redirectCount: Int
    /// The redirects followed, in order: each hop's URL, method and status, and where it pointed
    /// (see ``RedirectHop``); empty when the request was not redirected. A chain that came back to
    /// a request it had sent fails instead, naming the circle (see ``RedirectPolicy``).
    public var redirects: [RedirectHop] = []
    /// Whether the response came from a cache rather than the network.
    public var isFromCache: Bool
    /// Whether the request joined a transfer another request had started for the same resource
    /// (see `RequestOptions.coalesces`) instead of sending one of its own: its start and end are
    /// its own wait, and it moved no bytes (both byte counts `0`, no phase timings), so that
    /// adding up the metrics of every request counts each transfer once. `false` by default.
    public var joinedTransfer = false
    /// Whether the connection was reused, when known.
    public var isReusedConnection: Bool?
    /// The protocol used (`http/1.1`, `h2`), when known.
    public var networkProtocol: String?
    /// The host whose certificate's public key matched none of the keys pinned for it, when
    /// report-only pinning (`ServerTrust.PinEnforcement.reportOnly`) let the request through;
    /// `nil` when every pinned key matched or nothing was pinned.
    public var pinMismatch: String?
    /// Every attempt of the request, in order, when it made more than one (retried, or replayed
    /// after a token refresh; see ``RequestAttempt``), each with its own metrics; empty for a
    /// request sent once, and in the metrics of one attempt. The other figures are those of the
    /// last attempt.
    public var attempts: [RequestAttempt] = []
    /// Each time the transport sent the last hop again on its own because the server had not
    /// processed it (an HTTP/2 GOAWAY or refused stream; see ``Resend``), in order; empty when it
    /// went out once. The other figures are those of the send that was answered.
    public var resends: [Resend] = []

    /// Creates metrics; only the start and end are required.
    public init(
        startDate: Date, endDate: Date, domainLookup: TimeInterval? = nil, connect: TimeInterval? = nil,
        secureConnection: TimeInterval? = nil, timeToFirstByte: TimeInterval? = nil, requestBodyBytes: Int64? = nil,
        responseBodyBytes: Int64? = nil, redirectCount: Int = 0, isFromCache: Bool = false,
        isReusedConnection: Bool? = nil, networkProtocol: String? = nil, queueTime: TimeInterval? = nil
    ) {
        self.startDate = startDate
        self.endDate = endDate
        self.domainLookup = domainLookup
        self.connect = connect
        self.secureConnection = secureConnection
        self.timeToFirstByte = timeToFirstByte
        self.requestBodyBytes = requestBodyBytes
        self.responseBodyBytes = responseBodyBytes
        self.redirectCount = redirectCount
        self.isFromCache = isFromCache
        self.isReusedConnection = isReusedConnection
        self.networkProtocol = networkProtocol
        self.queueTime = queueTime
    }

    /// Seconds from start to end.
    public var duration: TimeInterval { endDate.timeIntervalSince(startDate) }
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
