import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension URLSessionTransport {
    /// Why `URLSessionTransport` cannot honour `path` and `trust` on `platform`, as the error
    /// every request then fails with; `nil` when it can.
    ///
    /// It never ignores a setting that changes where requests go or whom they trust:
    /// - host overrides, a Unix socket and a local address have no URLSession equivalent;
    /// - on Apple platforms, proxies go to `connectionProxyDictionary` as far as the platform's
    ///   dictionary can hold them (see `ConnectionProxyDictionary`), and trust is checked in the
    ///   server-trust challenge;
    /// - on swift-corelibs-foundation, URLSession reads the environment's proxies itself (through
    ///   its libcurl) and offers no server-trust challenge: an explicit proxy setting, a private CA
    ///   and pins cannot be honoured there. The Happy Eyeballs delay is a tuning hint, left to the
    ///   system. Credentials in an environment variable's proxy URL are sent by Foundation's
    ///   libcurl with every request, before the proxy asks for them (a forwarding proxy that does
    ///   not ask passes them on to an `http` origin), as `ProxyCredentials` documents;
    ///   `CurlTransport` waits for the proxy's `407`.
    static func unsupportedSettings(
        _ path: NetworkPath, _ trust: ServerTrust, on platform: URLSessionPlatform = .current
    ) -> NetworkingError? {
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
        guard platform == .corelibs else {
            do {
                _ = try ConnectionProxyDictionary.make(path.proxy, on: platform)
                return nil
            } catch {
                return error
            }
        }
        if case .file = trust.certificateAuthorities {
            return refuse(
                "trust a private CA instead of the system store on Linux, where Foundation offers no check of the "
                    + "server's certificate")
        }
        if !trust.pins.isEmpty {
            return refuse("pin public keys on Linux, where Foundation offers no check of the server's certificate")
        }
        switch path.proxy {
        case .environment:
            return nil
        case .direct:
            if (try? ProxyConfiguration.environment.resolved()) != .direct {
                return refuse("ignore the environment's proxies on Linux, where Foundation reads them itself")
            }
            return nil
        case .proxies:
            return refuse("use a proxy set in code on Linux, where Foundation reads only the environment's")
        }
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
}
