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
///    equals `/`. A trailing slash is significant (`/users/` is not `/users`). A segment of the
///    pattern written `{name}` is a template: it matches any one non-empty segment
///    (`/users/{userID}` matches `/users/42`, not `/users` nor `/users/42/posts`). Segments are
///    told apart before they are decoded, so `/users/a%2Fb` is one segment, `a/b`, for a template
///    (`captures(in:)` gives each template's decoded segment).
/// 4. A pattern without a query matches any query. A pattern with a query matches when each of
///    its items appears in the request's query (names and values compared after decoding, order
///    ignored, a repeated item needing as many occurrences): `?page=1` matches `?page=1&sort=asc`
///    but not `?page=2`.
/// 5. A fragment is ignored.
///
/// When several patterns match, `specificity` ranks them: a pattern with fewer template
/// segments is the more specific (an exact path wins over a template), then the one with more
/// query items.
package struct RequestPattern: Sendable, Hashable, CustomStringConvertible {
    /// The method to match, or `nil` for any.
    package let method: HTTPMethod?
    /// The URL to match.
    package let url: URL

    /// Creates a pattern for `method` (or any method when `nil`) and `url`.
    package init(method: HTTPMethod?, url: URL) {
        self.method = method
        self.url = url
    }

    /// Creates a pattern from a path joined to `baseURL` by `URLComposer`'s rule, or from an
    /// absolute URL; throws `.invalidRequest` when they do not form a valid URL.
    package init(method: HTTPMethod?, path: String, baseURL: String = "") throws(NetworkingError) {
        self.init(method: method, url: try URLComposer.compose(baseURL: baseURL, path: path))
    }

    /// How specific the pattern is, a larger number winning: fewer template segments first, then
    /// more query items.
    package var specificity: Int {
        let templates = Self.encodedSegments(of: url)?.filter(Self.isTemplate).count ?? 0
        return Self.queryItems(of: url).count - 1000 * templates
    }

    /// Whether `request` matches this pattern.
    package func matches(_ request: URLRequest) -> Bool {
        guard let requestURL = request.url else { return false }
        if let method, method != HTTPMethod(rawValue: request.httpMethod ?? "GET") { return false }
        return matches(requestURL)
    }

    /// Whether `other` matches this pattern's URL, ignoring the method.
    package func matches(_ other: URL) -> Bool {
        guard let mine = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let theirs = URLComponents(url: other, resolvingAgainstBaseURL: false)
        else { return false }
        guard mine.scheme?.lowercased() == theirs.scheme?.lowercased(),
            mine.host?.lowercased() == theirs.host?.lowercased(),
            Self.port(of: mine) == Self.port(of: theirs),
            Self.pathMatches(mine, theirs)
        else { return false }
        var available = Self.queryItems(of: other)
        for item in Self.queryItems(of: url) {
            guard let index = available.firstIndex(of: item) else { return false }
            available.remove(at: index)
        }
        return true
    }

    /// The decoded segment of `other`'s path that each template segment of this pattern stands
    /// for, by the name between its braces: `["userID": "42"]` for `/users/{userID}` and
    /// `/users/42`. Empty when the pattern has no template or its path does not match `other`'s;
    /// when a name appears twice, the last segment wins.
    package func captures(in other: URL) -> [String: String] {
        guard let template = Self.encodedSegments(of: url), template.contains(where: Self.isTemplate),
            let given = Self.encodedSegments(of: other), Self.segmentsMatch(template, given)
        else { return [:] }
        var captures: [String: String] = [:]
        for (pattern, segment) in zip(template, given) where Self.isTemplate(pattern) {
            captures[String(Self.decoded(pattern).dropFirst().dropLast())] = Self.decoded(segment)
        }
        return captures
    }

    /// The method (`*` for any) and the URL the pattern matches.
    package var description: String { "\(method?.rawValue ?? "*") \(url.absoluteString)" }

    /// The decoded path of a URL, `/` when empty.
    package static func path(of url: URL) -> String {
        URLComponents(url: url, resolvingAgainstBaseURL: false).map(path(of:)) ?? url.path
    }

    /// The decoded query items of a URL, in order (an item without `=` has an empty value).
    package static func queryItems(of url: URL) -> [QueryItem] {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return [] }
        return (components.queryItems ?? []).map { QueryItem(name: $0.name, value: $0.value ?? "") }
    }

    /// A decoded query item, as compared by the rule.
    package struct QueryItem: Sendable, Hashable {
        /// The decoded name.
        package let name: String
        /// The decoded value (empty for an item without `=`).
        package let value: String
    }

    private static func path(of components: URLComponents) -> String {
        let raw = components.percentEncodedPath
        let decoded = raw.removingPercentEncoding ?? raw
        return decoded.isEmpty ? "/" : decoded
    }

    /// Whether the path of `mine` matches the pattern path of `theirs`: equal once decoded, or
    /// equal segment by segment but for `{name}` segments, each standing for one non-empty
    /// segment (told apart before decoding, so an escaped `/` stays inside its segment).
    private static func pathMatches(_ mine: URLComponents, _ theirs: URLComponents) -> Bool {
        if path(of: mine) == path(of: theirs) { return true }
        let template = segments(mine.percentEncodedPath)
        guard template.contains(where: isTemplate) else { return false }
        return segmentsMatch(template, segments(theirs.percentEncodedPath))
    }

    /// Whether the encoded segments `given` match the encoded pattern segments `template`.
    private static func segmentsMatch(_ template: [Substring], _ given: [Substring]) -> Bool {
        guard template.count == given.count else { return false }
        return zip(template, given).allSatisfy { pattern, segment in
            isTemplate(pattern) ? !segment.isEmpty : decoded(pattern) == decoded(segment)
        }
    }

    /// The percent-encoded segments of a URL's path (`/` when empty).
    private static func encodedSegments(of url: URL) -> [Substring]? {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return nil }
        let path = components.percentEncodedPath
        return segments(path.isEmpty ? "/" : path)
    }

    private static func segments(_ path: String) -> [Substring] {
        path.split(separator: "/", omittingEmptySubsequences: false)
    }

    private static func decoded(_ segment: Substring) -> String {
        segment.removingPercentEncoding ?? String(segment)
    }

    /// Whether a pattern segment, encoded or not, is a template: `{name}`, with a non-empty name.
    private static func isTemplate(_ segment: Substring) -> Bool {
        let segment = decoded(segment)
        return segment.count > 2 && segment.first == "{" && segment.last == "}"
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
