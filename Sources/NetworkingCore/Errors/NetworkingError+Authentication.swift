import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension NetworkingError {
    /// A request that could not be authenticated before it was sent: no credential is stored, the
    /// stored one could not be read, or a refresh failed.
    ///
    /// `NetworkingError`'s cases are closed (a `switch` over them needs no `default`), so these
    /// failures are `.transport` errors of the category `URLError.userAuthenticationRequired`,
    /// whose message is `message` as it is, without the "server could not be reached" that other
    /// transport failures read: nothing reached the server. `underlying` is kept as
    /// `underlyingError`.
    public static func authentication(_ message: String, underlying: (any Error)? = nil) -> NetworkingError {
        var info: [String: Any] = [NSLocalizedDescriptionKey: message]
        if let underlying { info[NSUnderlyingErrorKey] = underlying }
        return .transport(URLError(.userAuthenticationRequired, userInfo: info))
    }

    /// Whether the request failed before it was sent because it could not be authenticated (see
    /// `authentication(_:underlying:)`).
    public var isAuthenticationFailure: Bool {
        guard case .transport(let error) = self else { return false }
        return error.code == .userAuthenticationRequired
    }
}
