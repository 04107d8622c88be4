import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A cookie jar over Foundation's `HTTPCookieStorage`: the way to share cookies with the rest
/// of an app on purpose, such as `HTTPCookieStorage.shared` on Apple platforms (a web login in a
/// web view, requests made with `URLSession.shared`).
///
/// ```swift
/// await networking.setCookieJar(HTTPCookieStorageJar(.shared))
/// ```
///
/// The storage's own rules apply, not those of the library's own jars: which cookies it accepts (its
/// `cookieAcceptPolicy`), matches and sends are Foundation's, and they differ between Apple
/// platforms and Linux (where `Path`, `Secure` and `Max-Age` are not all honoured). The storage
/// is documented as thread-safe, and the calls are synchronous, as the seam requires; on Linux,
/// `HTTPCookieStorage.shared` also writes its cookies to a file in the process's home.
// @unchecked: the one stored property is an immutable reference to an `HTTPCookieStorage`, which is
// not declared `Sendable` everywhere but whose methods are documented as safe from any thread.
public final class HTTPCookieStorageJar: CookieJar, @unchecked Sendable {

    /// The storage the cookies are kept in.
    package let storage: HTTPCookieStorage

    /// A jar over `storage`.
    public init(_ storage: HTTPCookieStorage) {
        self.storage = storage
    }

    /// The `Cookie` header value the storage gives a request to `url`, or `nil` when none.
    public func cookieHeader(for url: URL) -> String? {
        guard let cookies = storage.cookies(for: url), !cookies.isEmpty else { return nil }
        return HTTPCookie.requestHeaderFields(with: cookies)["Cookie"]
    }

    /// Gives the storage the cookies of the `Set-Cookie` field values of a response to `url`.
    public func store(_ setCookieFields: [String], receivedFrom url: URL) {
        // One line at a time: Foundation splits a joined value at commas, dates included.
        let cookies = setCookieFields.flatMap {
            HTTPCookie.cookies(withResponseHeaderFields: ["Set-Cookie": $0], for: url)
        }
        guard !cookies.isEmpty else { return }
        storage.setCookies(cookies, for: url, mainDocumentURL: url)
    }

    /// Removes every cookie from the storage.
    public func removeAll() {
        for cookie in storage.cookies ?? [] { storage.deleteCookie(cookie) }
    }
}
