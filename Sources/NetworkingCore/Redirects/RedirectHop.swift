import Foundation

/// One redirect a request followed: the URL that answered with it, the method sent there, the
/// redirect's status code and the URL it pointed to.
///
/// A request's redirects, in the order they were followed, are its metrics' `redirects`
/// (``TransactionMetrics/redirects``), which observers, the event stream and every exchange
/// carry. A request that was not redirected has none.
///
/// ```swift
/// if let metrics = exchange.metrics {
///     for hop in metrics.redirects {
///         print(hop.statusCode, hop.method, hop.url.absoluteString, "→", hop.location.absoluteString)
///     }
/// }
/// ```
public struct RedirectHop: Sendable, Hashable {
    /// The URL of the request that was answered with the redirect.
    public var url: URL
    /// The method that request was sent with.
    public var method: HTTPMethod
    /// The redirect's status code: 301, 302, 303, 307 or 308.
    public var statusCode: Int
    /// Where the redirect pointed: its `Location`, resolved against `url`. The next hop's URL,
    /// or the final response's.
    public var location: URL

    /// Creates the record of one redirect.
    public init(url: URL, method: HTTPMethod, statusCode: Int, location: URL) {
        self.url = url
        self.method = method
        self.statusCode = statusCode
        self.location = location
    }
}
