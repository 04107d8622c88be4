import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One request's trace while it is sent: its ids, and a span for each attempt, in the order the
/// attempts are handed to the transport. The pipeline makes one per request only when tracing is
/// on; without it, a request does no work for tracing at all.
package final class RequestTracer: Sendable {
    /// The request's trace.
    package let trace: RequestTrace
    /// The `tracestate` sent beside each `traceparent`, from the context continued.
    private let traceState: String?
    /// The span of each attempt so far.
    private let attempts = Mutex<[TraceContext.SpanID]>([])

    /// The trace of `request`: it continues `options.traceContext`, else `TraceContext.current`,
    /// else it starts a new one. `nil` when the request has a `traceparent` of its own, which is
    /// sent as it is.
    package init?(_ settings: TracingSettings, request: URLRequest, options: RequestOptions) {
        guard !request.hasHeader(namedAnyOf: [Self.traceparentField]) else { return nil }
        let parent = options.traceContext ?? TraceContext.current
        trace = RequestTrace(
            traceID: parent?.traceID ?? .random(), spanID: .random(), parentSpanID: parent?.spanID,
            isSampled: parent?.isSampled ?? settings.samplesNewTraces)
        traceState = parent?.traceState
    }

    /// The span of each attempt so far, in order.
    package var attemptSpanIDs: [TraceContext.SpanID] { attempts.withLock { $0 } }

    /// How many spans the attempts so far were given.
    package var attemptSpanCount: Int { attempts.withLock { $0.count } }

    /// The spans given since there were `count`, in order: those of one attempt's hops.
    package func attemptSpanIDs(from count: Int) -> [TraceContext.SpanID] {
        attempts.withLock { Array($0.dropFirst(count)) }
    }

    /// `request` as one attempt sends it: with a `traceparent` naming a new span (a child of the
    /// request's), and the context's `tracestate` unless the request has one. A request to which an
    /// interceptor gave a `traceparent` of its own is sent as it is, and counts no attempt.
    package func stamped(_ request: TransportRequest) -> TransportRequest {
        guard !request.head.hasHeader(namedAnyOf: [Self.traceparentField]) else { return request }
        let span = TraceContext.SpanID.random()
        attempts.withLock { $0.append(span) }
        var stamped = request
        stamped.head.setValue(
            TraceContext.traceparent(traceID: trace.traceID, spanID: span, isSampled: trace.isSampled),
            forHTTPHeaderField: Self.traceparentField)
        if let traceState, !request.head.hasHeader(namedAnyOf: [Self.tracestateField]) {
            stamped.head.setValue(traceState, forHTTPHeaderField: Self.tracestateField)
        }
        return stamped
    }

    /// `transport`, every request it is handed stamped for this trace: the innermost step sends
    /// each hop through it (see `TracedTransport`).
    package func tracing(_ transport: any HTTPTransport) -> any HTTPTransport {
        TracedTransport(base: transport, tracer: self)
    }

    /// The field names, lowercase as W3C Trace Context spells them.
    static let traceparentField = "traceparent"
    static let tracestateField = "tracestate"
}
