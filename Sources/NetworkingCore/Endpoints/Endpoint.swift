import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One call of an API, described once: where it goes, what it sends, and how it is treated.
///
/// Group the calls of a feature into an enum so they share a base URL, an authentication policy
/// and decoding rules. Only `baseURL`, `path` and `method` are required; every other member has a
/// default in a protocol extension.
///
/// The payload can be described in either of two styles:
/// - `body` (any `Encodable`, sent as JSON) and `queryParameters`; or
/// - `task` (`.none`, `.queryParameters`, `.rawBody`, `.encodableBody`, `.rawBodyAndQuery`,
///   `.encodableBodyAndQuery`, `.requestBody`).
///
/// `task` is what is sent. Its default is built from `body` and `queryParameters`, so an endpoint
/// implements one style or the other; if it implements `task`, `body` and `queryParameters` are
/// ignored.
///
/// ```swift
/// enum AuthEndpoint: Endpoint {
///     case login(email: String, password: String)
///     case currentUser
///
///     var baseURL: URL { URL(string: "https://api.example.com")! }
///     var path: String {
///         switch self {
///         case .login: "/v1/auth/login"
///         case .currentUser: "/v1/users/me"
///         }
///     }
///     var method: HTTPMethod {
///         switch self {
///         case .login: .post
///         case .currentUser: .get
///         }
///     }
///     var body: (any Encodable & Sendable)? {
///         guard case let .login(email, password) = self else { return nil }
///         return LoginRequest(email: email, password: password)
///     }
///     var requiresAuthentication: Bool {
///         if case .login = self { return false }
///         return true
///     }
/// }
/// ```
///
/// `NetworkRequestable` is another name for this protocol.
public protocol Endpoint: Sendable {
    /// The root of the API; `path` is joined to it by `URLComposer`'s rule.
    var baseURL: URL { get }

    /// The path joined to `baseURL` (it may carry a query of its own, or be an absolute URL).
    var path: String { get }

    /// The method.
    var method: HTTPMethod { get }

    /// What the request sends: body and query. Default: built from `body` and `queryParameters`.
    var task: HTTPTask { get }

    /// A body sent as JSON (`Data` is sent as it is). Default `nil`. Ignored when the endpoint
    /// implements `task`.
    var body: (any Encodable & Sendable)? { get }

    /// Query parameters (see `HTTPTask.Parameters` for the values allowed). Default `nil`. Ignored
    /// when the endpoint implements `task`.
    var queryParameters: [String: any Sendable]? { get }

    /// Headers for this endpoint; they override the client's. Default `nil`.
    var headers: [String: String]? { get }

    /// Whether the request needs the user's credential. Default `true`; return `false` for
    /// sign-in, sign-up and other public calls so authentication interceptors leave them alone.
    var requiresAuthentication: Bool { get }

    /// The timeout of the request, in seconds. Default 60 (`URLRequest`'s).
    var timeoutInterval: TimeInterval { get }

    /// The `URLRequest` cache policy. Default `.useProtocolCachePolicy`.
    var cachePolicy: URLRequest.CachePolicy { get }

    /// How many times the request is sent again after a failure (so `2` means up to three
    /// attempts). Default `-1`: any negative value means "the client's `maxRetries`".
    ///
    /// A count of 0 or more is the endpoint opting in: the whole request is sent again after any
    /// failure (network, status, decoding, an error an interceptor threw), whatever the method,
    /// waiting at least 0.2 s before the first retry and twice as long before each next one.
    /// Cancellation, an invalid request and a one-shot stream body that started being sent are
    /// never retried. With the client's `maxRetries` instead, only idempotent requests (see
    /// `isIdempotent`) are retried, and only after transient failures (the client's
    /// `RetryInterceptor`).
    var retryCount: Int { get }

    /// Whether sending the request twice has the same effect as sending it once, which is what
    /// makes it safe to retry under the client's `maxRetries`. Default: the method's (`GET`,
    /// `HEAD`, `PUT`, `DELETE`, `OPTIONS`, `TRACE`). Return `true` for a `POST` that the server
    /// de-duplicates (an idempotency key) to let it be retried. An endpoint's own `retryCount`
    /// applies whatever this says.
    var isIdempotent: Bool { get }

