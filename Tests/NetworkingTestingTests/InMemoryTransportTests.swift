import Foundation
import Networking
import NetworkingTesting
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `InMemoryTransport` under a `Networking`, as a unit test of a downstream type would use it.
final class InMemoryTransportTests: XCTestCase {
    private struct Todo: Codable, Equatable, Sendable {
        let id: Int
        let title: String
        let done: Bool
    }

    /// A downstream type under test: it talks to the API only through a `Networking`.
    private struct TodoService {
        let networking: Networking

        func add(_ title: String) async throws -> Todo {
            let result: Result<Todo, NetworkingError> = await networking.post(
                "/todos", body: Todo(id: 0, title: title, done: false))
            return try result.get()
        }

        func open() async throws -> [Todo] {
            let result: Result<[Todo], NetworkingError> = await networking.get(
                "/todos", query: [URLQueryItem(name: "done", value: "false")])
            return try result.get()
        }
    }

    func testRoutesAnswerAndRequestsAreRecordedWithTheirBodies() async throws {
        let transport = InMemoryTransport()
        transport.stub(.get, "https://todo.test/todos", with: .json([Todo(id: 1, title: "Write tests", done: false)]))
        transport.stub(.post, "https://todo.test/todos") { request in
            guard let sent = try? request.decodeBody(Todo.self) else { return FakeResponse(statusCode: 400) }
            return .json(Todo(id: 2, title: sent.title, done: sent.done), statusCode: 201)
        }
        let service = TodoService(networking: Networking(baseURL: "https://todo.test", transport: transport))

        let added = try await service.add("Ship it")
        let open = try await service.open()

        XCTAssertEqual(added, Todo(id: 2, title: "Ship it", done: false))
        XCTAssertEqual(open, [Todo(id: 1, title: "Write tests", done: false)])
        XCTAssertEqual(transport.requests.map(\.method), [.post, .get])
        XCTAssertEqual(transport.requests[0].header("Content-Type"), "application/json")
        XCTAssertEqual(try transport.requests[0].decodeBody(Todo.self).title, "Ship it")
        XCTAssertEqual(transport.requests[1].url?.query, "done=false")
    }

    func testUnmatchedRequestFailsNamingItAndTheRoutes() async {
        let transport = InMemoryTransport()
        transport.stub(.get, "https://todo.test/todos", with: .json([Todo]()))
        let networking = Networking(baseURL: "https://todo.test", transport: transport)

        let result: Result<Void, NetworkingError> = await networking.delete("/todos/3")

        guard case .failure(.transport(let error)) = result else {
            return XCTFail("expected .transport, got \(result)")
        }
        XCTAssertEqual(error.code, .resourceUnavailable)
        XCTAssertTrue(
            error.localizedDescription.contains("DELETE https://todo.test/todos/3"), error.localizedDescription)
        XCTAssertTrue(error.localizedDescription.contains("GET https://todo.test/todos"), error.localizedDescription)
    }

    func testNewestRouteWinsAndRoutesCanBeRemoved() async throws {
        let transport = InMemoryTransport()
        let networking = Networking(baseURL: "https://todo.test", transport: transport)
        transport.stub(.get, "https://todo.test/status", with: .text("old"))
        transport.stub(.get, "https://todo.test/status", with: .text("new"))
        let newest: Result<String, NetworkingError> = await networking.get("/status")
        XCTAssertEqual(try newest.get(), "new")

        transport.removeAllStubs()
        let removed: Result<String, NetworkingError> = await networking.get("/status")
        guard case .failure(.transport) = removed else { return XCTFail("expected no route, got \(removed)") }
        XCTAssertEqual(transport.requests.count, 2)

        transport.reset()
        XCTAssertTrue(transport.requests.isEmpty)
    }

    func testFailuresStatusesAndPredicates() async {
        let transport = InMemoryTransport()
        transport.stub(.get, "https://todo.test/offline", with: .failure(.transport(URLError(.timedOut))))
        transport.stub(where: { $0.url?.path.hasPrefix("/admin") == true }, with: FakeResponse(statusCode: 403))
        let networking = Networking(baseURL: "https://todo.test", transport: transport)

        let offline: Result<Void, NetworkingError> = await networking.get("/offline")
        let admin: Result<Void, NetworkingError> = await networking.get("/admin/users")

        guard case .failure(.transport(let timeout)) = offline else { return XCTFail("expected .transport") }
        XCTAssertEqual(timeout.code, .timedOut)
        guard case .failure(.http(let forbidden)) = admin else { return XCTFail("expected .http") }
        XCTAssertEqual(forbidden.statusCode, 403)
    }

    func testInterceptorsSeeInMemoryExchanges() async throws {
        let transport = InMemoryTransport()
        transport.stub(.get, "https://todo.test/me") { request in
            .text(request.header("Authorization") ?? "anonymous")
        }
        let networking = Networking(baseURL: "https://todo.test", transport: transport)
        await networking.setInterceptors([BearerInterceptor(token: "t-123")])

        let result: Result<String, NetworkingError> = await networking.get("/me")

        XCTAssertEqual(try result.get(), "Bearer t-123")
    }

    func testConcurrentRequestsAreAllRecorded() async {
        let transport = InMemoryTransport()
        transport.stub(.get, "https://todo.test/todos", with: .json([Todo]()))
        let networking = Networking(baseURL: "https://todo.test", transport: transport)

        let failures = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<64 {
                group.addTask {
                    let result: Result<[Todo], NetworkingError> = await networking.get(
                        "/todos", query: [URLQueryItem(name: "n", value: "\(index)")])
                    return (try? result.get()) == nil
                }
            }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }

        XCTAssertEqual(failures, 0)
        let seen = Set(transport.requests.compactMap { $0.url?.query })
        XCTAssertEqual(seen, Set((0..<64).map { "n=\($0)" }))
    }
}

/// Adds a bearer token to each request.
private struct BearerInterceptor: HTTPInterceptor {
    let token: String

    func intercept(
        _ request: URLRequest, next: @Sendable (URLRequest) async throws -> HTTPExchange
    ) async throws -> HTTPExchange {
        var request = request
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        return try await next(request)
    }
}
