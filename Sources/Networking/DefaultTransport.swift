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
///   event-loop thread, with one connection pool shared by every such client), or a
///   `URLSessionTransport` when `libcurl.so.4` cannot be loaded.
/// - Elsewhere: a new `URLSessionTransport` with the `.default` session configuration.
///
/// On Linux, streamed responses (`stream`, `bytes`, `lines`, Server-Sent Events), downloads to a file
/// and requests that report progress go through a `URLSessionTransport` beside the curl one (see
/// `LinuxDefaultTransport`): CurlTransport does not stream yet, and those transfers must keep memory
/// bounded whatever the body size.
///
/// Either way the documented behaviour is the same: response bodies are capped at
/// `URLSessionTransport.defaultMaxResponseBodySize`, redirects follow `RedirectPolicy.default`,
/// and no cookie jar or `URLCache` is consulted.
enum DefaultTransport {
    #if os(Linux)
        /// Created on first use; never released, like `URLSession.shared`.
        private static let shared: any HTTPTransport = LinuxDefaultTransport(
            requests: CurlTransport.preferred(), transfers: URLSessionTransport(configuration: .default))
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

#if os(Linux)
    /// The Linux default: small requests through libcurl, streams and file transfers through URLSession.
    ///
    /// `send(_:)` (every verb, download into memory, endpoint) goes through `requests`, the fast
    /// path; `stream(_:)`, `download(_:to:progress:)` and sends that report progress go through
    /// `transfers`, whose delegate streams bodies with bounded memory.
    struct LinuxDefaultTransport: StreamingHTTPTransport, ProgressReportingTransport, FileDownloadingTransport,
        ResponseBodyLimitedTransport
    {
        /// The transport for ordinary requests.
        let requests: any HTTPTransport
        /// The transport for streams, file downloads and progress.
        let transfers: URLSessionTransport

        /// The cap both halves apply (they are created with the same default).
        var maxResponseBodySize: Int { transfers.maxResponseBodySize }

        func send(_ request: URLRequest) async throws(NetworkingError) -> HTTPExchange {
            try await requests.send(request)
        }

        func send(
            _ request: URLRequest, uploadProgress: ProgressReporter?, downloadProgress: ProgressReporter?
        ) async throws(NetworkingError) -> HTTPExchange {
            if uploadProgress == nil, downloadProgress == nil { return try await requests.send(request) }
            return try await transfers.send(request, uploadProgress: uploadProgress, downloadProgress: downloadProgress)
        }

        func stream(_ request: URLRequest) async throws(NetworkingError) -> StreamedResponse {
            try await transfers.stream(request)
        }

        func download(
            _ request: URLRequest, to target: DownloadTarget, progress: ProgressReporter?
        ) async throws(NetworkingError) -> FileDownloadExchange {
            try await transfers.download(request, to: target, progress: progress)
        }
    }
#endif
