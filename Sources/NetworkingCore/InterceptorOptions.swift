import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Per-request instructions to interceptors, carried on the `URLRequest` itself.
///
/// Some policies need to know something about one request that a `URLRequest` has no field for:
/// whether it needs a credential (a sign-in request does not), or how many attempts it may take.
/// Those travel as *option headers*: documented `X-Networking-…` header fields that the endpoint
/// layer (or you) set, that interceptors read, and that `InterceptorChain` removes just before the
/// request reaches the transport, so they are never sent, never seen by a fake or a cache, and
/// never appear in `HTTPExchange.request`.
///
/// Why headers rather than something hidden: the `URLRequest` is the one value that goes through
/// every interceptor and every replay, so an option on it cannot be lost by a retry or a refresh;
/// a task-local would be lost as soon as work hops to a detached task (requests run in one), and
/// `URLProtocol` properties do not survive bridging on Linux. Being headers, the options are also
/// plain to see in a test or a debugger.
///
/// ```swift
/// var request = URLRequest(url: signInURL)
/// request.requiresAuthentication = false   // AuthTokenInterceptor leaves it alone
/// request.maxAttempts = 1                  // RetryInterceptor never retries it
/// ```
extension URLRequest {
    /// The option header saying whether a request needs a credential: `false` means it does not.
    /// Absent (the default) means it does.
    public static let requiresAuthenticationHeader = "X-Networking-Requires-Auth"

    /// The option header giving a request its own attempt budget for `RetryInterceptor` (a
    /// positive integer: the first attempt plus retries), overriding the interceptor's `maxAttempts`.
    public static let maxAttemptsHeader = "X-Networking-Max-Attempts"

    /// Every option header; `InterceptorChain` removes them before the transport.
    public static let interceptorOptionHeaders = [requiresAuthenticationHeader, maxAttemptsHeader, printsLogsHeader]

    /// Whether the request needs a credential. `true` unless set to `false`; authentication
    /// interceptors attach credentials only to requests that need them, and leave the others
    /// (sign-in, sign-up, public endpoints) untouched.
    public var requiresAuthentication: Bool {
        get {
            guard let value = headerValue(Self.requiresAuthenticationHeader) else { return true }
            return value.trimmingCharacters(in: .whitespaces).lowercased() != "false"
        }
        set {
            setValue(newValue ? nil : "false", forHTTPHeaderField: Self.requiresAuthenticationHeader)
        }
    }

    /// The request's own attempt budget (first attempt included), or `nil` to use the retry
    /// policy's. Values below 1 are stored as 1; an unreadable header reads as `nil`.
    public var maxAttempts: Int? {
        get {
            guard let value = headerValue(Self.maxAttemptsHeader),
                let attempts = Int(value.trimmingCharacters(in: .whitespaces))
            else { return nil }
            return Swift.max(1, attempts)
        }
        set {
            setValue(newValue.map { String(Swift.max(1, $0)) }, forHTTPHeaderField: Self.maxAttemptsHeader)
        }
    }

    /// The request without its option headers: what a transport sends.
    public func removingInterceptorOptions() -> URLRequest {
        guard let fields = allHTTPHeaderFields, fields.keys.contains(where: Self.mayBeOptionHeader) else { return self }
        let present = Self.interceptorOptionHeaders.filter { name in
            fields.keys.contains { $0.caseInsensitiveEquals(name) }
        }
        guard !present.isEmpty else { return self }
        var request = self
        for name in present { request.setValue(nil, forHTTPHeaderField: name) }
        return request
    }

    /// Whether `name` starts with `X-N` (ASCII case folded), as every option header does: a quick
    /// test that rules out the ordinary headers of a request.
    private static func mayBeOptionHeader(_ name: String) -> Bool {
        var bytes = name.utf8.makeIterator()
        return bytes.next().map { $0 | 0x20 } == UInt8(ascii: "x") && bytes.next() == UInt8(ascii: "-")
            && bytes.next().map { $0 | 0x20 } == UInt8(ascii: "n")
    }
}
