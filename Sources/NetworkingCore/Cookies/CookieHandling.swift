import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Which cookie jar a client uses.
public enum CookieHandling: Sendable {
    /// A new `InMemoryCookieJar` for each client (the default): two clients never see each
    /// other's cookies. Off for a `URLSessionTransport` whose session handles cookies itself (its
    /// configuration has an `httpCookieStorage` other than the shared one, and
    /// `httpShouldSetCookies`): that storage is then the jar, as URLSession applies it.
    case ownJar
    /// The given jar, which clients may share (a `FileCookieJar`, an `HTTPCookieStorageJar`…).
    case jar(any CookieJar)
    /// No cookies are stored or sent, except a `Cookie` header set by hand.
    case off

    /// The jar a client sending through `transport` uses.
    package func makeJar(for transport: any HTTPTransport) -> (any CookieJar)? {
        switch self {
        case .ownJar:
            if let transport = transport as? URLSessionTransport, transport.handlesCookiesItself { return nil }
            return InMemoryCookieJar()
        case .jar(let jar): return jar
        case .off: return nil
        }
    }
}

extension URLSessionConfiguration {
    /// Whether a session with this configuration stores and sends cookies itself: it has a cookie
    /// storage and sets cookies (see `URLSessionTransport.handlesCookiesItself`).
    var handlesCookies: Bool { httpCookieStorage != nil && httpShouldSetCookies }
}
