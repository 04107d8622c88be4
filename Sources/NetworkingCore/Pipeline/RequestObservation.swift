import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One request as its observers see it, whatever its kind (a verb, an endpoint call in any
/// environment, a download, a transfer, a stream): one start, an end for each attempt (see
/// `AttemptRecorder`) and one completion.
///
/// When every observer listens to failures only (`RequestObserver.observesFailuresOnly`, the
/// default logger's case), a success is not reported at all (unless report-only pinning found a
/// key that matched no pin) and a failure reports its start and completion together; until then only the start time is kept (uptime nanoseconds, no object).
package struct RequestObservation: Sendable {
    private let observers: [any RequestObserver]
    private let request: URLRequest
    /// The body beside the head, when it is a file or a stream.
    private let beside: BodyBeside?
    private let kind: RequestContext.Kind
    private let options: RequestOptions
    /// The request's trace, when tracing is on: its ids in the context, its attempts' spans in the
    /// completion.
    private let tracer: RequestTracer?
    /// The context whose start was reported, or `nil` while failures only are observed.
    private let started: RequestContext?
    /// The request's attempts: the pipeline hands the recorder to the innermost step, which counts
    /// them, and down the chain in the options, for the interceptors that label them.
    package let attempts: AttemptRecorder
    private let since = DispatchTime.now().uptimeNanoseconds

    /// Starts observing `request` (with the body `beside` it, if it has one, and traced by
    /// `tracer` when tracing is on); `nil` when there are no observers.
    package init?(
        observers: [any RequestObserver], request: URLRequest, beside: BodyBeside? = nil, kind: RequestContext.Kind,
        options: RequestOptions, tracer: RequestTracer? = nil
    ) {
        guard !observers.isEmpty else { return nil }
        self.observers = observers
        self.request = request
        self.beside = beside
        self.kind = kind
        self.options = options
        self.tracer = tracer
        if observers.allSatisfy(\.observesFailuresOnly) {
            started = nil
        } else {
            let context = Self.context(
                of: request, bodyFile: beside?.body.fileURL, kind: kind, options: options, trace: tracer?.trace)
            for observer in observers { observer.requestStarted(context) }
            started = context
        }
        attempts = AttemptRecorder(observers: observers, context: started, tracer: tracer)
    }

    /// `options` with this request's attempt recorder, for the interceptor chain.
    package func recording(_ options: RequestOptions) -> RequestOptions {
        var options = options
        options.attemptRecorder = attempts
        return options
    }

    /// Tells the observers how the request ended: `exchange` is the final response when there
    /// was one (its metadata, and its metrics unless `metrics` are given), `bytes` the body bytes
    /// received when they did not stay in memory.
    package func complete(
        _ failure: NetworkingError?, exchange: HTTPExchange?, bytes: Int64? = nil, metrics: TransactionMetrics? = nil
    ) {
        let context: RequestContext
        if let started {
            context = started
        } else {
            // A success nobody listens to, unless report-only pinning found a mismatch in it.
            // Read in place: a copy of the metrics (dates, redirects, attempts) costs more than the rest.
            let pinMismatch = metrics != nil ? metrics?.pinMismatch != nil : exchange?.metrics?.pinMismatch != nil
            guard failure != nil || pinMismatch else { return }
            context = Self.context(
                of: request, bodyFile: beside?.body.fileURL, kind: kind, options: options, trace: tracer?.trace)
            for observer in observers { observer.requestStarted(context) }
        }
        let elapsed = DispatchTime.now().uptimeNanoseconds &- since
        let duration = Duration.nanoseconds(Int64(clamping: elapsed))
        let byteCount = bytes ?? exchange.map { Int64($0.body.count) } ?? 0
        let outcome: RequestOutcome =
            failure.map { .failure($0) } ?? .success(statusCode: exchange?.statusCode ?? 0, byteCount: Int(byteCount))
        let attempts = attempts.attempts
        // Nothing was measured of a request that got no response and moved no body bytes, beyond
        // its attempts when there were several.
        var measured =
            metrics ?? exchange?.metrics
            ?? (exchange == nil && bytes == nil && attempts.isEmpty
                ? nil
                : TransactionMetrics(
                    startDate: Date(timeIntervalSinceNow: -Double(elapsed) / 1e9), endDate: Date(),
                    requestBodyBytes: beside.map { $0.body.length } ?? request.inMemoryBodyByteCount,
                    responseBodyBytes: byteCount))
        if !attempts.isEmpty { measured?.attempts = attempts }
        let completion = RequestCompletion(
            context: context, outcome: outcome, duration: duration, metrics: measured, exchange: exchange,
            attemptSpanIDs: tracer?.attemptSpanIDs ?? [], attemptCount: self.attempts.count)
        for observer in observers { observer.requestCompleted(completion) }
    }

    private static func context(
        of request: URLRequest, bodyFile: URL?, kind: RequestContext.Kind, options: RequestOptions,
        trace: RequestTrace?
    ) -> RequestContext {
        RequestContext(
            method: HTTPMethod(rawValue: request.httpMethod ?? "GET"), url: request.url,
            headers: HTTPHeaders(request.allHTTPHeaderFields ?? [:]), body: request.httpBody, kind: kind,
            options: options, bodyFile: bodyFile, trace: trace)
    }
}
