import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A request that a ``RateLimitInterceptor`` failed at once, without sending it, because the
/// server said the origin's request quota is spent until a time further away than the client
/// waits.
///
/// ``NetworkingError``'s cases are closed, so it rides in `.transport(URLError(.unknown))` (nothing
/// was sent) and ``NetworkingError/spentQuota`` reads it back. Its message names the origin and
/// when the quota resets. It is not retryable: the quota is spent until then.
public struct SpentQuota: Error, Sendable, Hashable, CustomStringConvertible {
    /// The origin whose quota is spent: scheme, host and port.
    public let origin: String
    /// When the server said the quota resets.
    public let resetAt: Date

    /// Creates the value of a spent quota.
    public init(origin: String, resetAt: Date) {
        self.origin = origin
        self.resetAt = resetAt
    }

    /// A sentence naming the origin and when its quota resets.
    public var description: String {
        "The request quota of \(origin) is spent; the server said it resets at \(resetAt)."
    }
}

extension NetworkingError {
    /// The key under which the `URLError` of a `.transport` error keeps the ``SpentQuota`` that
    /// failed the request (read it with ``spentQuota``).
    public static let spentQuotaUserInfoKey = "NetworkingSpentQuota"

    /// The spent quota that failed the request without sending it, when a ``RateLimitInterceptor``
    /// did; `nil` otherwise.
    public var spentQuota: SpentQuota? {
        guard case .transport(let error) = self else { return nil }
        return (error as NSError).userInfo[Self.spentQuotaUserInfoKey] as? SpentQuota
    }

    /// The error for a request refused because of `quota` (see ``spentQuota``).
    package static func quotaSpent(_ quota: SpentQuota) -> NetworkingError {
        .transport(
            URLError(
                .unknown,
                userInfo: [
                    NSLocalizedDescriptionKey: quota.description, NSUnderlyingErrorKey: quota,
                    spentQuotaUserInfoKey: quota,
                ]))
    }
}
