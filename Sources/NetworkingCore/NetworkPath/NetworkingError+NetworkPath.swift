import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension NetworkingError {
    /// The `userInfo` key of a transport error that a proxy caused; its value is the proxy's URL
    /// (without credentials).
    package static let proxyFailureKey = "NetworkingProxyFailure"

    /// The `userInfo` key of a transport error caused by a certificate whose public key matched
    /// none of the keys pinned for its host; its value is the host.
    package static let pinnedKeyMismatchKey = "NetworkingPinnedKeyMismatch"

    /// The proxy (its URL, without credentials) that refused or failed the request: it could not
    /// be reached, rejected its credentials, or would not open a tunnel or SOCKS connection to
    /// the server; `nil` for any other error.
    public var failedProxy: String? {
        guard case .transport(let error) = self else { return nil }
        return (error as NSError).userInfo[Self.proxyFailureKey] as? String
    }

    /// The host whose certificate's public key matched none of the keys pinned for it; `nil` for
    /// any other error.
    public var pinnedKeyMismatchHost: String? {
        guard case .transport(let error) = self else { return nil }
        return (error as NSError).userInfo[Self.pinnedKeyMismatchKey] as? String
    }
}
