import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Where a client keeps cookies: it gives each request the `Cookie` header the request's URL
/// gets and takes the `Set-Cookie` fields of each response.
///
/// The pipeline calls a jar on every hop of a request, redirects included, whatever the
/// transport (a fake or a transport of one's own too), so a cookie set by a redirect response is
/// sent on the redirected request and a hop to another origin gets that origin's cookies only.
/// The calls are synchronous and run on the request's threads: a jar must be cheap and thread-safe, and must not block on input or output (a jar
/// that persists its cookies writes them elsewhere, as `FileCookieJar` does).
///
/// The library's jars are `InMemoryCookieJar` (the default of every `Networking` and
/// `HTTPClient`), `FileCookieJar` (persistent) and `HTTPCookieStorageJar` (Foundation's storage,
/// to share `HTTPCookieStorage.shared` with the rest of an app on purpose).
public protocol CookieJar: Sendable {
    /// The `Cookie` header value a request to `url` carries, or `nil` when no cookie applies.
    func cookieHeader(for url: URL) -> String?

    /// Takes the `Set-Cookie` field values of a response to a request for `url`. A line the jar
    /// rejects is ignored; it never fails the request.
    func store(_ setCookieFields: [String], receivedFrom url: URL)

    /// Removes every cookie.
    func removeAll()
}

extension CookieJar {
    /// Takes the `Set-Cookie` fields of `head`, received for a request to `url`.
    package func store(from head: ResponseHead, receivedFrom url: URL) {
        guard head.containsField("Set-Cookie"), let combined = head.header("Set-Cookie") else { return }
        store(SetCookie.fieldValues(in: combined), receivedFrom: url)
    }
}
