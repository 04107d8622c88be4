#if os(Linux)
    import CCurlShim
    import Glibc

    /// Whom a connection trusts: the options every easy handle of the transport, and every
    /// WebSocket connection, gets for TLS.
    ///
    /// libcurl keeps a loaded CA store in its multi handle and shares it between connections (the
    /// CA cache of `CURLOPT_CA_CACHE_TIMEOUT`, curl 7.87), but only while no CA directory
    /// (`CURLOPT_CAPATH`) is set. Debian's libcurl is built with both a default bundle
    /// (`/etc/ssl/certs/ca-certificates.crt`) and a default directory (`/etc/ssl/certs`), so left
    /// as it is, every new TLS connection parses the whole system store again (about 20 ms of
    /// CPU), and a configured CA file is trusted *beside* the directory's CAs instead of in their
    /// place. So the directory is cleared whenever a bundle is there to trust: the configured
    /// file, or the bundle libcurl was built with. (On Debian, `update-ca-certificates` writes
    /// every CA to both.)
    enum CurlTrust {
        /// The CA store a transport trusts when it is given no file: libcurl's built-in bundle and
        /// directory (`Configuration.systemTrustStore`, which tests replace).
        struct SystemStore: Sendable, Equatable {
            /// The bundle file, when it exists.
            var bundle: String?
            /// The hashed directory (`<hash>.0` files), when one is set.
            var directory: String?
        }

        /// libcurl's built-in CA bundle and directory (`CURLINFO_CAINFO`, `CURLINFO_CAPATH`,
        /// curl 7.84), read once; a bundle that does not exist counts as none.
        static let builtIn: SystemStore = {
            guard CurlLibrary.isAvailable, let easy = ncurl_easy_init() else { return SystemStore() }
            defer { ncurl_easy_cleanup(easy) }
            func read(_ info: Int32) -> String? {
                var value: UnsafePointer<CChar>?
                guard ncurl_easy_getinfo_string(easy, info, &value) == NCURLE_OK, let value else { return nil }
                return String(cString: value)
            }
            let bundle = read(NCURLINFO_CAINFO).flatMap { access($0, R_OK) == 0 ? $0 : nil }
            return SystemStore(bundle: bundle, directory: read(NCURLINFO_CAPATH))
        }()

        /// Sets the trust options of `easy` from `configuration`: only its `caCertificateFile`
        /// when it has one; otherwise the system store's bundle alone when there is one (so that
        /// the store is loaded once per multi handle), else its directory; and the pinned key.
        /// TLS 1.2 is the oldest version offered (RFC 8996 deprecates 1.0 and 1.1): libcurl 7.88
        /// offers 1.0 unless told, so a server that speaks only 1.1 would otherwise fail on a
        /// legacy signature algorithm, or pass where the system's OpenSSL allows it.
        static func configure(_ easy: OpaquePointer, _ configuration: CurlTransport.Configuration) {
            _ = ncurl_easy_setopt_long(easy, NCURLOPT_SSLVERSION, Int(NCURL_SSLVERSION_TLSv1_2))
            let system = configuration.systemTrustStore
            if let file = configuration.certificateAuthorityFile ?? system.bundle {
                CurlTransfer.setString(easy, NCURLOPT_CAINFO, file)
                _ = ncurl_easy_setopt_pointer(easy, NCURLOPT_CAPATH, nil)
            } else if let directory = system.directory {
                CurlTransfer.setString(easy, NCURLOPT_CAPATH, directory)
            }
            if configuration.trust.pins.isEmpty, let key = configuration.pinnedPublicKey {
                CurlTransfer.setString(easy, NCURLOPT_PINNEDPUBLICKEY, key)
            }
        }

        /// Sets the pinned keys of a request to `host`, when `configuration.trust` pins some host:
        /// the host's pins, else `pinnedPublicKey`, else none. `enforcesOnly` leaves out pins that
        /// are only reported (for a connection that cannot be sent again without them).
        static func configurePins(
            _ easy: OpaquePointer, _ configuration: CurlTransport.Configuration, host: String,
            enforcesOnly: Bool = false
        ) {
            guard !configuration.trust.pins.isEmpty else { return }
            var pins = configuration.trust.pins(for: host)?.curlValue
            if pins != nil, enforcesOnly, configuration.trust.enforcement == .reportOnly { pins = nil }
            if let key = pins ?? configuration.pinnedPublicKey {
                CurlTransfer.setString(easy, NCURLOPT_PINNEDPUBLICKEY, key)
            } else {
                _ = ncurl_easy_setopt_pointer(easy, NCURLOPT_PINNEDPUBLICKEY, nil)
            }
        }

        /// Whether a request to `host` under `configuration` that ended with `code` failed only
        /// because of pins that are reported, not enforced: it may be sent again without them.
        static func mayProceedDespitePins(_ code: Int32, _ configuration: CurlTransport.Configuration, host: String)
            -> Bool
        {
            code == NCURLE_SSL_PINNEDPUBKEYNOTMATCH && configuration.trust.enforcement == .reportOnly
                && configuration.trust.pins(for: host) != nil
        }
    }
#endif
