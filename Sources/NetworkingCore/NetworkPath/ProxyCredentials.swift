/// The user name and password a proxy asks for: HTTP Basic for an HTTP proxy, the
/// user name/password method (RFC 1929) for SOCKS5.
///
/// They go to the proxy only, never to an origin server, and never appear in logs, events or
/// descriptions (`description` shows the user name alone). `CurlTransport` sends them to an HTTP
/// proxy only once it asks for them (a `407` with `Proxy-Authenticate: Basic`), so that a proxy
/// that needs none, which would forward them with a plain `http` request, never receives them; a
/// body produced as it is sent then waits for the proxy's go-ahead (`Expect: 100-continue`, up to
/// a second), since it cannot be sent twice. To a SOCKS5 proxy they go in its negotiation.
///
/// On Linux, `URLSessionTransport` refuses a proxy set in code, but Foundation reads the
/// environment's proxies itself, and sends the credentials of a variable such as
/// `http_proxy=http://user:password@proxy:3128` with every request, before the proxy asks: a
/// forwarding proxy that does not ask passes them on to an `http` origin. Give such a proxy to
/// `CurlTransport`, the default transport on Linux, instead.
public struct ProxyCredentials: Sendable, Hashable, CustomStringConvertible {
    /// The user name.
    public let username: String
    /// The password.
    public let password: String

    /// Credentials for a proxy. Throws `.invalidRequest` when the user name is empty, when either
    /// holds a control character (CR, LF, NUL…), or when the user name holds a colon (which
    /// Basic authentication cannot carry).
    public init(username: String, password: String) throws(NetworkingError) {
        try NetworkPathText.check(username, "The proxy user name")
        try NetworkPathText.check(password, "The proxy password", allowsEmpty: true)
        if username.contains(":") { throw .invalidRequest("The proxy user name contains a colon") }
        self.username = username
        self.password = password
    }

    /// The user name and a mask in place of the password.
    public var description: String { "\(username):<redacted>" }
}
