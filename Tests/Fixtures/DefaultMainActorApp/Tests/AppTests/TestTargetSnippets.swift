import Networking
import NetworkingTesting
import Testing
import XCTest

// The test files of README "Quick start" and of the DocC article "Testing your code", as a test target
// of an app whose default isolation is the main actor holds them: the models are the app's (Sources/App,
// reached with `@testable import App`), isolated to the main actor, and this target is not; each test
// is `@MainActor`, as the documentation shows. They run offline with the fixture's other tests.
@testable import App

// README "Quick start", and "Testing your code": the same test in XCTest and in Swift Testing.
@MainActor  // the app's models may be isolated to the main actor (see below)
final class UserTests: XCTestCase {
    func testLoadsAUser() async throws {
        let networking = Networking(baseURL: "https://api.example.com")
        await networking.fakeGET("/users/1", response: User(id: 1, name: "Ada"))

        let user: User = try await networking.get("/users/1").get()

        XCTAssertEqual(user, User(id: 1, name: "Ada"))
    }
}

@MainActor
@Test func loadsAUser() async throws {
    let networking = Networking(baseURL: "https://api.example.com")
    await networking.fakeGET("/users/1", response: User(id: 1, name: "Ada"))

    let user: User = try await networking.get("/users/1").get()

    #expect(user == User(id: 1, name: "Ada"))
}

// Testing your code, "MockURLProtocol".
@MainActor
final class ProfileTests: XCTestCase {
    func testLoadsTheProfile() async throws {
        let mock = MockURLProtocol.Registry()
        mock.stub(.get, "https://api.example.com/me", with: .json(User(id: 1, name: "Ada")))
        mock.stub(.post, "https://api.example.com/avatar", with: FakeResponse(statusCode: 201))
        mock.stub(
            .get, "https://api.example.com/feed",
            with: .failure(.transport(URLError(.notConnectedToInternet))))
        let networking = Networking(baseURL: "https://api.example.com", configuration: mock.configuration())

        let me: Result<User, NetworkingError> = await networking.get("/me")

        XCTAssertEqual(try me.get().name, "Ada")
        XCTAssertEqual(mock.requests.first?.header("Accept"), "application/json")
    }
}

// Testing your code, "InMemoryTransport".
@MainActor
@Test func createsAUser() async throws {
    let transport = InMemoryTransport()
    transport.stub(.get, "https://api.example.com/users", with: .json([User(id: 1, name: "Ada")]))
    transport.stub(.post, "https://api.example.com/users") { request in
        guard let body = request.body, !body.isEmpty else { return FakeResponse(statusCode: 400) }
        return .data(body, contentType: "application/json", statusCode: 201)  // the new user, echoed
    }
    let client = Networking(baseURL: "https://api.example.com", transport: transport)

    let created: Result<User, NetworkingError> = await client.post("/users", body: User(id: 2, name: "Grace"))

    #expect(try created.get() == User(id: 2, name: "Grace"))
    #expect(transport.requests.map(\.method) == [.post])
}

// Testing your code, "Record and replay" (Fixtures/users holds one recorded exchange).
let testFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

@MainActor
@Test func listsUsers() async throws {
    let fixtures = testFolder.appendingPathComponent("Fixtures/users")

    // Only when asked to record (`RECORD=1 swift test`), against a real server:
    if ProcessInfo.processInfo.environment["RECORD"] == "1" {
        try? FileManager.default.removeItem(at: fixtures)  // a fresh recording, not one added to the last
        let recorder = RecordingTransport(wrapping: URLSessionTransport(), directory: fixtures)
        let live = Networking(baseURL: "http://127.0.0.1:8080", transport: recorder)
        let recorded: [User] = try await live.get("/users").get()
        #expect(!recorded.isEmpty)
    }

    // In every test run, offline:
    let replay = try ReplayingTransport(directory: fixtures)
    let offline = Networking(baseURL: "http://127.0.0.1:8080", transport: replay)
    let replayed: [User] = try await offline.get("/users").get()
    #expect(!replayed.isEmpty)
}

// Testing your code, "HAR files".
@MainActor
@Test func replaysASession() async throws {
    // Export what a client did, to open in a browser's network panel or a proxy:
    let har = HARCollector()
    let networking = Networking(baseURL: "https://api.example.com")
    await networking.addObserver(har)
    await networking.fakeGET("/users", response: [User(id: 1, name: "Ada")])
    let users: Result<[User], NetworkingError> = await networking.get("/users")
    let session = FileManager.default.temporaryDirectory.appendingPathComponent("session.har")
    try har.write(to: session)

    // Replay a HAR file (this one, or one saved from a browser) in a test, offline:
    let replay = try ReplayingTransport(harFile: session)
    let offline = Networking(baseURL: "https://api.example.com", transport: replay)
    let replayed: Result<[User], NetworkingError> = await offline.get("/users")
    #expect(try replayed.get() == users.get())
}

// Testing your code, "MockHTTPClient".
@MainActor
final class CurrentUserTests: XCTestCase {
    func testSendsOneGet() async throws {
        let mock = MockHTTPClient()
        mock.stub(AuthEndpoint.currentUser, with: User(id: 1, name: "Ada"))
        mock.stub(AuthEndpoint.login(email: "ada@example.com", password: "wrong"), statusCode: 401)

        let me: User = try await mock.send(AuthEndpoint.currentUser)

        XCTAssertEqual(me.name, "Ada")
        XCTAssertEqual(mock.calls.map(\.method), [.get])
    }
}
