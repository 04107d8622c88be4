/// Connections to a host and port go to given IP addresses instead of those DNS gives, as curl's
/// `--resolve` does: for tests, blue/green switches and split DNS. The request is otherwise
/// unchanged: its `Host` header, TLS server name and certificate check still use the host name.
///
/// ```swift
/// let override = try HostOverride(host: "api.test", port: 8443, addresses: ["127.0.0.1"])
/// ```
public struct HostOverride: Sendable, Hashable {
    /// The host name as URLs spell it (compared ignoring case).
    public let host: String
    /// The port the override applies to.
    public let port: Int
    /// The IPv4 or IPv6 addresses to connect to, tried in order.
    public let addresses: [String]

    /// An override. Throws `.invalidRequest` when the host is empty or not a host name, the port
    /// is not between 1 and 65535, or the addresses are empty or one is not an IP address.
    public init(host: String, port: Int, addresses: [String]) throws(NetworkingError) {
        try NetworkPathText.checkHost(host, "The overridden host")
        if host.contains(":") { throw .invalidRequest("The overridden host '\(host)' is not a host name") }
        try NetworkPathText.checkPort(port, "The overridden port")
        guard !addresses.isEmpty else { throw .invalidRequest("The override of \(host):\(port) has no address") }
        var bare: [String] = []
        for address in addresses {
            var address = address
            if address.hasPrefix("["), address.hasSuffix("]") { address = String(address.dropFirst().dropLast()) }
            guard ProxyBypass.addressBytes(address) != nil else {
                throw .invalidRequest("The override of \(host):\(port) has '\(address)', which is not an IP address")
            }
            bare.append(address)
        }
        self.host = host
        self.port = port
        self.addresses = bare
    }

    /// The entry as curl's `CURLOPT_RESOLVE` takes it: `host:port:address,address`.
    package var curlEntry: String {
        "\(host):\(port):" + addresses.map(NetworkPathText.authorityHost).joined(separator: ",")
    }
}