    /// Whether loggers record this request. Default `true`; return `false` for endpoints whose
    /// traffic must never reach a log (the flag travels on the request, see
    /// `URLRequest.shouldPrintLogs` and `RequestContext.shouldPrintLogs`).
    var shouldPrintLogs: Bool { get }

    /// The trace this request continues when the client has tracing on (see `TracingSettings`), in
    /// place of `TraceContext.current` (it becomes `RequestOptions.traceContext`). Default `nil`:
    /// the task's, or a new trace.
    var traceContext: TraceContext? { get }

    /// Whether this request may share its transfer with identical requests in flight (it becomes
    /// `RequestOptions.coalesces`). Default `nil`: the client's
    /// `HTTPClient.Configuration.coalescesRequests` decides.
    var coalesces: Bool? { get }

    /// What the `.test` and `.preview` environments answer instead of sending the request.
    /// Default `nil`: in those environments the request then fails with an error naming the endpoint.
    var sampleData: Data? { get }

    /// How response keys are decoded. Default `.useDefaultKeys`, which keeps the client's decoder's.
    var keyDecodingStrategy: JSONDecoder.KeyDecodingStrategy { get }

    /// How response dates are decoded. Default `.deferredToDate`, which keeps the client's
    /// decoder's (ISO-8601 unless configured otherwise).
    var dateDecodingStrategy: JSONDecoder.DateDecodingStrategy { get }

    /// How body keys are encoded. Default `.useDefaultKeys`, which keeps the client's encoder's.
    /// Keys written in a `.rawBody` dictionary are always sent as written.
    var keyEncodingStrategy: JSONEncoder.KeyEncodingStrategy { get }

    /// How body dates are encoded. Default `.deferredToDate`, which keeps the client's encoder's
    /// (ISO-8601 unless configured otherwise).
    var dateEncodingStrategy: JSONEncoder.DateEncodingStrategy { get }
}

extension Endpoint {
    /// Built from `body` and `queryParameters`: a body, a query, both or neither.
    public var task: HTTPTask {
        switch (body, queryParameters) {
        case (nil, nil): return .none
        case (nil, let query?): return .queryParameters(query)
        case (let body?, nil): return .encodableBody(body)
        case (let body?, let query?): return .encodableBodyAndQuery(body: body, queryParameters: query)
        }
    }

    /// No body.
    public var body: (any Encodable & Sendable)? { nil }
    /// No query parameters.
    public var queryParameters: [String: any Sendable]? { nil }
    /// No headers of the endpoint's own; the client's are sent.
    public var headers: [String: String]? { nil }
    /// `true`: the request needs the user's credential.
    public var requiresAuthentication: Bool { true }
    /// 60 seconds, `URLRequest`'s default.
    public var timeoutInterval: TimeInterval { 60 }
    /// `.useProtocolCachePolicy`.
    public var cachePolicy: URLRequest.CachePolicy { .useProtocolCachePolicy }
    /// `-1`: the client's `maxRetries` applies.
    public var retryCount: Int { -1 }
    /// Whether the method is idempotent (see `HTTPMethod.isIdempotent`).
    public var isIdempotent: Bool { method.isIdempotent }
    /// `true`: loggers record this request.
    public var shouldPrintLogs: Bool { true }
    /// `nil`: the request continues `TraceContext.current`, or starts a trace.
    public var traceContext: TraceContext? { nil }
    /// `nil`: the client's `HTTPClient.Configuration.coalescesRequests` decides.
    public var coalesces: Bool? { nil }
    /// No sample data: the `.test` and `.preview` environments fail the request.
    public var sampleData: Data? { nil }
    /// `.useDefaultKeys`, which keeps the client's decoder's strategy.
    public var keyDecodingStrategy: JSONDecoder.KeyDecodingStrategy { .useDefaultKeys }
    /// `.deferredToDate`, which keeps the client's decoder's strategy.
    public var dateDecodingStrategy: JSONDecoder.DateDecodingStrategy { .deferredToDate }
    /// `.useDefaultKeys`, which keeps the client's encoder's strategy.
    public var keyEncodingStrategy: JSONEncoder.KeyEncodingStrategy { .useDefaultKeys }
    /// `.deferredToDate`, which keeps the client's encoder's strategy.
    public var dateEncodingStrategy: JSONEncoder.DateEncodingStrategy { .deferredToDate }
}
