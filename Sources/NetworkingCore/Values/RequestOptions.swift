/// What one request asks of the policies along its way that a `URLRequest` has no field for:
/// whether it needs a credential (a sign-in request does not), how many attempts it may take,
/// whether it may be logged.
///
/// Options travel beside the request, never on it: the client hands them down the interceptor
/// chain with the request, so every interceptor that reads them (an `OptionsAwareInterceptor`),
/// every replay and every retry of that request gets them, and nothing of them can reach a
/// transport, a fake, a cache or the server. An interceptor may change them for the rest of the
/// chain. Observers read them from `RequestContext.options`. An endpoint sets them
/// (`requiresAuthentication`, `shouldPrintLogs`); a request of the `Networking` actor starts with
/// the defaults.
///
/// ```swift
/// struct SignInAware: OptionsAwareInterceptor {
///     func intercept(
///         _ request: URLRequest, options: RequestOptions,
///         next: @Sendable (URLRequest, RequestOptions) async throws -> HTTPExchange
///     ) async throws -> HTTPExchange {
///         guard options.requiresAuthentication else { return try await next(request, options) }
///         var request = request
///         request.setValue("Bearer token", forHTTPHeaderField: "Authorization")
///         return try await next(request, options)
///     }
/// }
/// ```
public struct RequestOptions: Sendable, Hashable {
    /// Whether the request needs a credential (default `true`). Authentication interceptors attach
    /// credentials only to requests that need them, and leave the others (sign-in, sign-up, public
    /// endpoints) untouched.
    public var requiresAuthentication: Bool
    /// The request's own attempt budget, the first attempt included, or `nil` (the default) for the
    /// retry policy's. Values below 1 are stored as 1.
    public var maxAttempts: Int? {
        didSet { maxAttempts = maxAttempts.map { Swift.max(1, $0) } }
    }
    /// Whether loggers may record the request (default `true`); the library's loggers, and the
    /// loggers a client is given, honour it.
    public var printsLogs: Bool
    /// The trace the request continues when its client has tracing on (see `TracingSettings`), in
    /// place of `TraceContext.current`; `nil` (the default) for the task's, or a new trace. Read
    /// once, when the request starts: unlike the other options, it reaches the server, as the
    /// parent of the request's span in `traceparent`. An endpoint sets it with `traceContext`.
    public var traceContext: TraceContext? = nil
    /// Whether the request may share its transfer with identical requests in flight at the same
    /// time (request coalescing): `true` or `false` decide for this request, `nil` (the default)
    /// leaves it to the client (`Networking.setCoalescesRequests(_:)`,
    /// `HTTPClient.Configuration.coalescesRequests`, both off unless set). Only a `GET` or `HEAD`
    /// without a body whose response is collected whole joins another: same URL, same header
    /// fields (its credential included), each caller running its own interceptors and observers
    /// and decoding its own copy. Read once, when the request starts. An endpoint sets it with
    /// `coalesces`.
    public var coalesces: Bool? = nil
    /// Where the request's attempts are recorded, when it has observers (see `attemptRecorder`).
    package var recorderSlot = AttemptRecorderSlot()

    /// Creates options; the defaults are those of a request that sets none.
    public init(requiresAuthentication: Bool = true, maxAttempts: Int? = nil, printsLogs: Bool = true) {
        self.requiresAuthentication = requiresAuthentication
        self.maxAttempts = maxAttempts.map { Swift.max(1, $0) }
        self.printsLogs = printsLogs
    }
}
