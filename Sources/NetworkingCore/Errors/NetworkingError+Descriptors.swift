import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension NetworkingError {
    /// Whether the request failed because the process (`EMFILE`) or the whole system (`ENFILE`)
    /// had no file descriptor left for its connection: the fault of neither the server nor the
    /// network, so `isRetryable` is `false`. Raise the limit (`ulimit -n`) or send fewer requests
    /// at once (a transport's connection limits).
    ///
    /// It is `.transport(URLError(.resourceUnavailable))` with the `POSIXError` as its underlying
    /// error.
    public var isOutOfFileDescriptors: Bool {
        guard case .transport(let error) = self, error.code == .resourceUnavailable,
            let posix = (error as NSError).userInfo[NSUnderlyingErrorKey] as? POSIXError
        else { return false }
        return posix.code == .EMFILE || posix.code == .ENFILE
    }

    /// The error of a request for which no socket could be opened for want of descriptors
    /// (`code` is `.EMFILE` or `.ENFILE`); `description` is the whole sentence users see.
    package static func outOfFileDescriptors(
        _ code: POSIXErrorCode, description: String, url: URL?
    ) -> NetworkingError {
        var info: [String: Any] = [NSLocalizedDescriptionKey: description, NSUnderlyingErrorKey: POSIXError(code)]
        if let url { info[NSURLErrorFailingURLErrorKey] = url }
        return .transport(URLError(.resourceUnavailable, userInfo: info))
    }
}
