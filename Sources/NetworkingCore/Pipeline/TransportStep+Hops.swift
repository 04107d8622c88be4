import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension TransportStep {
    /// Sends `request` through the transport one hop at a time: each hop's cookies from the
    /// request's jar, each response's cookies into it, and every redirect the policy follows
    /// (credentials stripped when it leaves the origin, the body sent again after a 307 or 308 if
    /// it can be, none after a redirect to GET, a cycle refused at once). Returns the last hop's
    /// response, its metrics those of the whole request (started with the first hop, listing its
    /// redirects).
    ///
    /// This is where every request's redirects are followed, whatever its transport: the
    /// library's own, a fake, a recorder or a user's.
    package func sendHops(_ request: TransportRequest) async throws(NetworkingError) -> TransportResponse {
        let jar = state.cookieJar
        if jar == nil {
            // Most requests: no jar to consult, and no redirect.
            let response = try await transport.send(request)
            guard RedirectPolicy.isRedirect(response.statusCode), state.redirectPolicy.maxRedirects > 0 else {
                return response
            }
            return try await followRedirects(of: request, after: response)
        }
        return try await followRedirects(of: request, after: nil)
    }

    /// The hop loop, from the first hop's `response` when it was sent already. Its
    /// `RedirectState` decides each redirect, catches a cycle and keeps the history the last
    /// hop's metrics carry.
    private func followRedirects(
        of request: TransportRequest, after first: TransportResponse?
    ) async throws(NetworkingError) -> TransportResponse {
        let startDate = first?.metrics?.startDate ?? Date()
        let start = request.firstHopStart ?? .now
        var redirects = RedirectState(
            request.head, body: request.body, policy: state.redirectPolicy, cookieJar: state.cookieJar)
        var hop = request
        var response: TransportResponse
        if let first {
            response = first
        } else {
            hop.head = redirects.current  // with the jar's cookies
            response = try await transport.send(hop)
        }
        while try redirects.follow(after: response.head) {
            response.cancel()  // a redirect's body is not read
            hop.head = redirects.current
            hop.body = redirects.body
            hop.firstHopStart = start
            response = try await transport.send(hop)
        }
        return redirects.history.isEmpty
            ? response : Self.lastHop(response, redirects: redirects.history, since: startDate)
    }

    /// The last hop's `response` with the metrics of the whole request.
    private static func lastHop(
        _ response: TransportResponse, redirects: [RedirectHop], since startDate: Date
    ) -> TransportResponse {
        var response = response
        var metrics = response.metrics ?? TransactionMetrics(startDate: startDate, endDate: Date())
        metrics.startDate = startDate
        metrics.redirectCount = redirects.count
        metrics.redirects = redirects
        response.metrics = metrics
        return response
    }
}
