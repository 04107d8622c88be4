import Foundation

/// The storage model of RFC 6265bis §5.7 and the retrieval rules of §5.8.3, as a plain value:
/// what a cookie jar keeps, which `Set-Cookie` lines it accepts, and which cookies a request gets.
///
/// The rules, for a line received from a request URL:
/// - A cookie without `Domain` is host-only: sent to that host alone. A `Domain` the host does not
///   domain-match is rejected, so is a `Domain` that is a public suffix (any single label, and
///   every suffix of the Public Suffix List, both its ICANN and its PRIVATE section: `co.uk`,
///   `github.io`) unless it is the host itself (then the cookie is host-only). A host that is an IP
///   address takes host-only cookies only.
/// - `Path` defaults to the request path's directory; a cookie is sent to paths that path-match it.
/// - Only `https` (and `wss`) requests are secure: a `Secure` cookie is never sent over `http`,
///   and is not accepted from an `http` URL, loopback hosts included. Nor may an `http`
///   response overwrite a `Secure` cookie of the same name. `SameSite=None` requires `Secure`.
/// - `__Secure-` cookies must be `Secure`; `__Host-` cookies must also be host-only with `Path=/`.
/// - `Max-Age` wins over `Expires`; either is capped at `maximumLifetime`; a cookie whose
///   expiry has passed (`Max-Age=0`, an `Expires` in the past) deletes the one it replaces.
/// - A cookie that replaces another (same name, domain, host-only flag and path) keeps its
///   creation time. Over `maximumCookiesPerDomain` cookies for a domain, the least recently used
///   of that domain are evicted; over `maximumCookies` in all, the least recently used overall,
///   down to nine tenths of the limit (expired ones always first).
/// - The `Cookie` header lists longer paths first, then earlier creation.
package struct CookieStore: Sendable {
    /// What became of one `Set-Cookie` line.
    package enum Outcome: Sendable, Equatable {
        /// The cookie was stored (new, or replacing one with the same identity).
        case stored
        /// The cookie had expired: the one it replaces, if any, was removed.
        case removed
        /// The line was ignored, for the reason given.
        case ignored(String)
    }

    /// The longest a cookie lives: 400 days (RFC 6265bis §5.6.1, §5.6.2).
    package static let maximumLifetime: TimeInterval = 400 * 86_400

    /// The most cookies kept for one domain.
    package var maximumCookiesPerDomain: Int
    /// The most cookies kept in all.
    package var maximumCookies: Int

    /// The cookies by their `domain`, each list in the order they were stored.
    private var byDomain: [String: [Cookie]] = [:]
    /// How many cookies `byDomain` holds.
    package private(set) var count = 0
    /// The Public Suffix List the `Domain` attributes are checked against (tests choose one).
    var publicSuffixes = PublicSuffixSource.automatic
    /// The creation time given last: creation times are strictly increasing, so that two cookies
    /// of one response keep their order.
    private var lastCreation = Date.distantPast

    /// An empty store with the given limits.
    package init(maximumCookiesPerDomain: Int = 50, maximumCookies: Int = 3000) {
        self.maximumCookiesPerDomain = max(1, maximumCookiesPerDomain)
        self.maximumCookies = max(1, maximumCookies)
    }

    /// Every cookie, in no particular order.
    package var allCookies: [Cookie] { byDomain.values.flatMap { $0 } }

    /// Whether `url` is a secure request: `https` or `wss`.
    package static func isSecure(_ url: URL) -> Bool {
        let scheme = url.scheme?.lowercased()
        return scheme == "https" || scheme == "wss"
    }

    /// Stores the cookie of one `Set-Cookie` field value received in a response to `url`.
    @discardableResult
    package mutating func receive(_ line: String, from url: URL, now: Date = Date()) -> Outcome {
        guard let parsed = SetCookie(line) else { return .ignored("the line does not parse") }
        guard let host = CookieDomain.canonicalHost(of: url) else { return .ignored("the URL has no host") }
        let secureRequest = Self.isSecure(url)
        if parsed.name.isEmpty, Self.hasPrefix(parsed.value, "__secure-") || Self.hasPrefix(parsed.value, "__host-") {
            return .ignored("a nameless cookie's value may not start with a cookie prefix")
        }
        var domain = parsed.domain ?? ""
        if !domain.isEmpty, CookieDomain.isPublicSuffix(domain, in: publicSuffixes) {
            guard domain == host else { return .ignored("Domain=\(domain) is a public suffix") }
            domain = ""
        }
        let isHostOnly: Bool
        if domain.isEmpty || CookieDomain.isIPAddress(host) {
            guard domain.isEmpty || domain == host else { return .ignored("an IP address takes host-only cookies") }
            isHostOnly = true
            domain = host
        } else {
            guard CookieDomain.domainMatches(host: host, domain: domain) else {
                return .ignored("\(host) does not domain-match Domain=\(domain)")
            }
            isHostOnly = false
        }
        let path = parsed.path ?? CookiePath.defaultPath(of: url)
        if parsed.isSecure, !secureRequest { return .ignored("a Secure cookie from an insecure URL") }
        if parsed.sameSite == .none, !parsed.isSecure { return .ignored("SameSite=None without Secure") }
        if Self.hasPrefix(parsed.name, "__secure-"), !parsed.isSecure {
            return .ignored("a __Secure- cookie must be Secure")
        }
        if Self.hasPrefix(parsed.name, "__host-"), !(parsed.isSecure && isHostOnly && parsed.path == "/") {
            return .ignored("a __Host- cookie must be Secure, host-only and have Path=/")
        }
        if !parsed.isSecure, !secureRequest, overshadowsSecureCookie(parsed.name, domain: domain, path: path) {
            return .ignored("an insecure URL may not replace a Secure cookie")
        }
        let expiry: Date?
        if let maxAge = parsed.maxAge {
            expiry = maxAge <= 0 ? Date.distantPast : now.addingTimeInterval(min(Double(maxAge), Self.maximumLifetime))
        } else if let expires = parsed.expires {
            expiry = min(expires, now.addingTimeInterval(Self.maximumLifetime))
        } else {
            expiry = nil
        }
        var cookie = Cookie(
            name: parsed.name, value: parsed.value, domain: domain, path: path, isHostOnly: isHostOnly,
            isSecure: parsed.isSecure, isHTTPOnly: parsed.isHTTPOnly, sameSite: parsed.sameSite, expiresAt: expiry,
            createdAt: now, lastAccessedAt: now)
        let replaced = remove(matching: cookie)
        if cookie.isExpired(at: now) { return replaced == nil ? .ignored("the cookie has expired") : .removed }
        cookie.createdAt = replaced?.createdAt ?? nextCreation(now)
        insert(cookie, now: now)
        return .stored
    }

    /// The cookies a request to `url` carries, in `Cookie` header order; marks them used.
    package mutating func cookies(for url: URL, now: Date = Date()) -> [Cookie] {
        // An empty jar (most clients' most of the time) answers without taking the URL apart.
        guard count > 0, let host = CookieDomain.canonicalHost(of: url) else { return [] }
        let path = CookiePath.requestPath(of: url)
        let secureRequest = Self.isSecure(url)
        var found: [Cookie] = []
        for domain in Self.candidateDomains(of: host) {
            guard var list = byDomain[domain] else { continue }
            let before = list.count
            list.removeAll { $0.isExpired(at: now) }
            for index in list.indices {
                let cookie = list[index]
                guard !cookie.isHostOnly || domain == host,
                    CookiePath.pathMatches(requestPath: path, cookiePath: cookie.path),
                    !cookie.isSecure || secureRequest
                else { continue }
                list[index].lastAccessedAt = now
                found.append(list[index])
            }
            count -= before - list.count
            byDomain[domain] = list.isEmpty ? nil : list
        }
        found.sort { a, b in
            a.path.utf8.count != b.path.utf8.count ? a.path.utf8.count > b.path.utf8.count : a.createdAt < b.createdAt
        }
        return found
    }

    /// The `Cookie` header value for a request to `url`, or `nil` when no cookie applies.
    package mutating func cookieHeader(for url: URL, now: Date = Date()) -> String? {
        let cookies = cookies(for: url, now: now)
        guard !cookies.isEmpty else { return nil }
        return cookies.map(\.headerPair).joined(separator: "; ")
    }

    /// Adds a cookie as it is (for a jar loading its cookies), replacing one with the same
    /// identity; an expired cookie is dropped.
    package mutating func insert(_ cookie: Cookie, now: Date = Date()) {
        remove(matching: cookie)
        guard !cookie.isExpired(at: now) else { return }
        lastCreation = max(lastCreation, cookie.createdAt)
        byDomain[cookie.domain, default: []].append(cookie)
        count += 1
        evict(domain: cookie.domain, now: now)
    }

    /// Removes every expired cookie.
    package mutating func removeExpired(now: Date = Date()) {
        for (domain, list) in byDomain where list.contains(where: { $0.isExpired(at: now) }) {
            let kept = list.filter { !$0.isExpired(at: now) }
            count -= list.count - kept.count
            byDomain[domain] = kept.isEmpty ? nil : kept
        }
    }

    /// Removes every cookie.
    package mutating func removeAll() {
        byDomain = [:]
        count = 0
    }

    /// Removes and returns the cookie with `cookie`'s identity.
    @discardableResult
    private mutating func remove(matching cookie: Cookie) -> Cookie? {
        guard var list = byDomain[cookie.domain], let index = list.firstIndex(where: { $0.hasSameIdentity(as: cookie) })
        else { return nil }
        let removed = list.remove(at: index)
        count -= 1
        byDomain[cookie.domain] = list.isEmpty ? nil : list
        return removed
    }

    /// Whether a `Secure` cookie named `name` exists whose domain and path overlap the new one's.
    private func overshadowsSecureCookie(_ name: String, domain: String, path: String) -> Bool {
        for (existingDomain, list) in byDomain
        where CookieDomain.domainMatches(host: domain, domain: existingDomain)
            || CookieDomain.domainMatches(host: existingDomain, domain: domain)
        {
            let overshadowed = list.contains { existing in
                existing.isSecure && existing.name == name
                    && CookiePath.pathMatches(requestPath: path, cookiePath: existing.path)
            }
            if overshadowed { return true }
        }
        return false
    }

    /// A creation time after every one given before.
    private mutating func nextCreation(_ now: Date) -> Date {
        let next = max(now, lastCreation.addingTimeInterval(0.000_001))
        lastCreation = next
        return next
    }

    /// Evicts from `domain`, then from all, until both limits hold: expired cookies first, then
    /// the least recently used.
    private mutating func evict(domain: String, now: Date) {
        if let list = byDomain[domain], list.count > maximumCookiesPerDomain {
            var kept = list.filter { !$0.isExpired(at: now) }
            while kept.count > maximumCookiesPerDomain, let index = Self.leastRecentlyUsed(in: kept) {
                kept.remove(at: index)
            }
            count -= list.count - kept.count
            byDomain[domain] = kept.isEmpty ? nil : kept
        }
        guard count > maximumCookies else { return }
        removeExpired(now: now)
        guard count > maximumCookies else { return }
        // Down to nine tenths of the limit at once, so that a full jar does not sort on every cookie.
        let excess = count - (maximumCookies - maximumCookies / 10)
        let evicted = allCookies.sorted(by: Self.isUsedBefore).prefix(excess)
        for cookie in evicted { remove(matching: cookie) }
    }

    private static func leastRecentlyUsed(in list: [Cookie]) -> Int? {
        list.indices.min { isUsedBefore(list[$0], list[$1]) }
    }

    private static func isUsedBefore(_ a: Cookie, _ b: Cookie) -> Bool {
        a.lastAccessedAt != b.lastAccessedAt ? a.lastAccessedAt < b.lastAccessedAt : a.createdAt < b.createdAt
    }

    /// The domains whose cookies may apply to `host`: itself and, for a name, each parent domain.
    private static func candidateDomains(of host: String) -> [String] {
        var domains = [host]
        guard !CookieDomain.isIPAddress(host) else { return domains }
        var rest = Substring(host)
        while let dot = rest.utf8.firstIndex(of: UInt8(ascii: ".")) {
            rest = rest[rest.utf8.index(after: dot)...]
            if !rest.isEmpty { domains.append(String(rest)) }
        }
        return domains
    }

    /// Whether `text` starts with `prefix` (given lowercased), in any case.
    private static func hasPrefix(_ text: String, _ prefix: String) -> Bool {
        text.utf8.count >= prefix.utf8.count && text.prefix(prefix.count).lowercased() == prefix
    }
}
