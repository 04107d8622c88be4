import Foundation

/// Joins a base URL and a request path into the URL a request goes to.
///
/// The rule, in full:
/// 1. A path that is itself an absolute `http`/`https` URL is used as it is (the base is ignored).
/// 2. Otherwise the base URL must be an absolute `http`/`https` URL with a host.
/// 3. The base's path and the request path are joined with exactly one `/`: trailing slashes of the
///    base and leading slashes of the path are collapsed (`http://h/api/` + `/users` →
///    `http://h/api/users`). An empty path is the base URL itself; a trailing slash on the path is kept.
/// 4. Characters not allowed in a URL path (spaces, non-ASCII such as `/døgnvillburgere.jpg`) are
///    percent-encoded as UTF-8; an existing `%XX` escape is kept, never encoded twice.
/// 5. A `?query` in the path is kept (encoded the same way), and query items passed separately
///    are appended after it, in order, repeated names included. A `#fragment` is dropped: it is
///    never sent to a server.
package enum URLComposer {
    /// Composes the URL, or throws `.invalidRequest` naming what is wrong.
    package static func compose(baseURL: String, path: String, query: [URLQueryItem] = []) throws(NetworkingError)
        -> URL
    {
        try compose(base: Base.parse(baseURL), path: path, query: query)
    }

    /// `compose(baseURL:path:query:)` with the base URL already parsed (a `RequestBuilder` parses
    /// its base once, when it is made).
    static func compose(base parsedBase: Base.Parsed, path: String, query: [URLQueryItem] = [])
        throws(NetworkingError) -> URL
    {
        let bytes = path.utf8
        // A plain path (`/users/42`, the common case) has no line break, fragment, query, escape
        // or scheme, and is already encoded: one pass over its bytes says so.
        let plain = isPlain(bytes)
        if !plain, bytes.contains(where: { $0 == 0x0D || $0 == 0x0A }) {  // bytes: "\r\n" is one Character
            throw .invalidRequest("path '\(path.debugDescription)' contains a line break")
        }
        // "#", "?" and "/" are ASCII, so they are looked for byte by byte (walking the path's
        // characters costs more than the rest of composing), and their indices split it cleanly.
        var pathPart = Substring(path)
        var queryPart: Substring?
        if !plain {
            if let hash = bytes.firstIndex(of: UInt8(ascii: "#")) { pathPart = pathPart[..<hash] }
            if let mark = pathPart.utf8.firstIndex(of: UInt8(ascii: "?")) {
                queryPart = pathPart[pathPart.utf8.index(after: mark)...]
                pathPart = pathPart[..<mark]
            }
        }

        var text: String
        var baseQuery: String?
        if !plain, isAbsolute(path) {
            guard let components = URLComponents(string: encodeTrusted(String(pathPart))),
                case let origin = origin(of: components), hasHost(components, origin: origin)
            else {
                throw .invalidRequest("absolute URL '\(path)' is not a valid URL")
            }
            text = origin + components.percentEncodedPath
        } else {
            let base = try parsedBase.get(path: path)
            baseQuery = base.query
            if pathPart.isEmpty {
                text = base.prefix + base.path
            } else {
                var start = pathPart.startIndex
                while start < pathPart.endIndex, pathPart.utf8[start] == UInt8(ascii: "/") {
                    start = pathPart.utf8.index(after: start)
                }
                let relative = pathPart[start...]
                text = String()
                text.reserveCapacity(base.joiningPrefix.utf8.count + 1 + relative.utf8.count)
                text += base.joiningPrefix
                text += "/"
                if plain || relative.utf8.allSatisfy(isPlainPathByte) {
                    text += relative
                } else {
                    text += PercentEncoding.encode(
                        String(relative), allowed: PercentEncoding.pathAllowed, keepingEscapes: true)
                }
            }
        }
        var separator = "?"
        if let baseQuery, !baseQuery.isEmpty {
            text += separator
            text += baseQuery
            separator = "&"
        }
        if let queryPart, !queryPart.isEmpty {
            text += separator
            text += PercentEncoding.encode(
                String(queryPart), allowed: PercentEncoding.queryStringAllowed, keepingEscapes: true)
            separator = "&"
        }
        if !query.isEmpty {
            text += separator
            text += PercentEncoding.query(query)
        }
        guard let url = URL(string: text) else {
            throw .invalidRequest("'\(text)' is not a valid URL")
        }
        return url
    }

    private static func isAbsolute(_ text: String) -> Bool {
        // `http://` or `https://`, any case, compared byte by byte (no lowercased copy per request).
        var bytes = text.utf8.makeIterator()
        for expected in "http".utf8 where bytes.next().map({ $0 | 0x20 }) != expected { return false }
        var next = bytes.next()
        if next.map({ $0 | 0x20 }) == UInt8(ascii: "s") { next = bytes.next() }
        return next == UInt8(ascii: ":") && bytes.next() == UInt8(ascii: "/") && bytes.next() == UInt8(ascii: "/")
    }

    /// Whether every byte of `bytes` is plain (`isPlainPathByte`): read from their contiguous
    /// storage, where walking the view checks its representation at every byte.
    private static func isPlain(_ bytes: String.UTF8View) -> Bool {
        bytes.withContiguousStorageIfAvailable { $0.allSatisfy(isPlainPathByte) } ?? bytes.allSatisfy(isPlainPathByte)
    }

    /// `A-Z a-z 0-9 - . _ ~ /`: bytes that `PercentEncoding.pathAllowed` leaves as they are.
    private static func isPlainPathByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"), UInt8(ascii: "/"):
            return true
        default:
            return false
        }
    }

    /// Percent-encodes what `URLComponents` would refuse (spaces, non-ASCII) in a user-supplied URL.
    private static func encodeTrusted(_ text: String) -> String {
        PercentEncoding.encode(
            text, allowed: PercentEncoding.urlAllowed, keepingEscapes: true)
    }

    /// Whether `components` (whose `origin(of:)` is `origin`) name a host the composed `URL` keeps.
    /// `URLComponents` accepts hosts that leave the `URL` without one: an empty IPv6 literal
    /// (`http://[]`) or an escape that is no UTF-8 (`http://%ED/`).
    private static func hasHost(_ components: URLComponents, origin: String) -> Bool {
        guard let host = components.percentEncodedHost, !host.isEmpty else { return false }
        return URL(string: origin)?.host?.isEmpty == false
    }

    private static func origin(of components: URLComponents) -> String {
        var text = (components.scheme ?? "http").lowercased() + "://"
        if let user = components.percentEncodedUser {
            text += user
            if let password = components.percentEncodedPassword { text += ":" + password }
            text += "@"
        }
        text += components.percentEncodedHost ?? ""
        if let port = components.port { text += ":\(port)" }
        return text
    }
}

