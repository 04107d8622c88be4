import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Fakes keyed by `RequestPattern`: the registry behind `Networking.fake(_:_:response:)` and `fakeGET`.
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

    /// The response of the fake that answers `request`, if any. A fake whose path has `{name}`
    /// segments answers with each `{name}` in the string values of its JSON body replaced by the
    /// request's segment there (see `FakeResponse.filling(_:)`).
    package func response(for request: URLRequest) -> FakeResponse? {
        var best: Route?
        for route in routes where route.pattern.matches(request) {
            if let current = best, current.pattern.specificity > route.pattern.specificity { continue }
            best = route
        }
        guard let best, let url = request.url else { return best?.response }
        return best.response.filling(best.pattern.captures(in: url))
    }
}
