import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension URLSessionTransport {
    /// Why `URLSessionTransport` cannot honour `path` and `trust` on this platform, as the error
    /// every request then fails with; `nil` when it can.
    ///
    /// It never ignores a setting that changes where requests go or whom they trust:
    /// - host overrides, a Unix socket and a local address have no URLSession equivalent;
    /// - on Apple platforms, proxies map to `connectionProxyDictionary` except their credentials
    ///   and SOCKS5h, and trust is checked in the server-trust challenge;
    /// - on Linux, Foundation's URLSession reads the environment's proxies itself (through its
    ///   libcurl) and offers no server-trust challenge: an explicit proxy setting, a private CA
    ///   and pins cannot be honoured there. The Happy Eyeballs delay is a tuning hint, left to
    ///   the system.
    static func unsupportedSettings(_ path: NetworkPath, _ trust: ServerTrust) -> NetworkingError? {
        func refuse(_ what: String) -> NetworkingError {
            .invalidRequest("URLSessionTransport cannot \(what); CurlTransport, the default transport on Linux, can")
        }
        do {
            try path.validate()
            try trust.validate()
        } catch {
            return error
        }
        if !path.hostOverrides.isEmpty { return refuse("send a host to addresses of your choosing (host overrides)") }
        if path.unixSocketPath != nil { return refuse("connect to a Unix domain socket") }
        if path.localAddress != nil { return refuse("bind connections to a local address or interface") }
        #if canImport(Darwin)
            if case .proxies(let http, let https, _) = path.proxy {
                for proxy in [http, https].compactMap({ $0 }) {
                    if proxy.credentials != nil { return refuse("send proxy credentials (\(proxy))") }
                    if proxy.kind == .socks5h { return refuse("let a SOCKS proxy resolve names (\(proxy))") }
                }
            }
        #else
            if case .file = trust.certificateAuthorities {
                return refuse(
                    "trust a private CA instead of the system store on Linux, where Foundation offers no check of "
                        + "the server's certificate")
            }
            if !trust.pins.isEmpty {
                return refuse(
                    "pin public keys on Linux, where Foundation offers no check of the server's certificate")
            }
            switch path.proxy {
            case .environment:
                break
            case .direct:
                if (try? ProxyConfiguration.environment.resolved()) != .direct {
                    return refuse("ignore the environment's proxies on Linux, where Foundation reads them itself")
                }
            case .proxies:
                return refuse("use a proxy set in code on Linux, where Foundation reads only the environment's")
            }
        #endif
        return nil
    }

    /// `request` without its `Proxy-Authorization` field, which URLSession would send to the
    /// origin: with no proxy straight to it, and on Linux through an environment's proxy too,
    /// which forwards the field with the request. A proxy's credentials belong in the client's
    /// `NetworkPath` (see `HTTPHeaders.proxyAuthorization`).
    static func withoutProxyCredentials(_ request: URLRequest) -> URLRequest {
        guard request.headerValue(HTTPHeaders.proxyAuthorization) != nil else { return request }
        var request = request
        for name in (request.allHTTPHeaderFields ?? [:]).keys where HTTPHeaders.isProxyAuthorization(name) {
            request.setValue(nil, forHTTPHeaderField: name)
        }
        return request
    }

    /// The `connectionProxyDictionary` that expresses `proxy` on Apple platforms (`nil` for
    /// `.environment`, the system's settings; empty for `.direct`): the HTTP, HTTPS and SOCKS
    /// entries and the exception list (`ProxyBypass` as host patterns, networks left out).
    static func proxyDictionary(_ proxy: ProxyConfiguration) -> [AnyHashable: Any]? {
        guard case .proxies(let http, let https, let bypass) = proxy else {
            return proxy == .direct ? [:] : nil
        }
        var dictionary: [AnyHashable: Any] = [:]
        for (proxy, prefix) in [(http, "HTTP"), (https, "HTTPS")] {
            guard let proxy else { continue }
            if proxy.kind == .http {
                dictionary["\(prefix)Enable"] = 1
                dictionary["\(prefix)Proxy"] = proxy.host
                dictionary["\(prefix)Port"] = proxy.port
            } else {
                dictionary["SOCKSEnable"] = 1
                dictionary["SOCKSProxy"] = proxy.host
                dictionary["SOCKSPort"] = proxy.port
            }
        }
        let exceptions = bypass.rules.compactMap { rule -> String? in
            switch rule {
            case .everything: return "*"
            case .domain(let name): return "*." + name
            case .network: return nil
            }
        }
        if !exceptions.isEmpty { dictionary["ExceptionsList"] = exceptions }
        return dictionary
    }
}
