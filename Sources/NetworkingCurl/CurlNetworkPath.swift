#if os(Linux)
    import CCurlShim
    import Foundation
    import NetworkingCore
    import Synchronization

    /// How an easy handle reaches its server: a `NetworkPath` as libcurl's options.
    ///
    /// The path a transport is given is resolved when the transport is created (`.environment`
    /// becomes the proxies the environment names then), so the options are explicit and libcurl
    /// never reads the environment itself: every handle gets a proxy or `""` (none), and the
    /// library, not libcurl's `NOPROXY`, decides which hosts bypass it.
    enum CurlNetworkPath {
        /// The options that are the same for every request of a transport, set once per handle:
        /// name overrides, the Unix socket, the local address, the Happy Eyeballs delay, how proxy
        /// credentials are offered, and the proxy when there is none (`configureProxy` sets it per
        /// request otherwise).
        static func configureHandle(_ easy: OpaquePointer, _ path: NetworkPath) {
            if !path.hostOverrides.isEmpty {
                _ = ncurl_easy_setopt_pointer(
                    easy, NCURLOPT_RESOLVE, UnsafeRawPointer(overrideList(path.hostOverrides)))
            }
            if let socketPath = path.unixSocketPath {
                CurlTransfer.setString(easy, NCURLOPT_UNIX_SOCKET_PATH, socketPath)
            }
            if let local = path.localAddress { CurlTransfer.setString(easy, NCURLOPT_INTERFACE, local) }
            if let delay = path.happyEyeballsDelay {
                CurlTransfer.setLong(easy, NCURLOPT_HAPPY_EYEBALLS_TIMEOUT_MS, Int((delay * 1000).rounded()))
            }
            // The library decides which hosts bypass the proxy (`proxy(for:in:)`): libcurl 7.88's
            // own rules ignore IPv6 ranges.
            CurlTransfer.setString(easy, NCURLOPT_NOPROXY, "")
            if choosesProxyPerRequest(path) {
                // The proxy's own answer to CONNECT is not the origin's response head.
                CurlTransfer.setLong(easy, NCURLOPT_SUPPRESS_CONNECT_HEADERS, 1)
                // Basic, and only once the proxy asks for it (a 407): more than one bit makes
                // libcurl send the first request without credentials, so that a proxy that needs
                // none never receives them, nor forwards them to the origin.
                CurlTransfer.setLong(easy, NCURLOPT_PROXYAUTH, Int(NCURLAUTH_BASIC) | curlAuthOnly)
            } else {
                CurlTransfer.setString(easy, NCURLOPT_PROXY, "")
            }
        }

        /// libcurl's `CURLAUTH_ONLY` (`1 << 31`): with a single method, libcurl asks the proxy
        /// which methods it takes before it sends any credentials.
        static let curlAuthOnly = 1 << 31

        /// Whether the proxy is chosen for each request (`configureProxy`): the path has proxies
        /// and no Unix socket, which libcurl never reaches through a proxy.
        static func choosesProxyPerRequest(_ path: NetworkPath) -> Bool {
            guard case .proxies = path.proxy else { return false }
            return path.unixSocketPath == nil
        }

        /// The proxy a request to `url` (http, https, ws or wss) goes through on `path`, which is
        /// resolved: `nil` for none, for a host its bypass rules send direct, and for a path that
        /// connects to a Unix socket.
        static func proxy(for url: URL, in path: NetworkPath) -> Proxy? {
            guard choosesProxyPerRequest(path) else { return nil }
            return path.proxy.proxy(for: url)
        }

        /// Points a request at `proxy` (`nil`: direct), on a handle of a path whose proxy is
        /// chosen per request, with the proxy's credentials, which libcurl sends to the proxy
        /// alone: in `Proxy-Authorization` of the forwarded request or of `CONNECT` once the
        /// proxy asks for them, or in the SOCKS5 negotiation, never in a tunnelled request.
        static func configureProxy(_ easy: OpaquePointer, _ proxy: Proxy?) {
            CurlTransfer.setString(easy, NCURLOPT_PROXY, proxy?.url ?? "")
            if let credentials = proxy?.credentials {
                CurlTransfer.setString(easy, NCURLOPT_PROXYUSERNAME, credentials.username)
                CurlTransfer.setString(easy, NCURLOPT_PROXYPASSWORD, credentials.password)
            } else {
                _ = ncurl_easy_setopt_pointer(easy, NCURLOPT_PROXYUSERNAME, nil)
                _ = ncurl_easy_setopt_pointer(easy, NCURLOPT_PROXYPASSWORD, nil)
            }
        }

        /// Whether a handle that sent a request through `proxy` must forget, before it is used
        /// again, the authentication method a proxy's 407 made libcurl pick: libcurl keeps it for
        /// the handle's later requests and would send the next proxy's credentials before that
        /// proxy asks. Only a path with two different proxies, the one used holding credentials,
        /// can move a handle from one proxy to another.
        static func forgetsProxyAuthentication(after proxy: Proxy?, on path: NetworkPath) -> Bool {
            guard let proxy, proxy.credentials != nil,
                case .proxies(let http, let https, _) = path.proxy,
                let http, let https
            else { return false }
            return http != https
        }

        /// The `CURLOPT_RESOLVE` list of `overrides`, built once per distinct set of overrides in
        /// the process and kept for its life: libcurl reads the list when each transfer starts,
        /// not when the option is set, so it must outlive every handle that points at it.
        static func overrideList(_ overrides: [HostOverride]) -> OpaquePointer? {
            let entries = overrides.map(\.curlEntry)
            return overrideLists.withLock { lists in
                if let list = lists[entries] { return list.pointer }
                var list: OpaquePointer?
                for entry in entries { list = entry.withCString { ncurl_slist_append(list, $0) } ?? list }
                lists[entries] = ListPointer(pointer: list)
                return list
            }
        }

        /// A list libcurl reads; never freed and never written after it is built.
        struct ListPointer: @unchecked Sendable {
            let pointer: OpaquePointer?
        }

        private static let overrideLists = Mutex<[[String]: ListPointer]>([:])
    }
#endif
