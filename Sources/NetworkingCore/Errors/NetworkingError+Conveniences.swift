import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension NetworkingError {
    /// The transport error codes that mean the device has no usable network connection.
    package static let offlineURLErrorCodes: Set<URLError.Code> = [
        .notConnectedToInternet, .networkConnectionLost, .dataNotAllowed, .internationalRoamingOff, .callIsActive,
    ]

    /// Whether the server answered 401 Unauthorized: the credential is missing, wrong or expired.
    public var isUnauthorized: Bool { httpStatusCode == 401 }

    /// Whether the server answered 403 Forbidden.
    public var isForbidden: Bool { httpStatusCode == 403 }

    /// Whether the server answered 404 Not Found.
    public var isNotFound: Bool { httpStatusCode == 404 }

    /// Whether the server answered with a 4xx status.
    public var isClientError: Bool { httpStatusCode.map { (400..<500).contains($0) } ?? false }

    /// Whether the server answered with a 5xx status.
    public var isServerError: Bool { httpStatusCode.map { (500..<600).contains($0) } ?? false }

    /// The status of a 5xx answer, or `nil` for any other error.
    public var serverErrorCode: Int? { isServerError ? httpStatusCode : nil }

    /// Whether the request failed because the device is offline (see `offlineURLErrorCodes`).
    public var isOffline: Bool {
        guard case .transport(let error) = self else { return false }
        return Self.offlineURLErrorCodes.contains(error.code)
    }

    /// Whether the request timed out before a response arrived.
    public var isTimeout: Bool {
        guard case .transport(let error) = self else { return false }
        return error.code == .timedOut
    }

    /// Whether the request was cancelled.
    public var isCancelled: Bool {
        if case .cancelled = self { return true }
        return false
    }

    /// The status of an `.http` error (the server answered outside 2xx); `nil` otherwise.
    package var httpStatusCode: Int? {
        guard case .http(let error) = self else { return nil }
        return error.statusCode
    }
}
