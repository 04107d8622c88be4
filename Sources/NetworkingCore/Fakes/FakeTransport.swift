import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

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

    /// Answers with the first route matching the request, else passes it to `next`, else fails it
    /// as unmatched (see `NetworkingError.unmatchedRequest`).
    package func send(_ request: TransportRequest) async throws(NetworkingError) -> TransportResponse {
        if let response = routes.response(for: request.head) {
            return TransportResponse(try await response.respond(to: request.head))
        }
        if let next { return try await next.send(request) }
        let known = routes.routes.isEmpty ? "none" : routes.routes.map(\.pattern.description).joined(separator: "; ")
        throw .unmatched(
            UnmatchedRequest(
                method: HTTPMethod(rawValue: request.method), url: request.url, testDouble: "FakeTransport",
                detail: "FakeTransport has no fake for it and nothing behind it; its fakes: \(known)"))
    }
}
