import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The cookies of one request's hops, from and into a cookie jar: each hop's `Cookie` header is
/// the one the caller set, while the chain is on the original origin, followed by the jar's
/// cookies for that hop's URL; each response's `Set-Cookie` fields go into the jar before the
/// next hop is chosen, so a cookie set by a redirect is sent on the hop it leads to.
///
/// `RedirectState` keeps one when the request has a jar.
package struct HopCookies: Sendable {
    /// The jar each hop's cookies come from and each response's cookies go to.
    private let jar: any CookieJar
    /// The `Cookie` header the caller set, until the redirect policy strips it (the chain left
    /// the origin).
    private var callerCookie: String?
    /// The hop whose response's cookies were stored last.
    private var storedHop = -1

    /// The cookies of a chain that starts at `request`, which gets the jar's cookies for its URL.
    package init(jar: any CookieJar, first request: inout URLRequest) {
        self.jar = jar
        callerCookie = request.headerValue("Cookie")
        addJarCookies(to: &request)
    }

    /// Gives the jar the `Set-Cookie` fields of `head`, the answer to `request`, the hop numbered
    /// `hop` (counted from 0); a hop's cookies are stored once, however often this is called.
    package mutating func store(from head: ResponseHead, answering request: URLRequest, hop: Int) {
        guard storedHop != hop, let url = request.url else { return }
        storedHop = hop
        jar.store(from: head, receivedFrom: url)
    }

    /// `request` with the `Cookie` header the caller set instead of the jar's: the request the
    /// redirect policy judges, as the caller made it.
    package func asTheCallerMadeIt(_ request: URLRequest) -> URLRequest {
        guard request.headerValue("Cookie") != callerCookie else { return request }
        var request = request
        request.setValue(callerCookie, forHTTPHeaderField: "Cookie")
        return request
    }

    /// Takes `next`, the request the policy chose, as the next hop: its `Cookie` header (the
    /// caller's, unless the policy stripped it) is the caller's from now on, followed by the
    /// jar's cookies for its URL.
    package mutating func adopt(_ next: inout URLRequest) {
        callerCookie = next.headerValue("Cookie")
        addJarCookies(to: &next)
    }

    /// Sets `request`'s `Cookie` header to the caller's followed by the jar's for its URL; with
    /// no cookie in the jar for it, the header stays the caller's.
    private func addJarCookies(to request: inout URLRequest) {
        guard let url = request.url, let stored = jar.cookieHeader(for: url) else { return }
        let header = callerCookie.map { $0.isEmpty ? stored : $0 + "; " + stored } ?? stored
        request.setValue(header, forHTTPHeaderField: "Cookie")
    }
}
