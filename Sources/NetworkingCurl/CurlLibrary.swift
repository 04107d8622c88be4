#if os(Linux)
    import CCurlShim
    import Glibc

    /// Why `CurlTransport` cannot be created: `libcurl.so.4` could not be loaded, or lacks a
    /// function the transport needs (curl older than 7.68).
    public struct CurlUnavailableError: Error, Sendable, CustomStringConvertible {
        /// What the dynamic loader or the symbol lookup reported.
        public let reason: String

        /// A sentence saying that libcurl could not be loaded, and why.
        public var description: String { "libcurl is not available: \(reason)" }
    }

    /// The process-wide libcurl, loaded once at run time.
    enum CurlLibrary {
        /// The outcome of loading, computed once.
        static let loaded: Result<Void, CurlUnavailableError> = {
            if ncurl_load() == 1 { return .success(()) }
            let reason = ncurl_load_error().map { String(cString: $0) } ?? "unknown error"
            return .failure(CurlUnavailableError(reason: reason))
        }()

        static var isAvailable: Bool {
            if case .success = loaded { return true }
            return false
        }

        static var version: String? {
            guard isAvailable, let version = ncurl_version() else { return nil }
            return String(cString: version)
        }

        static func has(_ feature: Int32) -> Bool { isAvailable && ncurl_features() & feature != 0 }

        /// The `Accept-Encoding` header line naming every coding this libcurl decodes, in the order
        /// libcurl itself lists them for `CURLOPT_ACCEPT_ENCODING ""`, or `nil` when it decodes none.
        /// Transfers send this line themselves: libcurl would format its own line twice per
        /// request, byte by byte (~2,800 instructions), and still decodes the response as long as
        /// `CURLOPT_ACCEPT_ENCODING` is set.
        static let acceptEncodingLine: String? = {
            var codings: [String] = []
            if has(NCURL_VERSION_LIBZ) { codings += ["deflate", "gzip"] }
            if has(NCURL_VERSION_BROTLI) { codings.append("br") }
            if has(NCURL_VERSION_ZSTD) { codings.append("zstd") }
            return codings.isEmpty ? nil : "Accept-Encoding: " + codings.joined(separator: ", ")
        }()

        /// Whether a connection opened with HTTP/2 prior knowledge (h2c) can carry a second request.
        /// Before curl 8.0.0 the next request on such a connection fails with `CURLE_HTTP2` ("Error
        /// in the HTTP2 framing layer": curl issue 10634, fixed in 8.0.0); Debian 12 ships 7.88.1.
        static let reusesPriorKnowledgeConnections: Bool = isAvailable && ncurl_version_number() >= 0x08_00_00
    }
#endif
