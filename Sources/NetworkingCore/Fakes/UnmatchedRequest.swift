import Foundation

/// A request that a test double had no answer for: no fake, stub, mock or recorded fixture matched
/// it.
///
/// `InMemoryTransport` (and `MockURLProtocol`, which answers from one), `MockHTTPClient`,
/// `ReplayingTransport` and a fake transport with nothing behind it fail such a request with a
/// `NetworkingError` whose ``NetworkingError/unmatchedRequest`` is this value, and whose message
/// says so: "No fake, stub or mock matched GET https://api.example.com/users/2. InMemoryTransport
/// has no stub for it; its stubs: GET https://api.example.com/users/1." Nothing reached a server,
/// and trying again gives the same answer, so it is not retryable.
public struct UnmatchedRequest: Sendable, CustomStringConvertible {
    /// The request's method.
    public let method: HTTPMethod
    /// The request's URL, when it had one.
    public let url: URL?
    /// The test double that received it: `InMemoryTransport`, `MockURLProtocol`, `MockHTTPClient`,
    /// `ReplayingTransport`, or `FakeTransport`.
    public let testDouble: String
    /// What the test double has instead, as a sentence: its stubs, or its nearest fixture and how
    /// that differs from the request.
    public let detail: String

    /// The request `method url` that `testDouble` could not answer; `detail` says what it has
    /// instead.
    package init(method: HTTPMethod, url: URL?, testDouble: String, detail: String) {
        self.method = method
        self.url = url
        self.testDouble = testDouble
        self.detail = detail
    }

    /// A sentence naming the request, then `detail`: "No fake, stub or mock matched GET
    /// https://api.example.com/users/2. InMemoryTransport has no stub for it; …"
    public var description: String {
        let request = "\(method) \(url?.absoluteString ?? "(no URL)")"
        let detail = detail.isEmpty ? "" : " " + NetworkingError.sentence(detail)
        return "No fake, stub or mock matched \(request).\(detail)"
    }
}
