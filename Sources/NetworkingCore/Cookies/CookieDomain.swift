import Foundation

/// Host names as the cookie rules see them (RFC 6265bis §5.1.2, §5.1.3): canonical hosts,
/// IP addresses, domain-match, and the public suffixes a `Domain` attribute may not name.
enum CookieDomain {
    /// The canonical form of a request's host: lowercased, without the brackets of an IPv6
    /// literal or a trailing dot. Non-ASCII names are compared as given (no IDNA conversion).
    static func canonicalHost(of url: URL) -> String? {
        guard var host = url.host, !host.isEmpty else { return nil }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if host.hasSuffix("."), host.count > 1 { host.removeLast() }
        return host.lowercased()
    }

    /// Whether `host` is an IP address literal (IPv4 dotted decimal, or IPv6, which has colons).
    static func isIPAddress(_ host: String) -> Bool {
        if host.contains(":") { return true }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        return labels.count == 4 && labels.allSatisfy { label in !label.isEmpty && label.allSatisfy(\.isASCIIDigit) }
    }

    /// Whether `host` domain-matches `domain`: the two are identical, or `domain` is a suffix of
    /// `host` after a dot and `host` is a name, not an IP address.
    static func domainMatches(host: String, domain: String) -> Bool {
        if host == domain { return true }
        let hostBytes = host.utf8
        let domainBytes = domain.utf8
        guard hostBytes.count > domainBytes.count, hostBytes.suffix(domainBytes.count).elementsEqual(domainBytes),
            !isIPAddress(host)
        else { return false }
        let boundary = host.utf8.index(host.utf8.endIndex, offsetBy: -domain.utf8.count - 1)
        return host.utf8[boundary] == UInt8(ascii: ".")
    }

    /// Whether `domain` (lowercased, without a trailing dot) is a public suffix a cookie may not be set
    /// for: any single label (`com`, `local`, `localhost`…), or a public suffix of the Public Suffix
    /// List in `source` (`co.uk`, `edu.pl`, `github.io`, `foo.ck` under `*.ck`).
    static func isPublicSuffix(_ domain: String, in source: PublicSuffixSource = .automatic) -> Bool {
        !domain.contains(".") || source.isPublicSuffix(domain)
    }
}

extension Character {
    /// Whether this is one of the ASCII digits `0`–`9`.
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
