import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The innermost step of every interceptor chain: the edge between the interceptors' `URLRequest`
/// and `HTTPExchange` and the transport's `TransportRequest` and `TransportResponse`.
///
/// It takes the body off the request as an `HTTPBody` (refusing to send a one-shot body twice),
/// sends it hop by hop, following redirects and keeping cookies by the request's `state` (see
/// `sendHops`), and hands the interceptors an exchange: the whole body when the caller collects it
/// (reporting a 2xx body's arrival to `downloadProgress`, when given); for a caller that reads a
/// 2xx body as it arrives (a stream, a download), an empty body with the stream beside it
/// (`HTTPExchange.arrivingBody`), where the pipeline takes it from. Its steps run on their
/// caller's executor (`nonisolated(nonsending)`): the pipeline calls them from its own
/// `@concurrent` entry points, off any actor, so a hop to the pool would be a check for nothing.
package struct TransportStep: Sendable {
    let transport: any HTTPTransport
    /// The request's redirect policy and cookie jar.
    let state: RequestState
    let reading: TransportRequest.BodyReading
    let uploadProgress: ProgressReporter?
    let downloadProgress: ProgressReporter?
    /// The `responseBodyLimit` of the requests sent, when not the default (a download to a file
    /// holds none of its body in memory: `Int.max`).
    let responseBodyLimit: Int
    /// The request's attempts, when it has observers: each call of `send` is one attempt.
    let attempts: AttemptRecorder?

    /// A step that collects the body (reporting its arrival to `downloadProgress`), or with
    /// `reading` `.streamed` hands a 2xx body over as it arrives; redirects are followed by
    /// `state`.
    package init(
        transport: any HTTPTransport, state: RequestState, reading: TransportRequest.BodyReading = .whole,
        uploadProgress: ProgressReporter? = nil, downloadProgress: ProgressReporter? = nil,
        responseBodyLimit: Int = TransportRequest.defaultResponseBodyLimit, attempts: AttemptRecorder? = nil
    ) {
        self.attempts = attempts
        self.transport = transport
        self.state = state
        self.reading = reading
        self.uploadProgress = uploadProgress
        self.downloadProgress = downloadProgress
        self.responseBodyLimit = responseBodyLimit
    }

    /// A step outside any client: redirects are followed by the policy `transport` carries,
    /// without cookies.
    package init(
        transport: any HTTPTransport, reading: TransportRequest.BodyReading = .whole,
        uploadProgress: ProgressReporter? = nil, downloadProgress: ProgressReporter? = nil
    ) {
        self.init(
            transport: transport, state: RequestState(redirectPolicy: .of(transport)), reading: reading,
            uploadProgress: uploadProgress, downloadProgress: downloadProgress)
    }

    /// Sends `request` through the transport, with the body `beside` it unless an interceptor
    /// put one of its own on the head: one attempt of the request, counted here when it is
    /// observed (the attempt ends when its response head, or its failure, reaches the step). Each
    /// time the transport sent the request again on its own (`TransactionMetrics.resends`) counts
    /// as an attempt too.
    package nonisolated(nonsending) func send(
        _ request: URLRequest, beside: BodyBeside? = nil
    ) async throws(NetworkingError) -> HTTPExchange {
        guard let attempts else { return try await attempt(request, beside: beside) }
        var start = attempts.begin()
        do throws(NetworkingError) {
            let exchange = try await attempt(request, beside: beside)
            if let resends = exchange.metrics?.resends, !resends.isEmpty {
                start = attempts.end(start, resentAfter: resends)
            }
            attempts.end(start, .response(statusCode: exchange.statusCode), metrics: exchange.metrics)
            return exchange
        } catch {
            attempts.end(start, .failure(error), metrics: nil)
            throw error
        }
    }

    /// One attempt: the request's hops, and its body collected or handed over as it arrives.
    private nonisolated(nonsending) func attempt(
        _ request: URLRequest, beside: BodyBeside?
    ) async throws(NetworkingError) -> HTTPExchange {
        // Progress is counted as the body arrives, so the transport is asked to stream it.
        var sent = try TransportRequest(
            sending: request, beside: beside, reading: downloadProgress == nil ? reading : .streamed)
        sent.responseBodyLimit = responseBodyLimit
        if let uploadProgress, let body = sent.body { sent.body = body.reportingProgress(to: uploadProgress) }
        let response = try await sendHops(sent)
        let isSuccess = (200..<300).contains(response.statusCode)
        if let downloadProgress, isSuccess {
            return try await response.collect(upTo: responseBodyLimit, reportingTo: downloadProgress)
        }
        guard reading == .streamed else { return try await response.collect(upTo: responseBodyLimit) }
        guard isSuccess, response.completeBody == nil else {
            return try await response.collect(upTo: FileBodyWriter.defaultMaxInMemoryBody)
        }
        return response.exchange
    }
}

// MARK: - The hop loop

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
    package nonisolated(nonsending) func sendHops(
        _ request: TransportRequest
    ) async throws(NetworkingError) -> TransportResponse {
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
    private nonisolated(nonsending) func followRedirects(
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

extension TransportRequest {
    /// The request a chain hands its transport: `request`'s head with its body: the bytes or the
    /// stream an interceptor put on it, or else the body `beside` it. A one-shot body already
    /// sent once fails with `HTTPBody.alreadySentError`.
    package init(sending request: URLRequest, beside: BodyBeside? = nil, reading: BodyReading) throws(NetworkingError) {
        var head = request
        var body: HTTPBody?
        if let beside {
            body = beside.body(for: request)
        } else if let data = request.httpBody {
            body = HTTPBody(data)
        } else if let stream = request.httpBodyStream {
            body = HTTPBody(stream)
        }
        if head.httpBodyStream != nil { head.httpBodyStream = nil }  // the body is `body`
        if let body, !body.claim() { throw HTTPBody.alreadySentError }
        self.init(head: head, body: body, reading: reading)
    }
}
