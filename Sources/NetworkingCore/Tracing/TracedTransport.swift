/// The transport beneath a traced request's innermost step: each request the step hands it (the
/// first hop, each redirect hop, the hops of each retry and of each replay) is stamped with the
/// request's trace and a span of its own (see `RequestTracer.stamped`), then sent by `base`.
///
/// Wrapping the transport, rather than the hop loop, puts the stamp exactly where a hop leaves the
/// pipeline, whichever of the loop's paths sends it.
struct TracedTransport: HTTPTransport {
    /// The step's transport (a store, fakes or a cache in front of a transport, or the transport).
    let base: any HTTPTransport
    /// The request's trace.
    let tracer: RequestTracer

    func send(_ request: TransportRequest) async throws(NetworkingError) -> TransportResponse {
        try await base.send(tracer.stamped(request))
    }
}
