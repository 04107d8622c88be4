/// Where a request stands in a distributed trace: the trace it belongs to and the span it is made
/// from, as W3C Trace Context (`traceparent` and `tracestate`, https://www.w3.org/TR/trace-context/)
/// carries them from one service to the next.
///
/// With tracing on (``TracingSettings``), every request sends a `traceparent` field. A request
/// continues the context it is given, its own span a child of `spanID`: for one request,
/// ``RequestOptions/traceContext`` (an endpoint's ``Endpoint/traceContext``); for every request a
/// task makes, ``TraceContext/current``, which a server framework or the app binds around the calls.
/// Without either, the request starts a trace of its own.
///
/// ```swift
/// // A server handler continues the trace of the request it is serving.
/// let incoming = TraceContext(traceparent: "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01")
/// let user: Result<User, NetworkingError> = await TraceContext.$current.withValue(incoming) {
///     await networking.get("/users/1")
/// }
/// ```
public struct TraceContext: Sendable, Hashable {
    /// The trace.
    public let traceID: TraceID
    /// The span the request is made from: the parent of the request's own span.
    public let spanID: SpanID
    /// Whether the trace is sampled (bit 0 of the trace flags): whether the caller may be recording
    /// it, so that the services downstream record their part too.
    public let isSampled: Bool
    /// The `tracestate` list sent beside `traceparent` (each tracing system's own entries), passed
    /// through unchanged, or `nil` for none. A list of more than 32 members keeps its first 32; a
    /// value with a character a header field cannot carry (outside printable ASCII and tab), or with
    /// no member, is dropped.
    public let traceState: String?

    /// The context of the span `spanID` of the trace `traceID`.
    public init(traceID: TraceID, spanID: SpanID, isSampled: Bool = true, traceState: String? = nil) {
        self.traceID = traceID
        self.spanID = spanID
        self.isSampled = isSampled
        self.traceState = Self.normalizedTraceState(traceState)
    }

    /// The context the requests made in the current task continue when tracing is on and the
    /// request gives none of its own (``RequestOptions/traceContext``); `nil` (the default) for a
    /// new trace per request. Bind it with `TraceContext.$current.withValue(_:operation:)`.
    @TaskLocal public static var current: TraceContext?
}
