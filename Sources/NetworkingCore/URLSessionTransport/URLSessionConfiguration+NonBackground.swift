import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension URLSessionConfiguration {
    /// A copy of this configuration for a session of its own beside the transport's: the same
    /// configuration copied when it is an ordinary one, and for a background configuration
    /// (`background(withIdentifier:)`) a default configuration carrying its settings but not its
    /// identity.
    ///
    /// Two sessions with one background identifier are undefined behaviour (Apple's documentation
    /// of `background(withIdentifier:)`), and a background session runs no WebSocket task anyway.
    /// What is kept: the cache policy and cache, the timeouts, the network service type and
    /// cellular access, the proxies, the cookie settings and storage, the credential storage, the
    /// additional header fields, the connection limit, the protocol classes and, on Apple
    /// platforms, the network-access, connectivity, TLS-version and DNSSEC settings. What belongs
    /// to background transfers alone (`isDiscretionary`, `sessionSendsLaunchEvents`,
    /// `sharedContainerIdentifier`) is not.
    package func nonBackgroundCopy() -> URLSessionConfiguration {
        guard identifier != nil else { return (copy() as? URLSessionConfiguration) ?? self }
        let copy = URLSessionConfiguration.default
        copy.requestCachePolicy = requestCachePolicy
        copy.urlCache = urlCache
        copy.timeoutIntervalForRequest = timeoutIntervalForRequest
        copy.timeoutIntervalForResource = timeoutIntervalForResource
        copy.networkServiceType = networkServiceType
        copy.allowsCellularAccess = allowsCellularAccess
        copy.connectionProxyDictionary = connectionProxyDictionary
        copy.httpShouldSetCookies = httpShouldSetCookies
        copy.httpCookieAcceptPolicy = httpCookieAcceptPolicy
        copy.httpCookieStorage = httpCookieStorage
        copy.urlCredentialStorage = urlCredentialStorage
        copy.httpAdditionalHeaders = httpAdditionalHeaders
        copy.httpMaximumConnectionsPerHost = httpMaximumConnectionsPerHost
        copy.protocolClasses = protocolClasses
        #if canImport(Darwin)
            copyAppleSettings(to: copy)
        #endif
        return copy
    }
}
