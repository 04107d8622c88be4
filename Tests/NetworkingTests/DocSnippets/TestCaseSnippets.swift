// The test classes of README "Quick start" and of the DocC article "Testing your code", which run
// (offline) with the suite. They are apart from the other snippet files because an `XCTestCase`
// subclass does not compile in a target whose default isolation is `MainActor` on Linux (its
// inherited initialisers would be main-actor isolated), and Tests/Fixtures/DefaultMainActorApp
// compiles every other snippet file in such targets.
import Foundation
import Networking
import NetworkingTesting
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// README "Quick start": a test with a fake. This one runs (offline) with the suite.
final class UserTests: XCTestCase {
    typealias User = DocModels.User

    func testLoadsAUser() async throws {
        let networking = Networking(baseURL: "https://api.example.com")
        await networking.fakeGET("/users/1", response: User(id: 1, name: "Ada"))

        let user: User = try await networking.get("/users/1").get()

        XCTAssertEqual(user, User(id: 1, name: "Ada"))
    }
}

// Testing your code, "MockURLProtocol".
final class ProfileTests: XCTestCase {
    typealias User = DocModels.User

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
