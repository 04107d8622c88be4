/// What one request's hops depend on, in plain sight: the policy its redirects are followed by
/// and the cookie jar of its hops. (Its options go down the interceptor chain with the request;
/// see `OptionsAwareInterceptor`.)
///
/// The pipeline makes one per request from its client's settings and hands it to the innermost
/// step, which follows the redirects and keeps the cookies; work that leaves the request's task
/// (a coalesced download, a stream's producer) captures it as it is.
package struct RequestState: Sendable {
    /// How the request's redirects are followed, the client's own credential headers among those
    /// a redirect to another origin strips.
    package var redirectPolicy: RedirectPolicy
    /// The jar each hop's cookies come from and each response's cookies go to; `nil` for none.
    package var cookieJar: (any CookieJar)?

    /// A request's state; each part is the default unless given.
    package init(redirectPolicy: RedirectPolicy = .default, cookieJar: (any CookieJar)? = nil) {
        self.redirectPolicy = redirectPolicy
        self.cookieJar = cookieJar
    }
}

/// A transport configured with the policy its requests' redirects are followed by (the library's
/// own transports): a client over it, or a step sending through it directly, follows that policy.
package protocol RedirectPolicyCarrying: HTTPTransport {
    /// The policy the redirects of requests through this transport are followed by.
    var redirectPolicy: RedirectPolicy { get }
}

extension RedirectPolicy {
    /// The policy `transport` carries, or the default.
    package static func of(_ transport: any HTTPTransport) -> RedirectPolicy {
        guard let carrying = transport as? any RedirectPolicyCarrying else { return .default }
        return carrying.redirectPolicy
    }
}
