import Foundation

// Cookies: each `Networking` has a jar of its own in memory unless told otherwise; the pipeline
// applies it on every hop of a request, for every kind of request and every transport.

extension Networking {
    /// Sets the cookie jar requests use (`nil` turns cookies off: none is stored or sent, except
    /// a `Cookie` header set with `setHeaderFields`). Pass a `FileCookieJar` to keep cookies
    /// across launches, an `HTTPCookieStorageJar` to share Foundation's storage, or one jar to
    /// several clients to share their cookies.
    public func setCookieJar(_ jar: (any CookieJar)?) {
        cookieJar = jar
        invalidate()
    }

    /// Sets which cookie jar requests use (see `CookieHandling`; `.ownJar` gives this instance a
    /// new, empty jar of its own).
    package func setCookieHandling(_ handling: CookieHandling) {
        setCookieJar(handling.makeJar(for: transport))
    }
}
