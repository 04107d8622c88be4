import Foundation

/// A `ProxyConfiguration` as the `connectionProxyDictionary` of an Apple platform's
/// `URLSessionConfiguration` takes it, or the reason it cannot be expressed there.
///
/// The dictionary has the keys of CFNetwork's proxy settings (`kCFNetworkProxies…`, the same
/// strings as the system's `kSCPropNetProxies…`). What each platform documents
/// (developer.apple.com/documentation/cfnetwork, "Global Proxy Settings Constants"):
/// - every Apple platform: `HTTPEnable`, `HTTPProxy`, `HTTPPort` (the proxy of `http` URLs), and
///   the proxy auto-configuration keys, which the library does not use;
/// - macOS alone: `HTTPSEnable`, `HTTPSProxy`, `HTTPSPort` (the proxy of `https` URLs),
///   `SOCKSEnable`, `SOCKSProxy`, `SOCKSPort` (one SOCKS proxy for every request), and
///   `ExceptionsList` (host name patterns that bypass the proxies; `*` as a wildcard, and IPv4
///   networks as the system's own default entry `169.254/16` writes them).
///
/// Nothing is dropped silently: a setting the platform's dictionary cannot hold is refused with
/// `.invalidRequest`, and every request of the transport then fails with it.
enum ConnectionProxyDictionary {
    /// The dictionary that expresses `proxy` on `platform`: `nil` for `.environment` (the system's
    /// own settings), empty (no proxy) for `.direct` and for a bypass of every host. Throws
    /// `.invalidRequest` for what the platform's dictionary cannot express: proxy credentials,
    /// SOCKS5h, two different SOCKS proxies or one for a single scheme, and, outside macOS, an
    /// `https` proxy, a SOCKS proxy or any no-proxy rule; on macOS, an IPv6 network of no-proxy
    /// hosts (a single IPv6 address is kept). Never called for swift-corelibs-foundation, which
    /// does not read the dictionary.
    static func make(
        _ proxy: ProxyConfiguration, on platform: URLSessionPlatform
    ) throws(NetworkingError) -> [String: AnyHashable]? {
        guard case .proxies(let http, let https, let bypass) = proxy else {
            return proxy == .direct ? [:] : nil
        }
        for proxy in [http, https].compactMap({ $0 }) {
            if proxy.credentials != nil {
                throw refusal("send proxy credentials (\(proxy))", "has no place for them")
            }
            if proxy.kind == .socks5h {
                throw refusal("let a SOCKS proxy resolve host names (\(proxy))", "has no such setting")
            }
        }
        if bypass.rules.contains(.everything) || (http == nil && https == nil) { return [:] }
        var dictionary: [String: AnyHashable] = [:]
        if let socks = [http, https].compactMap({ $0 }).first(where: { $0.kind == .socks5 }) {
            guard http == https else {
                throw refusal(
                    "send http and https requests through different proxies when one of them is a SOCKS proxy "
                        + "(\(socks))",
                    "holds one SOCKS proxy, for every request")
            }
            try requireMacOS(platform, "use a SOCKS proxy (\(socks))", "SOCKS")
            dictionary["SOCKSEnable"] = 1
            dictionary["SOCKSProxy"] = socks.host
            dictionary["SOCKSPort"] = socks.port
        } else {
            if let http {
                dictionary["HTTPEnable"] = 1
                dictionary["HTTPProxy"] = http.host
                dictionary["HTTPPort"] = http.port
            }
            if let https {
                try requireMacOS(platform, "send https requests through a proxy (\(https))", "HTTPS")
                dictionary["HTTPSEnable"] = 1
                dictionary["HTTPSProxy"] = https.host
                dictionary["HTTPSPort"] = https.port
            }
        }
        let exceptions = try exceptionsList(bypass, on: platform)
        if !exceptions.isEmpty { dictionary["ExceptionsList"] = exceptions }
        return dictionary
    }

    /// The `ExceptionsList` entries of `bypass`'s rules, in order:
    /// - a name `example.com` bypasses `example.com` and every name under it, so both the name and
    ///   the pattern `*.example.com` are listed (a pattern alone would send the name itself through
    ///   the proxy);
    /// - an IP address is listed as it is;
    /// - an IPv4 network is listed as `address/prefix` (the form of macOS's own `169.254/16`); a
    ///   network of one address (`/32`, `/128`) is that address;
    /// - an IPv6 network of more than one address is refused: the system's exception list documents
    ///   no form for it.
    ///
    /// Outside macOS any rule is refused (the dictionary takes no exception list there).
    /// `.everything` never reaches here: `make` expresses it as no proxy at all.
    static func exceptionsList(_ bypass: ProxyBypass, on platform: URLSessionPlatform) throws(NetworkingError)
        -> [String]
    {
        guard !bypass.rules.isEmpty else { return [] }
        try requireMacOS(platform, "send the hosts of no-proxy rules (\(bypass)) around the proxy", "exception list")
        var entries: [String] = []
        for rule in bypass.rules {
            switch rule {
            case .everything:
                entries.append("*")
            case .domain(let name):
                entries.append(name)
                if ProxyBypass.addressBytes(name) == nil { entries.append("*." + name) }
            case .network(let address, let prefixLength):
                let bits = (ProxyBypass.addressBytes(address)?.count ?? 0) * 8
                if prefixLength == bits {
                    entries.append(address)
                } else if bits == 32 {
                    entries.append("\(address)/\(prefixLength)")
                } else {
                    throw refusal(
                        "send the IPv6 network \(address)/\(prefixLength) around the proxy",
                        "takes host names, addresses and IPv4 networks as exceptions; list the hosts instead")
                }
            }
        }
        return entries
    }

    /// Throws unless `platform` is macOS, the only one whose documentation lists the `keys`.
    private static func requireMacOS(
        _ platform: URLSessionPlatform, _ what: String, _ keys: String
    ) throws(NetworkingError) {
        guard platform != .macOS else { return }
        throw .invalidRequest(
            "URLSessionTransport cannot \(what) on iOS, iPadOS, Mac Catalyst, tvOS, watchOS or visionOS: Apple "
                + "documents the \(keys) keys of connectionProxyDictionary for macOS only")
    }

    private static func refusal(_ what: String, _ why: String) -> NetworkingError {
        .invalidRequest("URLSessionTransport cannot \(what): Apple's connectionProxyDictionary \(why)")
    }
}
