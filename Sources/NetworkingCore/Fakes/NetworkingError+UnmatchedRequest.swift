import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension NetworkingError {
    /// The key under which the `URLError` of a `.transport` error keeps the ``UnmatchedRequest``
    /// of a test double that had no answer (read it with ``unmatchedRequest``).
    public static let unmatchedRequestUserInfoKey = "NetworkingUnmatchedRequest"

    /// The request a test double (a fake, a stub, a mock, recorded fixtures) had no answer for, when
    /// that is why the request failed; `nil` otherwise.
    ///
    /// `NetworkingError`'s cases are closed, so the failure is `.transport(URLError(.resourceUnavailable))`
    /// with the ``UnmatchedRequest`` in its `userInfo` under ``unmatchedRequestUserInfoKey`` and its
    /// sentence as the `URLError`'s own description. The message says that nothing matched and
    /// names the request ("No fake, stub or mock matched GET https://api.example.com/users/2. …"),
    /// never that the server could not be reached, and `isRetryable` is `false`.
    public var unmatchedRequest: UnmatchedRequest? {
        guard case .transport(let error) = self else { return nil }
        return (error as NSError).userInfo[Self.unmatchedRequestUserInfoKey] as? UnmatchedRequest
    }

    /// The failure of a request that `unmatched.testDouble` had no answer for.
    package static func unmatched(_ unmatched: UnmatchedRequest) -> NetworkingError {
        .transport(unmatched.urlError)
    }
}

extension UnmatchedRequest {
    /// The `URLError` a test double fails the request with: `.resourceUnavailable`, described by
    /// this request's sentence and carrying it (see `NetworkingError.unmatchedRequest`).
    package var urlError: URLError {
        var info: [String: Any] = [
            NSLocalizedDescriptionKey: description, NetworkingError.unmatchedRequestUserInfoKey: self,
        ]
        if let url { info[NSURLErrorFailingURLErrorKey] = url }
        return URLError(.resourceUnavailable, userInfo: info)
    }
}
