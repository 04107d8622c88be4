import Foundation
import Networking
import NetworkingTesting
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Seed 003's `NetworkingController`, as its Quick Example uses it.
final class NetworkingControllerTests: XCTestCase {
    private struct MyError: DecodableError, Equatable {
        let reason: String
        init(_ error: NetworkingError) { reason = "networking: \(error.statusCode ?? 0)" }
    }

    func testQuickExample() async throws {
        let transport = InMemoryTransport()
        transport.stub(
            .get, "https://your-api.com/api/v1/users/123", with: jsonResponse(#"{"id": "123", "name": "Ada"}"#))
        transport.stub(.post, "https://your-api.com/api/v1/posts?thread=9", with: FakeResponse(statusCode: 201))

        // Making requests (the one change from the seed: the endpoint's type is named in `request`).
        let controller = NetworkingController(environment: .live, transport: transport)
        do {
            let user: User = try await controller.request(MyEndpoint.getUser(userId: "123"))
            XCTAssertEqual(user, User(id: "123", name: "Ada"))
        } catch {
            XCTFail("\(error)")
        }

        let created: Result<EmptyResponse, NetworkingError> = await controller.request(
            MyEndpoint.createPost(threadId: "9", post: Post(title: "T", body: "B")))
        XCTAssertNoThrow(try created.get())
        XCTAssertEqual(try transport.requests.last?.decodeBody(Post.self), Post(title: "T", body: "B"))
    }

    func testErrorTypeVariantAndEnvironment() async {
        let transport = InMemoryTransport()
        transport.stub(.get, "https://your-api.com/api/v1/users/1", with: .text("nope", statusCode: 404))
        let controller = NetworkingController(transport: transport)
        do {
            let _: User = try await controller.request(MyEndpoint.getUser(userId: "1"), errorType: MyError.self)
            XCTFail("expected a failure")
        } catch {
            XCTAssertEqual(error.reason, "networking: 404")
        }
        let test = NetworkingController(environment: .test, transport: transport)
        XCTAssertEqual(test.client.environment, .test)
    }

    func testASeedStyleInterceptorRunsOutermost() async throws {
        struct Stamp: Interceptor {
            func intercept(_ request: inout URLRequest) {
                request.setValue("seed", forHTTPHeaderField: "X-Seed")
            }
        }
        let transport = InMemoryTransport()
        transport.stub(.get, "https://your-api.com/api/v1/users/1", with: jsonResponse(#"{"id": "1", "name": "A"}"#))
        let controller = NetworkingController(interceptor: Stamp(), transport: transport)
        let user: User = try await controller.request(MyEndpoint.getUser(userId: "1"))
        XCTAssertEqual(user.name, "A")
        XCTAssertEqual(transport.requests.first?.header("X-Seed"), "seed")
    }
    func testTheDocumentsInitialisersNeedNoEndpointTypeAndOneControllerServesAny() async throws {
        struct Stamp: Interceptor {}
        // As the document writes them.
        let plain = NetworkingController()
        let live = NetworkingController(environment: .live)
        let intercepted = NetworkingController(interceptor: Stamp())
        XCTAssertEqual(plain.client.environment, .live)
        XCTAssertEqual(live.client.environment, .live)
        XCTAssertTrue(intercepted.client.configuration.interceptors.first is LegacyInterceptorAdapter)

        struct Health: Endpoint {
            var baseURL: URL { URL(string: "https://status.example.com")! }
            var path: String { "/health" }
            var method: HTTPMethod { .get }
            var requiresAuthentication: Bool { false }
        }
        let transport = InMemoryTransport()
        transport.stub(.get, "https://your-api.com/api/v1/users/7", with: jsonResponse(#"{"id": "7", "name": "G"}"#))
        transport.stub(.get, "https://status.example.com/health", with: jsonResponse(#"{"ok": true}"#))
        let controller = NetworkingController(transport: transport)
        let user: User = try await controller.request(MyEndpoint.getUser(userId: "7"))
        let health: JSONResponse = try await controller.request(Health())
        XCTAssertEqual(user.id, "7")
        XCTAssertEqual(health.body["ok"], true)
    }
}
