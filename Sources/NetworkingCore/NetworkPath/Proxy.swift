import Foundation

/// A proxy server that requests go through: an HTTP proxy (plain `http` requests are forwarded to
/// it, `https` requests are tunnelled through it with `CONNECT`), or a SOCKS5 proxy.
///
/// ```swift
/// let proxy = try Proxy(url: "http://proxy.internal:3128")
/// let socks = try Proxy(.socks5h, host: "127.0.0.1", port: 1080)
/// ```
public struct Proxy: Sendable, Hashable, CustomStringConvertible {
    /// The protocol spoken to the proxy.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// An HTTP proxy, reached over cleartext: forwards `http` requests, tunnels `https` ones
        /// with `CONNECT` (TLS runs end to end with the origin through the tunnel).
        case http
        /// A SOCKS5 proxy to which the client gives the origin's address: names are resolved
        /// by the client.
        case socks5
        /// A SOCKS5 proxy to which the client gives the origin's host name: names are resolved
        /// by the proxy (for hosts only the proxy's network knows).
        case socks5h
    }

    /// The protocol spoken to the proxy.
    public let kind: Kind
    /// The proxy's host name or IP address (an IPv6 address without brackets).
    public let host: String
    /// The proxy's TCP port.
    public let port: Int
    /// What the proxy asks for, if anything; sent to the proxy alone.
    public let credentials: ProxyCredentials?

    /// The port a proxy URL without one means: 1080, as for curl.
    public static let defaultPort = 1080

    /// A proxy of `kind` at `host` and `port`. Throws `.invalidRequest` when the host is empty or
    /// holds a character that has no place in a host name (CR, LF, NUL, `/`, `@`, a space…), or
    /// the port is not between 1 and 65535.
    public init(_ kind: Kind, host: String, port: Int, credentials: ProxyCredentials? = nil) throws(NetworkingError) {
        var bare = host
        if bare.hasPrefix("["), bare.hasSuffix("]") { bare = String(bare.dropFirst().dropLast()) }
        try NetworkPathText.checkHost(bare, "The proxy host")
        if bare.contains(":"), ProxyBypass.addressBytes(bare) == nil {
            throw .invalidRequest("The proxy host '\(bare)' is not a host name or IP address")
        }
        try NetworkPathText.checkPort(port, "The proxy port")
        self.kind = kind
        self.host = bare
        self.port = port
        self.credentials = credentials
    }

    /// A proxy from a URL as curl and the `http_proxy` family of variables spell it:
    /// `[scheme://][user:password@]host[:port][/]`, the scheme `http` (the default), `socks5` or
    /// `socks5h`, the port 1080 by default, in ASCII; user name and password may be percent-encoded.
    /// Throws `.invalidRequest` for another scheme (`https` proxies among them), a path, or any
    /// part `init(_:host:port:credentials:)` and `ProxyCredentials` reject.
    public init(url: String) throws(NetworkingError) {
        try NetworkPathText.check(url, "The proxy URL")
        if url.utf8.contains(where: { $0 >= 0x80 }) {
            throw .invalidRequest("The proxy URL has a character that is not ASCII; percent-encode it")
        }
        var rest = Substring(url)
        var kind = Kind.http
        if let range = rest.range(of: "://") {
            let scheme = rest[..<range.lowerBound].lowercased()
            guard let named = Kind(rawValue: scheme) else {
                throw .invalidRequest(
                    "The proxy URL '\(Self.masked(url))' has the scheme '\(scheme)'; "
                        + "the supported ones are http, socks5 and socks5h")
            }
            kind = named
            rest = rest[range.upperBound...]
        }
        if rest.hasSuffix("/") { rest = rest.dropLast() }
        if rest.contains("/") || rest.contains("?") || rest.contains("#") {
            throw .invalidRequest("The proxy URL '\(Self.masked(url))' has a path; a proxy URL names a host and a port")
        }
        var credentials: ProxyCredentials?
        if let at = rest.lastIndex(of: "@") {
            let userinfo = rest[..<at]
            rest = rest[rest.index(after: at)...]
            let parts = userinfo.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            guard let user = String(parts[0]).removingPercentEncoding,
                let password = (parts.count > 1 ? String(parts[1]) : "").removingPercentEncoding
            else { throw .invalidRequest("The proxy URL's user name or password is not valid percent-encoding") }
            credentials = try ProxyCredentials(username: user, password: password)
        }
        var host = rest
        var port = Self.defaultPort
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else {
                throw .invalidRequest("The proxy URL '\(Self.masked(url))' has an unclosed IPv6 address")
            }
            host = rest[rest.index(after: rest.startIndex)..<close]
            let after = rest[rest.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":"), let number = Int(after.dropFirst()) else {
                    throw .invalidRequest("The proxy URL '\(Self.masked(url))' has an invalid port")
                }
                port = number
            }
        } else if let colon = rest.lastIndex(of: ":") {
            host = rest[..<colon]
            guard let number = Int(rest[rest.index(after: colon)...]) else {
                throw .invalidRequest("The proxy URL '\(Self.masked(url))' has an invalid port")
            }
            port = number
        }
        try self.init(kind, host: String(host), port: port, credentials: credentials)
    }

    /// The proxy's URL without credentials, as libcurl takes it (`socks5h://[::1]:1080`).
    public var url: String { "\(kind.rawValue)://\(NetworkPathText.authorityHost(host)):\(port)" }

    /// The proxy's URL, with the user name but never the password.
    public var description: String {
        guard let credentials else { return url }
        return "\(kind.rawValue)://\(credentials)@\(NetworkPathText.authorityHost(host)):\(port)"
    }

    /// `url` with any password replaced, for messages.
    static func masked(_ url: String) -> String {
        guard let at = url.lastIndex(of: "@") else { return url }
        let start = url.range(of: "://")?.upperBound ?? url.startIndex
        guard start <= at else { return url }
        let user = url[start..<at].split(separator: ":", maxSplits: 1).first ?? ""
        return url[..<start] + user + ":<redacted>" + url[at...]
    }
}
