// The code blocks of the DocC article "Testing your code" (Sources/Networking/Networking.docc),
// compiled here. `ProfileTests` runs with the suite (offline); the other snippets are never run.
import Foundation
import Networking
import NetworkingTesting
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

private enum TestingSnippets {
    typealias User = DocModels.User
    typealias NewUser = DocModels.NewUser
    typealias APIError = DocModels.APIError

    typealias AuthEndpoint = DocModels.AuthEndpoint

    // Testing your code, "Fakes".
    static func fakes(networking: Networking, pngData: Data) async {
        await networking.fakeGET("/users", response: [User(id: 1, name: "Ada")])
        await networking.fakeGET("/users?page=2", response: [User(id: 2, name: "Grace")])
        await networking.fake(.post, "/login", response: .json(APIError(message: "Wrong password"), statusCode: 422))
        await networking.fake(.delete, "/users/1", response: FakeResponse(statusCode: 204, delay: 0.5))
        await networking.fakeGET("/entries", fileName: "entries.json", bundle: .module)
        await networking.fake(.get, "/logo.png", response: .data(pngData, contentType: "image/png"))

        let users: Result<[User], NetworkingError> = await networking.get("/users")  // the fake
        await networking.removeFake(.get, "/users")
        await networking.removeAllFakes()
        _ = users
    }

    // Testing your code, "InMemoryTransport".
    static func inMemoryTransport() async {
        let transport = InMemoryTransport()
        transport.stub(.get, "https://api.example.com/users", with: .json([User(id: 1, name: "Ada")]))
        transport.stub(.post, "https://api.example.com/users") { request in
            guard let body = request.body, !body.isEmpty else { return FakeResponse(statusCode: 400) }
            return .data(body, contentType: "application/json", statusCode: 201)  // the new user, echoed
        }
        let client = Networking(baseURL: "https://api.example.com", transport: transport)

        let created: Result<User, NetworkingError> = await client.post("/users", body: User(id: 2, name: "Grace"))
        XCTAssertEqual(transport.requests.map(\.method), [.post])
        _ = created
    }

    // Testing your code, "Record and replay".
    static func recordAndReplay() async throws {
        let testFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let fixtures = testFolder.appendingPathComponent("Fixtures/users")

        // Only when asked to record (`RECORD=1 swift test`), against a real server:
        if ProcessInfo.processInfo.environment["RECORD"] == "1" {
            try? FileManager.default.removeItem(at: fixtures)  // a fresh recording, not one added to the last
            let recorder = RecordingTransport(wrapping: URLSessionTransport(), directory: fixtures)
            let live = Networking(baseURL: "http://127.0.0.1:8080", transport: recorder)
            let recorded: Result<[User], NetworkingError> = await live.get("/users")
            _ = recorded
        }

        // In every test run, offline:
        let replay = try ReplayingTransport(directory: fixtures)
        let offline = Networking(baseURL: "http://127.0.0.1:8080", transport: replay)
        let replayed: Result<[User], NetworkingError> = await offline.get("/users")
        _ = replayed
    }

    // Testing your code, "MockHTTPClient".
    static func mockHTTPClient() async throws {
        let mock = MockHTTPClient()
        mock.stub(AuthEndpoint.currentUser, with: User(id: 1, name: "Ada"))
        mock.stub(AuthEndpoint.login(email: "ada@example.com", password: "wrong"), statusCode: 401)

        let me: User = try await mock.send(AuthEndpoint.currentUser)
        XCTAssertEqual(mock.calls.map(\.method), [.get])
        _ = me
    }
}
