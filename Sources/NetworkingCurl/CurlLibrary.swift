#if os(Linux)
    import CCurlShim

    /// Why `CurlTransport` cannot be created: `libcurl.so.4` could not be loaded, or lacks a
    /// function the transport needs (curl older than 7.68).
    public struct CurlUnavailableError: Error, Sendable, CustomStringConvertible {
        /// What the dynamic loader or the symbol lookup reported.
        public let reason: String

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
    }
#endif