extension URLComposer {
    /// A base URL as `compose` uses it: its parts, parsed with `URLComponents` (which is most of
    /// what composing costs) once for all the requests made against it.
    struct Base: Sendable {
        /// Scheme, user info, host and port: `http://h:8080`.
        let prefix: String
        /// The base's percent-encoded path.
        let path: String
        /// The base's percent-encoded query, if any.
        let query: String?
        /// `prefix` and `path` without the path's trailing slashes: what a relative path is
        /// joined to, with one `/` between them.
        let joiningPrefix: String

        /// A parsed base URL, or why it cannot be one.
        struct Parsed: Sendable {
            fileprivate let result: Result<Base, Failure>
            fileprivate let baseURL: String

            /// The base, or `.invalidRequest` naming what is wrong (for a relative `path`).
            func get(path: String) throws(NetworkingError) -> Base {
                switch result {
                case .success(let base):
                    return base
                case .failure(.empty):
                    throw .invalidRequest("base URL is empty and path '\(path)' is not an absolute URL")
                case .failure(.invalid):
                    throw .invalidRequest("base URL '\(baseURL)' is not an absolute http(s) URL with a host")
                }
            }
        }

        fileprivate enum Failure: Error {
            case empty
            case invalid
        }

        /// Parses `baseURL`; a failure is reported when a relative path is joined to it.
        static func parse(_ baseURL: String) -> Parsed {
            let trimmedBase =
                baseURL.first?.isWhitespace == false && baseURL.last?.isWhitespace == false
                ? baseURL : baseURL.trimmingCharacters(in: .whitespaces)
            guard !trimmedBase.isEmpty else { return Parsed(result: .failure(.empty), baseURL: baseURL) }
            guard isAbsolute(trimmedBase), let components = URLComponents(string: encodeTrusted(trimmedBase)),
                case let origin = origin(of: components), hasHost(components, origin: origin)
            else { return Parsed(result: .failure(.invalid), baseURL: baseURL) }
            let path = components.percentEncodedPath
            var joiningPrefix = origin + path
            while joiningPrefix.hasSuffix("/") { joiningPrefix.removeLast() }
            let base = Base(
                prefix: origin, path: path, query: components.percentEncodedQuery, joiningPrefix: joiningPrefix)
            return Parsed(result: .success(base), baseURL: baseURL)
        }
    }
}
