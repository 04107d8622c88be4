import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A transport that lets identical requests in flight at the same time share one transfer
/// (request coalescing): the pipeline puts it beneath the interceptors of a request that
/// coalesces (see `RequestOptions.coalesces`), so that each caller's interceptors and observers
/// run, and what is shared is one hop's response, collected whole.
///
/// - Only a `GET` or `HEAD` without a body, whose caller collects the response whole, joins
///   another; anything else (a body, a one-shot stream, a response read as it arrives) is sent
///   through `base` as it is.
/// - The key is the method, the URL and every header field, the credential headers (`CacheKey`)
///   by the identity of their values: callers that differ in any field, or that send as another
///   user (the jar's cookies included, since the hop carries them by now), never share.
/// - Each caller gets its own copy of the response, for its own request; a caller that joined
///   another's transfer has metrics of its own (`TransactionMetrics.joinedTransfer`). A failure
///   reaches every caller. A cancelled caller stops waiting at once; the transfer is cancelled
///   only when every caller has gone (see `TransferCoalescer`).
package struct CoalescingTransport: HTTPTransport {
    /// The transport that sends the shared transfers.
    package let base: any HTTPTransport
    /// Where transfers in flight are shared: one per client, so that its requests find each other.
    package let coalescer: TransferCoalescer

    /// Wraps `base`, sharing transfers through `coalescer`.
    package init(wrapping base: any HTTPTransport, coalescer: TransferCoalescer) {
        self.base = base
        self.coalescer = coalescer
    }

    /// Sends `request`, or joins the identical request's transfer in flight.
    package func send(_ request: TransportRequest) async throws(NetworkingError) -> TransportResponse {
        guard let key = Self.key(for: request) else { return try await base.send(request) }
        let start = Date()
        let base = self.base
        let shared = await coalescer.share(key: key) { () throws(NetworkingError) in
            try await base.exchange(for: request)
        }
        let exchange = try shared.result.get()
        guard shared.joined else { return TransportResponse(exchange) }
        var metrics = TransactionMetrics(startDate: start, endDate: Date(), requestBodyBytes: 0, responseBodyBytes: 0)
        metrics.joinedTransfer = true
        return TransportResponse(
            HTTPExchange(
                request: request.head, head: exchange.head, body: exchange.body, trailers: exchange.trailers,
                metrics: metrics))
    }

    /// The key `request` is shared under, or `nil` when it may not be shared: the method, the URL,
    /// the response body limit and every header field (names lowercased, in order), the credential
    /// headers by the identity of their values.
    package static func key(for request: TransportRequest) -> String? {
        let method = request.method
        guard method == "GET" || method == "HEAD", request.body == nil, request.reading == .whole,
            let url = request.url?.absoluteString
        else { return nil }
        let credentialNames = Set(CacheKey.defaultCredentialHeaders.map { $0.lowercased() })
        var fields: [(name: String, value: String)] = []
        for (name, value) in request.head.allHTTPHeaderFields ?? [:] {
            let name = name.lowercased()
            if !credentialNames.contains(name) { fields.append((name, value)) }
        }
        fields.sort { $0.name < $1.name }
        var base = method + " " + url + "\nlimit: \(request.responseBodyLimit)"
        for field in fields { base += "\n" + field.name + ": " + field.value }
        return CacheKey.key(base, credential: CacheKey.credentialIdentity(of: request.head))
    }
}
