import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The hops of one request: the request to send next, how many redirects were followed to get
/// there, and the cookies each hop carries. The pipeline's hop loop (`TransportStep+Hops.swift`)
/// is its one user:
/// ```swift
/// var hops = RedirectHops(request, policy: redirectPolicy, cookieJar: jar)
/// while true {
///     let response = try await sendOne(hops.current)
///     if try hops.follow(after: response) { continue }  // hops.current is the next request
///     return (hops.current, response, hops.count)
/// }
/// ```
///
/// With a cookie jar, each hop's `Cookie` header is the one the caller set, while the chain is on
/// the original origin, followed by the jar's cookies for that hop's URL; `follow(after:)` gives
/// the jar the response's `Set-Cookie` fields first, so a cookie set by a redirect is sent on the
/// next hop. A loop that returns without calling `follow(after:)` for a final response calls
/// `storeCookies(from:)` instead (calling both stores once).
package struct RedirectHops: Sendable {
    /// The request the chain started with (its origin decides which headers a redirect strips).
    package let original: URLRequest
    /// The request to send now: the original, then each redirect's, with its hop's cookies.
    package private(set) var current: URLRequest
    /// How many redirects were followed.
    package private(set) var count = 0
    /// The policy that decides each hop.
    package let policy: RedirectPolicy
    /// The jar each hop's cookies come from and each response's cookies go to.
    package let cookieJar: (any CookieJar)?
    /// The `Cookie` header the caller set, until the policy strips it (the chain left the origin).
    private var callerCookie: String?
    /// The hop whose response's cookies were stored last.
    private var storedHop = -1

    /// Starts a chain at `request`, its cookies from `cookieJar`.
    package init(_ request: URLRequest, policy: RedirectPolicy, cookieJar: (any CookieJar)? = nil) {
        original = request
        current = request
        self.policy = policy
        self.cookieJar = cookieJar
        guard let cookieJar else { return }
        callerCookie = request.value(forHTTPHeaderField: "Cookie")
        Self.addCookies(to: &current, callerCookie: callerCookie, from: cookieJar)
    }

    /// Whether `response` (to `current`) is a redirect the policy follows: then `current` becomes
    /// the next request. The response's cookies are stored first. Throws what the policy refuses
    /// (too many redirects, an insecure downgrade).
    package mutating func follow(after response: HTTPURLResponse) throws(NetworkingError) -> Bool {
        storeCookies(from: response)
        guard let cookieJar else {
            guard
                let next = try policy.nextRequest(
                    after: response, for: current, original: original, redirectCount: count)
            else { return false }
            current = next
            count += 1
            return true
        }
        // The policy judges the request as the caller made it; the jar adds the next hop's cookies.
        var sent = current
        if sent.value(forHTTPHeaderField: "Cookie") != callerCookie {
            sent.setValue(callerCookie, forHTTPHeaderField: "Cookie")
        }
        guard var next = try policy.nextRequest(after: response, for: sent, original: original, redirectCount: count)
        else { return false }
        callerCookie = next.value(forHTTPHeaderField: "Cookie")
        Self.addCookies(to: &next, callerCookie: callerCookie, from: cookieJar)
        current = next
        count += 1
        return true
    }

    /// Whether `head` (to `current`) is a redirect the policy follows, as `follow(after:)` with
    /// its response; the head of a status that is no redirect is not turned into one.
    package mutating func follow(after head: ResponseHead) throws(NetworkingError) -> Bool {
        guard RedirectPolicy.isRedirect(head.statusCode) else {
            storeCookies(from: head)
            return false
        }
        return try follow(after: head.response)
    }

    /// Gives the jar the `Set-Cookie` fields of `response`, the answer to `current` (once a hop).
    package mutating func storeCookies(from response: HTTPURLResponse) {
        guard let cookieJar, storedHop != count, let url = current.url else { return }
        storedHop = count
        cookieJar.store(from: response, receivedFrom: url)
    }

    /// Gives the jar the `Set-Cookie` fields of `head`, the answer to `current` (once a hop).
    package mutating func storeCookies(from head: ResponseHead) {
        guard let cookieJar, storedHop != count, let url = current.url else { return }
        storedHop = count
        cookieJar.store(from: head, receivedFrom: url)
    }

    /// Sets `request`'s `Cookie` header, which is `callerCookie` (both callers read it from the
    /// request), to the caller's followed by the jar's for its URL; with no cookie in the jar for
    /// it, the header stays the caller's.
    private static func addCookies(to request: inout URLRequest, callerCookie: String?, from jar: any CookieJar) {
        guard let url = request.url, let stored = jar.cookieHeader(for: url) else { return }
        let header = callerCookie.map { $0.isEmpty ? stored : $0 + "; " + stored } ?? stored
        request.setValue(header, forHTTPHeaderField: "Cookie")
    }
}
