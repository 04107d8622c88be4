/// What one request asks of the policies along its way that a `URLRequest` has no field for:
/// whether it needs a credential (a sign-in request does not), how many attempts it may take,
/// whether it may be logged.
///
/// Options travel beside the request, never on it: the pipeline binds them to
/// `RequestOptions.current` while the request's interceptors and transport run, so every
/// interceptor, every replay and every retry of that request reads them, and nothing of them can
/// reach a transport, a fake, a cache or the server. Observers read them from
/// `RequestContext.options`.
///
/// ```swift
/// struct SignInAware: HTTPInterceptor {
///     func intercept(
///         _ request: URLRequest, next: @Sendable (URLRequest) async throws -> HTTPExchange
///     ) async throws -> HTTPExchange {
///         guard RequestOptions.current.requiresAuthentication else { return try await next(request) }
///         var request = request
///         request.setValue("Bearer token", forHTTPHeaderField: "Authorization")
///         return try await next(request)
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

    /// Creates options; the defaults are those of a request that sets none.
    public init(requiresAuthentication: Bool = true, maxAttempts: Int? = nil, printsLogs: Bool = true) {
        self.requiresAuthentication = requiresAuthentication
        self.maxAttempts = maxAttempts.map { Swift.max(1, $0) }
        self.printsLogs = printsLogs
    }

    /// The options of the request whose interceptors and transport are running: bound by the
    /// client for each request; the defaults outside any request.
    @TaskLocal public static var current = RequestOptions()

    /// Runs `operation` with `options` as `current`, binding them only when they differ from the
    /// current ones (the common case, defaults within defaults, costs nothing).
    public static func with<T>(
        _ options: RequestOptions, _ operation: () async throws -> T
    ) async rethrows -> T {
        if options == current { return try await operation() }
        return try await $current.withValue(options, operation: operation)
    }
}
