import Foundation

/// How a client's requests reach their servers: the proxy, name resolution overrides, a Unix
/// domain socket, the local address to connect from, and the Happy Eyeballs delay.
///
/// Set once per client; every request, stream, download and WebSocket of the client takes the
/// same path. The defaults are curl's: proxies from the environment (read when the client is
/// created), the system's resolver, TCP from any local address, 200 ms of Happy Eyeballs delay.
///
/// ```swift
/// var path = NetworkPath()
/// path.proxy = .proxy(try Proxy(url: "socks5h://127.0.0.1:1080"))
/// path.hostOverrides = [try HostOverride(host: "api.test", port: 443, addresses: ["10.0.0.7"])]
/// ```
///
/// What each transport and platform honours is listed in the article "Proxies, DNS and trust".
public struct NetworkPath: Sendable, Hashable {
    /// The proxy requests go through (`.environment` by default).
    public var proxy: ProxyConfiguration
    /// Host and port pairs sent to given addresses instead of those DNS gives.
    public var hostOverrides: [HostOverride]
    /// The path of a Unix domain socket every connection goes to instead of TCP (for a local
    /// daemon, such as Docker's `/var/run/docker.sock`); URLs still give the `Host` header and the
    /// request target. `nil` for TCP.
    public var unixSocketPath: String?
    /// The local IP address or network interface name connections are made from; `nil` for any.
    public var localAddress: String?
    /// How long a connection attempt over the first address family gets before one over the other
    /// starts alongside it (RFC 8305); `nil` for the transport's default (curl's 200 ms).
    public var happyEyeballsDelay: TimeInterval?

    /// A path; every parameter has curl's default.
    public init(
        proxy: ProxyConfiguration = .environment, hostOverrides: [HostOverride] = [], unixSocketPath: String? = nil,
        localAddress: String? = nil, happyEyeballsDelay: TimeInterval? = nil
    ) {
        self.proxy = proxy
        self.hostOverrides = hostOverrides
        self.unixSocketPath = unixSocketPath
        self.localAddress = localAddress
        self.happyEyeballsDelay = happyEyeballsDelay
    }

    /// Curl's defaults: the environment's proxies, the system's resolver, any local address.
    public static let `default` = NetworkPath()

    /// Whether this path is the default one.
    package var isDefault: Bool { self == .default }

    /// Throws `.invalidRequest` when a setting cannot be used: a socket path that is empty, holds a
    /// control character or is longer than a socket address holds (107 bytes), a local address
    /// with a control character or a space, a negative or non-finite delay, or an environment
    /// variable naming an unusable proxy (for `.environment`).
    package func validate() throws(NetworkingError) {
        if let path = unixSocketPath {
            try NetworkPathText.check(path, "The Unix socket path")
            if path.utf8.count > 107 {
                throw .invalidRequest("The Unix socket path is longer than 107 bytes, the most a socket address holds")
            }
        }
        if let address = localAddress {
            try NetworkPathText.checkHost(address, "The local address")
        }
        if let delay = happyEyeballsDelay, !(delay.isFinite && delay >= 0) {
            throw .invalidRequest("The Happy Eyeballs delay must be a finite number of seconds, 0 or more")
        }
        _ = try proxy.resolved()
    }

    /// This path with `.environment` replaced by what the process's environment says now.
    public func resolved() throws(NetworkingError) -> NetworkPath {
        var path = self
        path.proxy = try proxy.resolved()
        return path
    }
}
