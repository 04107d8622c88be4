/// The trace one request belongs to, as observers (``RequestContext/trace``) and logs see it when
/// tracing is on: the ids that join the client's events with the server's.
///
/// The request has a span of its own, `spanID`, a child of the span it was made from (the context
/// it continued) or the root of a new trace. Each attempt it makes has a span of its own, a child
/// of the request's: that is the parent id the server receives in `traceparent`
/// (``RequestCompletion/attemptSpanIDs`` lists them).
public struct RequestTrace: Sendable, Hashable {
    /// The trace.
    public let traceID: TraceContext.TraceID
    /// The request's own span.
    public let spanID: TraceContext.SpanID
    /// The span the request was made from (the context it continued), or `nil` when it started the
    /// trace.
    public let parentSpanID: TraceContext.SpanID?
    /// Whether the trace is sampled.
    public let isSampled: Bool

    /// A request's trace.
    package init(
        traceID: TraceContext.TraceID, spanID: TraceContext.SpanID, parentSpanID: TraceContext.SpanID?,
        isSampled: Bool
    ) {
        self.traceID = traceID
        self.spanID = spanID
        self.parentSpanID = parentSpanID
        self.isSampled = isSampled
    }
}
