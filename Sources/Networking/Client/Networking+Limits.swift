import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if os(Linux)
    import NetworkingCurl
#endif

extension Networking {
    /// The cap on in-memory response bodies, when the transport has one (`URLSessionTransport`,
    /// `CurlTransport`, the platform default); `nil` for other transports. A client created with
    /// `maxResponseBodySize:` has a `URLSessionTransport` capped at that figure.
    public nonisolated var maxResponseBodySize: Int? {
        if let session = transport as? URLSessionTransport { return session.maxResponseBodySize }
        #if os(Linux)
            if let curl = transport as? CurlTransport { return curl.configuration.maxResponseBodySize }
        #endif
        return nil
    }
}
