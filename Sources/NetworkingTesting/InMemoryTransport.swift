import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An `HTTPTransport` that answers from routes in memory and records every request, for unit
/// tests of code built on a `Networking` (or any pipeline) without sockets or `URLSession`.
///
/// ```swift
/// let transport = InMemoryTransport()
/// transport.stub(.get, "https://api.example.com/users", with: .json([User(id: 1)]))
/// let networking = Networking(baseURL: "https://api.example.com", transport: transport)
/// let users: Result<[User], NetworkingError> = await networking.get("/users")
/// XCTAssertEqual(transport.requests.map(\.method), [.get])
/// ```
///
/// Routes are tried newest first; the first that matches answers. URLs match as the fakes of
/// `Networking` do (a route without a query matches any query; one with a query matches
/// requests containing its items). An unmatched request fails with
/// `.transport(URLError(.resourceUnavailable))` whose description names it and the routes there
/// are. Thread-safe: stub and read from any task.
public final class InMemoryTransport: HTTPTransport {
    private let table = StubTable(owner: "InMemoryTransport")

    /// Creates a transport with no routes.
    public init() {}

    /// Records `request` and answers with the route that matches it.
    public func send(_ request: TransportRequest) async throws(NetworkingError) -> TransportResponse {
        let recorded = try await RecordedRequest(request)
        return TransportResponse(try await table.respond(to: recorded).respond(to: request.head))
    }

    /// Answers `method url` with `response`. The URL is absolute; a path segment written `{name}`
    /// matches any one segment, and the query matches as the type's documentation says.
    public func stub(_ method: HTTPMethod, _ url: String, with response: FakeResponse) {
        table.add(method, url) { _ in response }
    }

    /// Answers `method url` with what `respond` returns for the request (its body read).
    public func stub(
        _ method: HTTPMethod, _ url: String, respond: @escaping @Sendable (RecordedRequest) -> FakeResponse
    ) {
        table.add(method, url, respond: respond)
    }

    /// Answers the requests `predicate` accepts with `response`.
    public func stub(where predicate: @escaping @Sendable (RecordedRequest) -> Bool, with response: FakeResponse) {
        table.add(label: "a predicate stub", matches: predicate) { _ in response }
    }

    /// Answers the requests `predicate` accepts with what `respond` returns.
    public func stub(
        where predicate: @escaping @Sendable (RecordedRequest) -> Bool,
        respond: @escaping @Sendable (RecordedRequest) -> FakeResponse
    ) {
        table.add(label: "a predicate stub", matches: predicate, respond)
    }

    /// Every request received, in arrival order, with its body.
    public var requests: [RecordedRequest] { table.requests }

    /// Removes every route (the recorded requests stay).
    public func removeAllStubs() { table.removeAllStubs() }

    /// Removes every route and forgets the recorded requests.
    public func reset() { table.reset() }
}
