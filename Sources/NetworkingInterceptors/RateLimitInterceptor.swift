import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Stops sending requests to an origin whose request quota the server says is spent, until the
/// quota resets: it waits for the reset, or fails at once, as you choose.
///
/// It reads the rate-limit fields of every response (`RateLimit` of
/// draft-ietf-httpapi-ratelimit-headers and its earlier forms, or `X-RateLimit-Remaining` and
/// `X-RateLimit-Reset`). When one says no request remains until the reset, the next requests to
/// that origin (scheme, host and port) are held: with `.wait(atMost:)` each waits until the reset
/// and is then sent, unless the reset is further away than the bound; otherwise, and with
/// `.fail`, it fails at once, without being sent, with a ``SpentQuota`` naming the origin and the
/// time of the reset (``NetworkingError/spentQuota``). Other origins are not affected. Cancelling a
/// waiting request ends it at once with `.cancelled`.
///
/// ```swift
/// await networking.setInterceptors([RateLimitInterceptor(whenSpent: .wait(atMost: .seconds(5)))])
/// ```
public struct RateLimitInterceptor: HTTPInterceptor {
    /// What to do with a request to an origin whose quota is spent.
    public enum WhenSpent: Sendable, Hashable {
        /// Wait until the quota resets, when that is at most `bound` away; fail at once otherwise.
        case wait(atMost: Duration)
        /// Fail at once.
        case fail
    }

    /// What happens to a request to an origin whose quota is spent.
    public let whenSpent: WhenSpent
    private let now: @Sendable () -> Date
    private let sleep: @Sendable (Duration) async throws -> Void
    /// When each origin's spent quota resets; shared by every copy of this value.
    private let resets: Resets

    private final class Resets: Sendable {
        let until = Mutex<[String: Date]>([:])
    }

    /// Creates a rate-limit interceptor.
    ///
    /// - Parameters:
    ///   - whenSpent: Whether a request waits for the reset (and at most how long) or fails at once.
    ///   - now: The current date (the system clock unless testing).
    ///   - sleep: How it waits; must throw when the task is cancelled (`Task.sleep` unless testing).
    public init(
        whenSpent: WhenSpent = .wait(atMost: .seconds(10)), now: @escaping @Sendable () -> Date = { Date() },
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.whenSpent = whenSpent
        self.now = now
        self.sleep = sleep
        resets = Resets()
    }

    /// Holds the request while its origin's quota is spent, then sends it and reads the quota the
    /// response reports.
    public func intercept(
        _ request: URLRequest, next: @Sendable (URLRequest) async throws -> HTTPExchange
    ) async throws -> HTTPExchange {
        guard let origin = CircuitBreakerInterceptor.origin(of: request.url) else { return try await next(request) }
        if let resetAt = resets.until.withLock({ $0[origin] }) {
            let wait = resetAt.timeIntervalSince(now())
            if wait > 0 {
                guard case .wait(let bound) = whenSpent, wait <= Self.seconds(bound) else {
                    throw NetworkingError.quotaSpent(SpentQuota(origin: origin, resetAt: resetAt))
                }
                do {
                    try await sleep(.milliseconds(Int64((wait * 1000).rounded(.up))))
                } catch {
                    throw NetworkingError.cancelled
                }
                if Task.isCancelled { throw NetworkingError.cancelled }
            }
        }
        let exchange = try await next(request)
        let received = now()
        let quota = RateLimitHeaders(exchange.head.headerFields, now: received)
        resets.until.withLock { resets in
            if let quota, quota.isSpent {
                resets[origin] = received.addingTimeInterval(Self.seconds(quota.reset))
            } else if quota != nil || (resets[origin].map { $0 <= received } ?? false) {
                resets[origin] = nil
            }
        }
        return exchange
    }

    private static func seconds(_ duration: Duration) -> TimeInterval {
        let components = duration.components
        return Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
