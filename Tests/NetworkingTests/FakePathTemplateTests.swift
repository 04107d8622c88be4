import Foundation
import Networking
import NetworkingTesting
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Fakes whose paths have `{name}` segments, as users of the upstream library write them: each
/// stands for one segment, and an exact path still wins over a template.
final class FakePathTemplateTests: XCTestCase {
    private struct User: Codable, Equatable, Sendable {
        let id: Int
    }

    func testATemplateSegmentMatchesAnyOneSegment() async throws {
        let real = InMemoryTransport()
        let networking = Networking(baseURL: "https://api.example.com", transport: real)
        await networking.fakeGET("/users/{userID}", response: User(id: 1))
        let user: Result<User, NetworkingError> = await networking.get("/users/42")
        XCTAssertEqual(try user.get(), User(id: 1))
        // One segment exactly: neither none nor two. The others reach the real transport (which
        // has no routes, so they fail there).
        let bare: Result<Data, NetworkingError> = await networking.get("/users")
        let deeper: Result<Data, NetworkingError> = await networking.get("/users/42/posts")
        XCTAssertThrowsError(try bare.get())
        XCTAssertThrowsError(try deeper.get())
        XCTAssertEqual(real.requests.map { $0.url?.path }, ["/users", "/users/42/posts"])
    }

    func testAnExactPathWinsOverATemplateWhicheverCameFirst() async throws {
        let networking = Networking(baseURL: "https://api.example.com", transport: InMemoryTransport())
        await networking.fakeGET("/users/me", response: User(id: 7))
        await networking.fakeGET("/users/{userID}", response: User(id: 1))
        await networking.fakeGET("/users/{userID}/posts/{postID}", response: User(id: 2))
        let me: Result<User, NetworkingError> = await networking.get("/users/me")
        let other: Result<User, NetworkingError> = await networking.get("/users/9")
        let post: Result<User, NetworkingError> = await networking.get("/users/9/posts/3")
        XCTAssertEqual(try me.get(), User(id: 7))
        XCTAssertEqual(try other.get(), User(id: 1))
        XCTAssertEqual(try post.get(), User(id: 2))
    }

    func testPatternsRankExactPathsFirstThenQueries() throws {
        let exact = try RequestPattern(method: .get, path: "/users/me", baseURL: "https://api.example.com")
        let template = try RequestPattern(method: .get, path: "/users/{id}", baseURL: "https://api.example.com")
        let templateWithQuery = try RequestPattern(
            method: .get, path: "/users/{id}?tab=posts", baseURL: "https://api.example.com")
        XCTAssertGreaterThan(exact.specificity, templateWithQuery.specificity)
        XCTAssertGreaterThan(templateWithQuery.specificity, template.specificity)
        XCTAssertTrue(template.matches(try XCTUnwrap(URL(string: "https://api.example.com/users/%7Bid%7D"))))
        XCTAssertFalse(template.matches(try XCTUnwrap(URL(string: "https://api.example.com/users/"))))
    }
}
