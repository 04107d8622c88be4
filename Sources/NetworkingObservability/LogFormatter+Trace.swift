// The trace of a traced request in its log records (see `RequestContext.trace`), so that they can
// be joined with the server's logs and traces:
//
//   2026-06-14T20:09:58Z ← 200 (452 bytes) in 0.022s [F97CE6EB-…]
//     ~ trace_id=4bf92f3577b34da6a3ce929d0e0e4736 span_id=53995c3f42cd8ad8 attempt_span_ids=00f067aa0ba902b7

extension LogFormatter {
    /// `details` after the line naming the request's trace, its span, the span it continued, and
    /// (once it completed) the span of each attempt; `details` alone for a request not traced.
    static func tracing(
        _ trace: RequestTrace?, attempts: [TraceContext.SpanID] = [], _ details: [String]
    ) -> [String] {
        guard let trace else { return details }
        var line = "  ~ trace_id=\(trace.traceID) span_id=\(trace.spanID)"
        if let parent = trace.parentSpanID { line += " parent_span_id=\(parent)" }
        if !attempts.isEmpty { line += " attempt_span_ids=" + attempts.map(\.description).joined(separator: ",") }
        return [line] + details
    }
}
