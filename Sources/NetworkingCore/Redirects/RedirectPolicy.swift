import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// How redirects are followed, the same on every transport.
///
/// Transports do not follow redirects: each sends one hop, and the pipeline follows the redirects
/// of every request (whatever its transport, fakes included) by its client's policy, the
/// transport's `redirectPolicy` unless the client was given another. The rules (RFC 9110 §15.4):
/// - 301 and 302 turn a `POST` into a `GET`; 303 turns anything but `HEAD` into a `GET`; the body
///   and its `Content-*` headers are dropped when the method changes.
/// - 307 and 308 resend the same method **and body**.
/// - When the scheme, host or port changes, `Authorization`, `Cookie` and
///   `Proxy-Authorization` (the `sensitiveHeaders`; front doors add the credential headers they
///   set, such as the key of `setAuthorizationHeader(headerKey:headerValue:)`) are removed, and
///   stay removed for later hops.
/// - An `https` → `http` redirect is refused with `URLError(.appTransportSecurityRequiresSecureConnection)`
///   unless `allowsInsecureDowngrade` is set.
/// - More than `maxRedirects` hops fail with `URLError(.httpTooManyRedirects)`.
/// - A redirect back to a request the chain already sent (the same URL with the same method and,
///   with a cookie jar, the same cookies) fails at once with the same error, whose message names
///   the circle; the same URL with another method (a `POST` answered by a 303 to its own URL) is
///   followed.
///
/// The redirects a request followed are its metrics' ``TransactionMetrics/redirects``.
public struct RedirectPolicy: Sendable {
    /// The most redirects followed for one request.
    public var maxRedirects: Int
    /// Whether an `https` URL may redirect to `http`.
    public var allowsInsecureDowngrade: Bool
    /// Headers removed when a redirect leaves the original origin.
    public var sensitiveHeaders: [String]

    /// Redirects are followed under the rules above; at most 10 hops.
    public static let `default` = RedirectPolicy()
    /// Redirects are not followed: the 3xx response is returned as it is.
    public static let none = RedirectPolicy(maxRedirects: 0)

    /// Creates a policy.
    public init(
        maxRedirects: Int = 10, allowsInsecureDowngrade: Bool = false,
        sensitiveHeaders: [String] = ["Authorization", "Cookie", "Proxy-Authorization"]
    ) {
        self.maxRedirects = maxRedirects
        self.allowsInsecureDowngrade = allowsInsecureDowngrade
        self.sensitiveHeaders = sensitiveHeaders
    }

    /// This policy, also stripping `names` when a redirect leaves the original origin (a client's
    /// own credential headers), each name once.
    package func stripping(_ names: [String]) -> RedirectPolicy {
        var policy = self
        for name in names where !policy.sensitiveHeaders.contains(where: { $0.caseInsensitiveEquals(name) }) {
            policy.sensitiveHeaders.append(name)
        }
        return policy
    }

    /// Whether this status is a redirect this policy can follow.
    package static func isRedirect(_ statusCode: Int) -> Bool {
        switch statusCode {
        case 301, 302, 303, 307, 308: return true
        default: return false
        }
    }

    /// The request to send next, or `nil` to return `head` as the final answer.
    ///
    /// - Parameters:
    ///   - head: the 3xx response just received, read as it arrived.
    ///   - request: the request that received it.
    ///   - original: the first request of the chain (its origin decides what is stripped).
    ///   - redirectCount: how many redirects were followed before this one.
    package func nextRequest(
        after head: ResponseHead, for request: URLRequest, original: URLRequest, redirectCount: Int
    ) throws(NetworkingError) -> URLRequest? {
        guard maxRedirects > 0, Self.isRedirect(head.statusCode),
            let location = head.header("Location"),
            let base = head.url ?? request.url,
            let target = URL(string: location, relativeTo: base)?.absoluteURL,
            let scheme = target.scheme?.lowercased(), scheme == "http" || scheme == "https"
        else { return nil }
        guard redirectCount < maxRedirects else {
            throw .transport(URLError(.httpTooManyRedirects, userInfo: [NSURLErrorFailingURLErrorKey: target]))
        }
        if !allowsInsecureDowngrade, base.scheme?.lowercased() == "https", scheme == "http" {
            throw .transport(
                URLError(
                    .appTransportSecurityRequiresSecureConnection,
                    userInfo: [
                        NSURLErrorFailingURLErrorKey: target,
                        NSLocalizedDescriptionKey: "Refused a redirect from https to http (\(target.absoluteString))",
                    ]))
        }
        var next = request
        next.url = target
        let method = request.httpMethod?.uppercased() ?? "GET"
        let changesToGet =
            (head.statusCode == 303 && method != "HEAD")
            || ([301, 302].contains(head.statusCode) && method == "POST")
        if changesToGet {
            next.httpMethod = "GET"
            next.httpBody = nil
            next.httpBodyStream = nil
            for name in ["Content-Type", "Content-Length", "Content-Encoding"] {
                next.setValue(nil, forHTTPHeaderField: name)
            }
        }
        if !Self.sameOrigin(target, original.url) {
            for name in sensitiveHeaders {
                next.setValue(nil, forHTTPHeaderField: name)
            }
        }
        return next
    }

    /// Whether two URLs share scheme, host and port (default ports filled in).
    package static func sameOrigin(_ a: URL?, _ b: URL?) -> Bool {
        guard let a, let b else { return false }
        func port(_ url: URL) -> Int? { url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80) }
        return a.scheme?.lowercased() == b.scheme?.lowercased() && a.host?.lowercased() == b.host?.lowercased()
            && port(a) == port(b)
    }
}
