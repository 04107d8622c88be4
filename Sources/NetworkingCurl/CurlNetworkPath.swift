#if os(Linux)
    import CCurlShim
    import NetworkingCore
    import Synchronization

    /// How an easy handle reaches its server: a `NetworkPath` as libcurl's options.
    ///
    /// The path a transport is given is resolved when the transport is created (`.environment`
    /// becomes the proxies the environment names then), so the options are explicit and libcurl
    /// never reads the environment itself: every handle gets a proxy or `""` (none).
    enum CurlNetworkPath {
        /// The options that are the same for every request of a transport, set once per handle:
        /// name overrides, the Unix socket, the local address, the Happy Eyeballs delay, and the
        /// proxy when there is none (`configureProxy` sets it per request otherwise).
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
            if case .proxies = path.proxy {
                // The proxy's own answer to CONNECT is not the origin's response head.
                CurlTransfer.setLong(easy, NCURLOPT_SUPPRESS_CONNECT_HEADERS, 1)
                CurlTransfer.setLong(easy, NCURLOPT_PROXYAUTH, Int(NCURLAUTH_BASIC))
            } else {
                CurlTransfer.setString(easy, NCURLOPT_PROXY, "")
                CurlTransfer.setString(easy, NCURLOPT_NOPROXY, "")
            }
        }

        /// The proxy of a request to an http (`isHTTPS` false) or https URL, when the path has
        /// proxies: its URL, the no-proxy rules, and its credentials (sent to the proxy alone:
        /// libcurl puts them in `Proxy-Authorization` of the forwarded request or of `CONNECT`,
        /// or in the SOCKS5 negotiation, never in a tunnelled request).
        static func configureProxy(_ easy: OpaquePointer, _ path: NetworkPath, isHTTPS: Bool) {
            guard case .proxies(let http, let https, let bypass) = path.proxy else { return }
            guard let proxy = isHTTPS ? https : http else {
                CurlTransfer.setString(easy, NCURLOPT_PROXY, "")
                return
            }
            CurlTransfer.setString(easy, NCURLOPT_PROXY, proxy.url)
            CurlTransfer.setString(easy, NCURLOPT_NOPROXY, bypass.description)
            if let credentials = proxy.credentials {
                CurlTransfer.setString(easy, NCURLOPT_PROXYUSERNAME, credentials.username)
                CurlTransfer.setString(easy, NCURLOPT_PROXYPASSWORD, credentials.password)
            } else {
                _ = ncurl_easy_setopt_pointer(easy, NCURLOPT_PROXYUSERNAME, nil)
                _ = ncurl_easy_setopt_pointer(easy, NCURLOPT_PROXYPASSWORD, nil)
            }
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
