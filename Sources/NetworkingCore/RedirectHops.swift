import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The hops of one request through a transport that follows redirects by a `RedirectPolicy`:
/// the request to send next, and how many redirects were followed to get there.
///
/// Every transport's loop is the same, whatever it sends with:
/// ```swift
/// var hops = RedirectHops(request, policy: redirectPolicy)
/// while true {
///     let response = try await sendOne(hops.current)
///     if try hops.follow(after: response) { continue }  // hops.current is the next request
///     return (hops.current, response, hops.count)
/// }
/// ```
public struct RedirectHops: Sendable {
    /// The request the chain started with (its origin decides which headers a redirect strips).
    public let original: URLRequest
    /// The request to send now: the original, then each redirect's.
    public private(set) var current: URLRequest
    /// How many redirects were followed.
    public private(set) var count = 0
    /// The policy that decides each hop.
    public let policy: RedirectPolicy

    /// Starts a chain at `request`.
    public init(_ request: URLRequest, policy: RedirectPolicy) {
        original = request
        current = request
        self.policy = policy
    }

    /// Whether `response` (to `current`) is a redirect the policy follows: then `current` becomes
    /// the next request. Throws what the policy refuses (too many redirects, an insecure downgrade).
    public mutating func follow(after response: HTTPURLResponse) throws(NetworkingError) -> Bool {
        guard let next = try policy.nextRequest(after: response, for: current, original: original, redirectCount: count)
        else { return false }
        current = next
        count += 1
        return true
    }
}
