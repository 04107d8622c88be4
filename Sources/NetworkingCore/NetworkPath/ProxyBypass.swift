import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The hosts that requests reach directly although a proxy is set: curl's `NO_PROXY` rules.
///
/// ```swift
/// let bypass = try ProxyBypass("localhost, .internal.example, 10.0.0.0/8")
/// ```
public struct ProxyBypass: Sendable, Hashable, CustomStringConvertible {
    /// One rule.
    public enum Rule: Sendable, Hashable {
        /// Every host (`*`).
        case everything
        /// A host name and every name under it (`example.com` matches `example.com` and
        /// `api.example.com`, not `badexample.com`), or one IP address; compared ignoring case.
        case domain(String)
        /// Every IP address in a CIDR range, such as `10.0.0.0/8` or `fd00::/8`.
        case network(address: String, prefixLength: Int)
    }

    /// The rules, in order.
    public let rules: [Rule]

    /// No host bypasses the proxy.
    public static let none = ProxyBypass(checked: [])

    /// Every host bypasses the proxy.
    public static let everything = ProxyBypass(checked: [.everything])

    /// Rules as given. Throws `.invalidRequest` for a domain that holds a character with no
    /// place in a host name (a control character, a comma, a space…), or a network whose address
    /// is not an IP address or whose prefix is longer than the address.
    public init(_ rules: [Rule]) throws(NetworkingError) {
        var checked: [Rule] = []
        for rule in rules {
            switch rule {
            case .everything:
                checked.append(rule)
            case .domain(let name):
                var name = name.lowercased()
                if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
                // curl has no wildcard but `*` alone: `*.example` and `.example` mean `example`.
                while name.hasPrefix("*.") || name.hasPrefix(".") { name.removeFirst(name.hasPrefix("*") ? 2 : 1) }
                if name == "*" {
                    checked.append(.everything)
                    continue
                }
                try NetworkPathText.checkHost(name, "The no-proxy host")
                checked.append(.domain(name))
            case .network(let address, let prefixLength):
                guard let bytes = Self.addressBytes(address) else {
                    throw .invalidRequest("The no-proxy network '\(address)' is not an IP address")
                }
                guard (0...bytes.count * 8).contains(prefixLength) else {
                    throw .invalidRequest(
                        "The no-proxy network \(address)/\(prefixLength) has a prefix longer than its address")
                }
                checked.append(rule)
            }
        }
        self.init(checked: checked)
    }

    /// Rules from a list as `no_proxy` spells it: entries separated by commas (spaces around them
    /// ignored), each `*`, a host name or domain (a leading dot is allowed), an IP address, or a
    /// CIDR range; `.example.com` and `*.example.com` mean `example.com` (which covers the names
    /// under it). Throws `.invalidRequest` as `init(_:)` does.
    public init(_ list: String) throws(NetworkingError) {
        try NetworkPathText.check(list, "The no-proxy list", allowsEmpty: true)
        var rules: [Rule] = []
        for entry in list.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" }) {
            let entry = String(entry)
            if entry == "*" {
                rules.append(.everything)
            } else if let slash = entry.firstIndex(of: "/") {
                guard let length = Int(entry[entry.index(after: slash)...]) else {
                    throw .invalidRequest("The no-proxy network '\(entry)' has no prefix length after '/'")
                }
                rules.append(.network(address: String(entry[..<slash]), prefixLength: length))
            } else {
                rules.append(.domain(entry))
            }
        }
        try self.init(rules)
    }

    private init(checked rules: [Rule]) { self.rules = rules }

    /// The rules as curl's `CURLOPT_NOPROXY` takes them (comma-separated).
    public var description: String {
        rules.map { rule in
            switch rule {
            case .everything: return "*"
            case .domain(let name): return name
            case .network(let address, let length): return "\(address)/\(length)"
            }
        }.joined(separator: ",")
    }

    /// Whether a request to `host` goes direct, as curl decides it.
    public func bypasses(host: String) -> Bool {
        var host = host.lowercased()
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if host.hasSuffix(".") { host.removeLast() }
        let address = Self.addressBytes(host)
        for rule in rules {
            switch rule {
            case .everything:
                return true
            case .domain(let name):
                if host == name || (address == nil && host.hasSuffix("." + name)) { return true }
            case .network(let network, let length):
                if let address, let network = Self.addressBytes(network), address.count == network.count,
                    Self.prefix(address, network, length)
                {
                    return true
                }
            }
        }
        return false
    }

    /// The bytes of an IPv4 or IPv6 address literal, `nil` for anything else (a NUL inside
    /// included, where `inet_pton` would stop reading).
    static func addressBytes(_ text: String) -> [UInt8]? {
        if text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) { return nil }
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 { return withUnsafeBytes(of: &v4) { Array($0) } }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, text, &v6) == 1 { return withUnsafeBytes(of: &v6) { Array($0) } }
        return nil
    }

    /// Whether the first `length` bits of `a` and `b` are equal.
    private static func prefix(_ a: [UInt8], _ b: [UInt8], _ length: Int) -> Bool {
        for bit in 0..<length where (a[bit / 8] ^ b[bit / 8]) & (0x80 >> UInt8(bit % 8)) != 0 { return false }
        return true
    }
}
