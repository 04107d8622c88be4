/// The user name and password a proxy asks for: HTTP Basic for an HTTP proxy, the
/// user name/password method (RFC 1929) for SOCKS5.
///
/// They go to the proxy only, never to an origin server, and never appear in logs, events or
/// descriptions (`description` shows the user name alone).
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
