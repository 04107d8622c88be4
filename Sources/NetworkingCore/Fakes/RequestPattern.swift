import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A method and URL that requests are matched against: how fakes, `MockURLProtocol` stubs and
/// `InMemoryTransport` routes find the request they answer.
///
/// The rule, in full:
/// 1. The method must be equal (a pattern whose method is `nil` matches any method).
/// 2. Scheme and host compare case-insensitively; the port must be equal, with the scheme's
///    default (80, 443) filled in when absent.
/// 3. The paths must be equal after percent-decoding (`/a%20b` equals `/a b`); an empty path
///    equals `/`. A trailing slash is significant (`/users/` is not `/users`).
/// 4. A pattern without a query matches any query. A pattern with a query matches when each of
///    its items appears in the request's query (names and values compared after decoding, order
///    ignored, a repeated item needing as many occurrences): `?page=1` matches `?page=1&sort=asc`
///    but not `?page=2`.
/// 5. A fragment is ignored.
///
/// When several patterns match, `specificity` ranks them: the one with more query items is the
/// more specific.
public struct RequestPattern: Sendable, Hashable, CustomStringConvertible {
    /// The method to match, or `nil` for any.
    public let method: HTTPMethod?
    /// The URL to match.
    public let url: URL

    /// Creates a pattern for `method` (or any method when `nil`) and `url`.
    public init(method: HTTPMethod?, url: URL) {
        self.method = method
        self.url = url
    }

    /// Creates a pattern from a path joined to `baseURL` by `URLComposer`'s rule, or from an
    /// absolute URL; throws `.invalidRequest` when they do not form a valid URL.
    public init(method: HTTPMethod?, path: String, baseURL: String = "") throws(NetworkingError) {
        self.init(method: method, url: try URLComposer.compose(baseURL: baseURL, path: path))
    }

    /// The number of query items the pattern requires: a larger number is a more specific pattern.
    public var specificity: Int { Self.queryItems(of: url).count }

    /// Whether `request` matches this pattern.
    public func matches(_ request: URLRequest) -> Bool {
        guard let requestURL = request.url else { return false }
        if let method, method != HTTPMethod(rawValue: request.httpMethod ?? "GET") { return false }
        return matches(requestURL)
    }

    /// Whether `other` matches this pattern's URL, ignoring the method.
    public func matches(_ other: URL) -> Bool {
        guard let mine = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let theirs = URLComponents(url: other, resolvingAgainstBaseURL: false)
        else { return false }
        guard mine.scheme?.lowercased() == theirs.scheme?.lowercased(),
            mine.host?.lowercased() == theirs.host?.lowercased(),
            Self.port(of: mine) == Self.port(of: theirs),
            Self.path(of: mine) == Self.path(of: theirs)
        else { return false }
        var available = Self.queryItems(of: other)
        for item in Self.queryItems(of: url) {
            guard let index = available.firstIndex(of: item) else { return false }
            available.remove(at: index)
        }
        return true
    }

    /// The method (`*` for any) and the URL the pattern matches.
    public var description: String { "\(method?.rawValue ?? "*") \(url.absoluteString)" }

    /// The decoded path of a URL, `/` when empty.
    public static func path(of url: URL) -> String {
        URLComponents(url: url, resolvingAgainstBaseURL: false).map(path(of:)) ?? url.path
    }

    /// The decoded query items of a URL, in order (an item without `=` has an empty value).
    public static func queryItems(of url: URL) -> [QueryItem] {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return [] }
        return (components.queryItems ?? []).map { QueryItem(name: $0.name, value: $0.value ?? "") }
    }

    /// A decoded query item, as compared by the rule.
    public struct QueryItem: Sendable, Hashable {
        /// The decoded name.
        public let name: String
        /// The decoded value (empty for an item without `=`).
        public let value: String
    }

    private static func path(of components: URLComponents) -> String {
        let raw = components.percentEncodedPath
        let decoded = raw.removingPercentEncoding ?? raw
        return decoded.isEmpty ? "/" : decoded
    }

    private static func port(of components: URLComponents) -> Int? {
        if let port = components.port { return port }
        switch components.scheme?.lowercased() {
        case "http": return 80
        case "https": return 443
        default: return nil
        }
    }
}
