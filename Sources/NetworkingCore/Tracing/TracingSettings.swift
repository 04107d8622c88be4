/// Whether a client's requests carry W3C Trace Context, so that a server's traces and logs join
/// the client's (see ``TraceContext``). Off by default.
///
/// When on, every attempt of every request (each retry, each replay after a token refresh, each
/// redirect hop) sends a `traceparent` field naming the request's trace and a span of its own,
/// a child of the request's span, and the `tracestate` of the context it continues. A request
/// whose headers already have a `traceparent` is sent as it is. Observers read the ids in
/// ``RequestContext/trace`` and ``RequestCompletion/attemptSpanIDs``; logs show them too.
///
/// ```swift
/// await networking.setTracing(.on)
/// let client = HTTPClient(configuration: .init(tracing: .on))
/// ```
public struct TracingSettings: Sendable, Hashable {
    /// Whether requests carry `traceparent`.
    public var isEnabled: Bool
    /// Whether a trace a request starts (when it continues none) is marked sampled, asking the
    /// services downstream to record it (default `true`). A continued trace keeps its own flag.
    public var samplesNewTraces: Bool

    /// Settings; tracing is on unless `isEnabled` is `false`.
    public init(isEnabled: Bool = true, samplesNewTraces: Bool = true) {
        self.isEnabled = isEnabled
        self.samplesNewTraces = samplesNewTraces
    }

    /// No trace context is sent (the default).
    public static let off = TracingSettings(isEnabled: false)
    /// Every request carries a trace context; new traces are sampled.
    public static let on = TracingSettings()
}
