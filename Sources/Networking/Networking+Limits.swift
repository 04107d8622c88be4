import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
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

    /// The cap on in-memory response bodies, when the transport is a `URLSessionTransport` or the
    /// platform default; `nil` for other transports (they have caps of their own).
    public nonisolated var maxResponseBodySize: Int? {
        #if os(Linux)
            if let linuxDefault = transport as? LinuxDefaultTransport {
                return linuxDefault.transfers.maxResponseBodySize
            }
        #endif
        return (transport as? URLSessionTransport)?.maxResponseBodySize
    }
}
