import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Fakes keyed by `RequestPattern`: the registry behind `Networking`'s `fakeGET` family.
///
/// Registering a response for a pattern already present replaces it. When several fakes match a
/// request, the most specific one answers (the one whose URL has the most query items, see
/// `RequestPattern`); among equally specific fakes, the one registered last.
package struct FakeRoutes: Sendable {
    /// One fake.
    package struct Route: Sendable {
        /// What the fake answers.
        package let pattern: RequestPattern
        /// How it answers.
        package let response: FakeResponse
    }

    /// The fakes, in registration order.
    package private(set) var routes: [Route] = []

    /// Creates an empty registry.
    package init() {}

    /// Whether there are no fakes.
    package var isEmpty: Bool { routes.isEmpty }

    /// Answers requests matching `pattern` with `response`, replacing an earlier fake for it.
    package mutating func add(_ response: FakeResponse, for pattern: RequestPattern) {
        routes.removeAll { $0.pattern == pattern }
        routes.append(Route(pattern: pattern, response: response))
    }

    /// Removes the fake registered for exactly `pattern`.
    package mutating func remove(_ pattern: RequestPattern) {
        routes.removeAll { $0.pattern == pattern }
    }

    /// Removes every fake.
    package mutating func removeAll() { routes.removeAll() }

    /// The response of the fake that answers `request`, if any.
    package func response(for request: URLRequest) -> FakeResponse? {
        var best: Route?
        for route in routes where route.pattern.matches(request) {
            if let current = best, current.pattern.specificity > route.pattern.specificity { continue }
            best = route
        }
        return best?.response
    }
}

/// A transport that answers the requests its fakes match and passes every other request to
/// `next` (or fails it when there is none).
///
/// It sits where the real transport sits, so interceptors, status validation, observers and logs
/// run for faked requests exactly as for real ones.
package struct FakeTransport: HTTPTransport {
    /// The fakes.
    package let routes: FakeRoutes
    /// Where unmatched requests go; `nil` fails them.
    package let next: (any HTTPTransport)?

    /// Creates a transport answering with `routes`, passing unmatched requests to `next`.
    package init(routes: FakeRoutes, next: (any HTTPTransport)?) {
        self.routes = routes
        self.next = next
    }

    /// Answers with the first route matching the request, else passes it to `next`, else fails it.
    package func send(_ request: TransportRequest) async throws(NetworkingError) -> TransportResponse {
        if let response = routes.response(for: request.head) {
            return TransportResponse(try await response.respond(to: request.head))
        }
        if let next { return try await next.send(request) }
        let description = "\(request.method) \(request.url?.absoluteString ?? "(no URL)")"
        throw .transport(
            URLError(
                .resourceUnavailable,
                userInfo: [NSLocalizedDescriptionKey: "No fake answers \(description)"]))
    }
}
