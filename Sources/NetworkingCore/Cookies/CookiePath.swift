import Foundation

/// Paths as the cookie rules see them (RFC 6265bis §5.1.4).
enum CookiePath {
    /// The request path of `url`, percent-encoded as sent, `/` when empty.
    static func requestPath(of url: URL) -> String {
        let path = url.path(percentEncoded: true)
        return path.isEmpty ? "/" : path
    }

    /// The path a cookie gets when its `Path` attribute is missing or does not start with `/`:
    /// the request path up to, not including, its last `/` (or `/`).
    static func defaultPath(of url: URL) -> String {
        let path = requestPath(of: url)
        guard path.first == "/", let lastSlash = path.utf8.lastIndex(of: UInt8(ascii: "/")),
            lastSlash != path.utf8.startIndex
        else { return "/" }
        return String(path[..<lastSlash])
    }

    /// Whether `requestPath` path-matches `cookiePath`: they are identical, or `cookiePath` is a
    /// prefix of it that ends with `/` or is followed in it by `/`.
    static func pathMatches(requestPath: String, cookiePath: String) -> Bool {
        if requestPath == cookiePath { return true }
        guard requestPath.utf8.starts(with: cookiePath.utf8) else { return false }
        if cookiePath.utf8.last == UInt8(ascii: "/") { return true }
        let next = requestPath.utf8.index(requestPath.utf8.startIndex, offsetBy: cookiePath.utf8.count)
        return requestPath.utf8[next] == UInt8(ascii: "/")
    }
}
