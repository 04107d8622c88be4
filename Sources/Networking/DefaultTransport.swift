import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if os(Linux)
    import NetworkingCurl
#endif

/// The transport a `Networking` or `HTTPClient` uses when it is created with neither a transport
/// nor a `URLSessionConfiguration`.
///
/// - On Linux: one process-wide `CurlTransport.preferred()` (libcurl's multi interface on one
///   event-loop thread, with one connection pool shared by every such client) for everything:
///   requests, streamed responses (`stream`, `bytes`, `lines`, Server-Sent Events, with
///   back-pressure), downloads to a file and requests that report progress, all with bounded
///   memory. When `libcurl.so.4` cannot be loaded, a `URLSessionTransport` does all of it instead.
/// - Elsewhere: a new `URLSessionTransport` with the `.default` session configuration.
///
/// Either way the documented behaviour is the same: response bodies are capped at
/// `URLSessionTransport.defaultMaxResponseBodySize`, redirects follow `RedirectPolicy.default`,
/// and no cookie jar or `URLCache` is consulted.
enum DefaultTransport {
    #if os(Linux)
        /// Created on first use; never released, like `URLSession.shared`.
        private static let shared: any HTTPTransport = CurlTransport.preferred()
    #endif

    /// The transport for a client created without one.
    static func make() -> any HTTPTransport {
        #if os(Linux)
            shared
        #else
            URLSessionTransport(configuration: .default)
        #endif
    }

    /// `URLSessionTransport` for an explicit session configuration (it may carry protocol
    /// classes, a cache, cookies…), the default transport otherwise.
    static func make(configuration: URLSessionConfiguration?) -> any HTTPTransport {
        configuration.map { URLSessionTransport(configuration: $0) } ?? make()
    }
}
