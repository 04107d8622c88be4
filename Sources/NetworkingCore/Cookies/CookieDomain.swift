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

    /// Whether `domain` is a public suffix a cookie may not be set for: any single label
    /// (`com`, `local`, `localhost`…), or one of `publicSuffixes`.
    static func isPublicSuffix(_ domain: String) -> Bool {
        !domain.contains(".") || publicSuffixes.contains(domain)
    }

    /// The multi-label public suffixes the jar knows: a short list of the most used registry
    /// and hosting suffixes of the Public Suffix List (publicsuffix.org), not the whole list.
    static let publicSuffixes: Set<String> = [
        // Second-level registries.
        "co.uk", "org.uk", "me.uk", "ltd.uk", "plc.uk", "net.uk", "ac.uk", "gov.uk", "nhs.uk", "sch.uk",
        "com.au", "net.au", "org.au", "edu.au", "gov.au", "id.au", "co.nz", "net.nz", "org.nz", "govt.nz",
        "co.jp", "ne.jp", "or.jp", "ac.jp", "go.jp", "co.kr", "or.kr", "com.cn", "net.cn", "org.cn", "gov.cn",
        "com.br", "net.br", "org.br", "gov.br", "com.mx", "org.mx", "gob.mx", "co.in", "net.in", "org.in",
        "gov.in", "co.za", "org.za", "gov.za", "com.tr", "com.tw", "com.hk", "com.sg", "com.ar", "com.es",
        "co.il", "com.ua", "com.pl", "co.id", "com.my", "com.ph", "com.vn", "com.eg", "com.sa", "co.th",
        // Shared hosting, where every subdomain belongs to someone else.
        "github.io", "gitlab.io", "herokuapp.com", "appspot.com", "blogspot.com", "netlify.app", "vercel.app",
        "pages.dev", "workers.dev", "web.app", "firebaseapp.com", "azurewebsites.net", "cloudfront.net",
        "s3.amazonaws.com", "elasticbeanstalk.com", "fly.dev", "onrender.com", "glitch.me", "ngrok.io",
        "ngrok-free.app", "duckdns.org", "dyndns.org", "no-ip.org",
    ]
}

extension Character {
    /// Whether this is one of the ASCII digits `0`–`9`.
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
