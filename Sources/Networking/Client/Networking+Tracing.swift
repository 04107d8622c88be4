extension Networking {
    /// Turns W3C Trace Context on or off for every request (see `TracingSettings`): with `.on`,
    /// each attempt sends a `traceparent` naming the request's trace and a span of its own. A
    /// request continues `TraceContext.current` when the task has one, else starts a trace; its
    /// ids are in `RequestContext.trace`, `RequestCompletion.attemptSpanIDs` and the log.
    ///
    /// ```swift
    /// await networking.setTracing(.on)
    /// ```
    public func setTracing(_ tracing: TracingSettings) {
        self.tracing = tracing
        invalidate()
    }
}

extension Networking {
    /// Runs `operation` with `trace` as `TraceContext.current` when there is one: a detached task
    /// (the one a stream runs in) inherits no task-local value, so the caller's context is carried
    /// over to it explicitly.
    static func continuing(_ trace: TraceContext?, _ operation: () async -> Void) async {
        guard let trace else { return await operation() }
        await TraceContext.$current.withValue(trace) { await operation() }
    }
}
