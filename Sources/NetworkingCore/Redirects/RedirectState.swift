import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The redirect state of one request: the redirects it followed, the request and body to send
/// now, and the policy that decides each redirect. The pipeline's hop loop
/// (`TransportStep.swift`) owns one for each request that is redirected or has a cookie jar:
/// ```swift
/// var redirects = RedirectState(request, body: body, policy: policy, cookieJar: jar)
/// var response = try await sendOne(redirects.current, redirects.body)
/// while try redirects.follow(after: response.head) {  // redirects.current is the next request
///     response = try await sendOne(redirects.current, redirects.body)
/// }
/// return (response, redirects.history)
/// ```
///
/// `follow(after:)` takes each response through the same steps:
/// 1. its `Set-Cookie` fields go into the jar (`HopCookies`), so a cookie a redirect sets is sent
///    on the hop it leads to;
/// 2. the policy decides (`RedirectPolicy.nextRequest`), reading the head as received: whether it
///    is a redirect to follow, the limit, an `https` → `http` downgrade, the method a 301, 302 or
///    303 changes, and the credentials a redirect to another origin strips, judged against the
///    original request;
/// 3. a cycle fails at once (below);
/// 4. the body goes again after a redirect that keeps the method (307, 308; 301 and 302 but for
///    a `POST`) unless it is a one-shot body, which fails with `HTTPBody.alreadySentError`; after
///    one that changed the method (to `GET`) there is none;
/// 5. the redirect joins `history`.
///
/// A cycle is a redirect to a request the chain already sent: the same URL, as the `Location`
/// resolves (its fragment, which is never sent, aside), with the same method, and, when a cookie
/// jar chose the hops' cookies, the same `Cookie` header. Such a request gets the answer it got
/// before, so the chain would only go round until the limit: `follow(after:)` throws
/// `.transport(URLError(.httpTooManyRedirects))`, the error of the limit, with a message naming
/// the circle ("The redirects went in a circle: https://a/x → https://b/y → https://a/x.").
///
/// The same URL with another method is a new request, not a cycle: `POST /form` answered by a 303
/// to `/form` is the Post/Redirect/Get pattern, and its `GET` is followed. Bodies need no
/// comparing: within one chain a method that stays the same carries the same body (the first
/// hop's, or none once a 303 made it a `GET`, and a `GET` stays one). Cookies a redirect set
/// (a sign-in round trip, A → B, which sets a session cookie → A) make the request back a new one
/// too; the same cookies again make it a cycle. Anything that goes round changing every time is
/// stopped by the limit.
package struct RedirectState: Sendable {
    /// The request the chain started with (its origin decides which headers a redirect strips).
    package let original: URLRequest
    /// The request to send now: the original, then each redirect's, with its hop's cookies.
    package private(set) var current: URLRequest
    /// The body to send with `current`: the request's own, or none once a redirect changed the
    /// method.
    package private(set) var body: HTTPBody?
    /// The redirects followed, in order; empty until the first.
    package private(set) var history: [RedirectHop] = []
    /// The policy that decides each redirect.
    package let policy: RedirectPolicy
    /// Each hop's cookies, when the request has a jar.
    private var cookies: HopCookies?
    /// The `Cookie` header each hop in `history` was sent with, when the request has a jar: a
    /// cycle is the same request again, and the jar's cookies are what a redirect can change.
    private var sentCookies: [String?] = []

    /// Starts a chain at `request` and its `body`, its cookies from `cookieJar`.
    package init(
        _ request: URLRequest, body: HTTPBody? = nil, policy: RedirectPolicy, cookieJar: (any CookieJar)? = nil
    ) {
        original = request
        current = request
        self.body = body
        self.policy = policy
        guard let cookieJar else { return }
        cookies = HopCookies(jar: cookieJar, first: &current)
    }

    /// How many redirects were followed.
    package var count: Int { history.count }

    /// Whether `head`, the answer to `current`, is a redirect to follow: then `current` and `body`
    /// are the next hop's. Throws what the policy refuses (the limit, an insecure downgrade), a
    /// cycle, and a one-shot body that would have to go again.
    package mutating func follow(after head: ResponseHead) throws(NetworkingError) -> Bool {
        cookies?.store(from: head, answering: current, hop: history.count)
        guard RedirectPolicy.isRedirect(head.statusCode) else { return false }
        // The policy judges the request as the caller made it; the jar adds the next hop's cookies.
        let judged = cookies?.asTheCallerMadeIt(current) ?? current
        guard
            var next = try policy.nextRequest(
                after: head, for: judged, original: original, redirectCount: history.count),
            let url = current.url, let location = next.url
        else { return false }
        cookies?.adopt(&next)
        let method = HTTPMethod(rawValue: current.httpMethod ?? "GET")
        history.append(RedirectHop(url: url, method: method, statusCode: head.statusCode, location: location))
        if cookies != nil { sentCookies.append(current.headerValue("Cookie")) }
        if let first = firstVisit(of: next) {
            throw Self.cycle(through: history[first...].map(\.url) + [location])
        }
        if next.httpMethod != current.httpMethod {
            body = nil
        } else if let body, body.iterationBehavior == .single {
            throw HTTPBody.alreadySentError
        }
        current = next
        return true
    }

    /// The index in `history` of the hop that sent `request` already, if one did.
    private func firstVisit(of request: URLRequest) -> Int? {
        guard let url = request.url else { return nil }
        let target = Self.withoutFragment(url)
        let method = HTTPMethod(rawValue: request.httpMethod ?? "GET")
        let cookie = cookies == nil ? nil : request.headerValue("Cookie")
        return history.indices.first { index in
            history[index].method == method && Self.withoutFragment(history[index].url) == target
                && (cookies == nil || sentCookies[index] == cookie)
        }
    }

    /// `url` as text, without its fragment: the part a request sends.
    private static func withoutFragment(_ url: URL) -> Substring {
        let text = url.absoluteString
        return text.firstIndex(of: "#").map { text[..<$0] } ?? text[...]
    }

    /// The error of a chain that came back to where it had been: `urls` from the first visit to
    /// the return, the error of the limit with a sentence naming them.
    private static func cycle(through urls: [URL]) -> NetworkingError {
        let circle = urls.map(\.absoluteString).joined(separator: " → ")
        var info: [String: Any] = [NSLocalizedDescriptionKey: "The redirects went in a circle: \(circle)."]
        if let last = urls.last { info[NSURLErrorFailingURLErrorKey] = last }
        return .transport(URLError(.httpTooManyRedirects, userInfo: info))
    }
}
