import Foundation
import Synchronization

/// A cookie jar in memory, under the rules of RFC 6265bis (see <doc:Cookies>): the jar every
/// `Networking` and `HTTPClient` has of its own unless told otherwise. Its cookies last as long
/// as it does. Safe to use from any thread; each call holds a lock for a few microseconds.
public final class InMemoryCookieJar: CookieJar {
    private let store: Mutex<CookieStore>

    /// An empty jar with the given limits: past either, the least recently used cookies go first.
    public init(maximumCookiesPerDomain: Int = 50, maximumCookies: Int = 3000) {
        store = Mutex(CookieStore(maximumCookiesPerDomain: maximumCookiesPerDomain, maximumCookies: maximumCookies))
    }

    /// A jar holding `cookies` (expired ones dropped).
    public convenience init(cookies: [Cookie]) {
        self.init()
        let now = Date()
        store.withLock { store in
            for cookie in cookies { store.insert(cookie, now: now) }
        }
    }

    /// The `Cookie` header value a request to `url` carries, or `nil` when no cookie applies.
    public func cookieHeader(for url: URL) -> String? {
        store.withLock { $0.cookieHeader(for: url) }
    }

    /// Takes the `Set-Cookie` field values of a response to a request for `url`.
    public func store(_ setCookieFields: [String], receivedFrom url: URL) {
        guard !setCookieFields.isEmpty else { return }
        let now = Date()
        store.withLock { store in
            for line in setCookieFields { store.receive(line, from: url, now: now) }
        }
    }

    /// Removes every cookie.
    public func removeAll() {
        store.withLock { $0.removeAll() }
    }

    /// The cookies a request to `url` would carry, in `Cookie` header order.
    public func cookies(for url: URL) -> [Cookie] {
        store.withLock { $0.cookies(for: url) }
    }

    /// Every cookie that has not expired, in no particular order.
    public var allCookies: [Cookie] {
        store.withLock { store in
            store.removeExpired()
            return store.allCookies
        }
    }
}
