import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if os(Linux)
    import NetworkingCurl
#endif

extension Networking {
    /// Creates a client whose in-memory response bodies are capped at `maxResponseBodySize`
    /// bytes (`URLSessionTransport.defaultMaxResponseBodySize`, 128 MiB, with the other
    /// initialisers).
    ///
    /// A response announcing a larger `Content-Length`, or sending more bytes than the cap, is
    /// cancelled and fails with `.transport(URLError(.dataLengthExceedsMaximum))`, so a hostile
    /// server cannot exhaust memory. The same figure bounds what a stream buffers for a slow
    /// reader. Downloads to a file are not capped.
    public init(baseURL: String, configuration: URLSessionConfiguration = .default, maxResponseBodySize: Int) {
        self.init(
            baseURL: baseURL,
            transport: URLSessionTransport(configuration: configuration, maxResponseBodySize: maxResponseBodySize))
    }

    /// The cap on in-memory response bodies, when the transport has one
    /// (`URLSessionTransport`, `CurlTransport`, the platform default); `nil` for other transports.
    public nonisolated var maxResponseBodySize: Int? {
        if let session = transport as? URLSessionTransport { return session.maxResponseBodySize }
        #if os(Linux)
            if let curl = transport as? CurlTransport { return curl.configuration.maxResponseBodySize }
        #endif
        return nil
    }
}
