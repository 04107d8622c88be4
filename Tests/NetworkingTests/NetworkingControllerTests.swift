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

        // Making requests (the endpoint type is the one change the seed needs: `<MyEndpoint>`).
        let controller = NetworkingController<MyEndpoint>(environment: .live, transport: transport)
        do {
            let user: User = try await controller.request(.getUser(userId: "123"))
            XCTAssertEqual(user, User(id: "123", name: "Ada"))
        } catch {
            XCTFail("\(error)")
        }

        let created: Result<EmptyResponse, NetworkingError> = await controller.request(
            .createPost(threadId: "9", post: Post(title: "T", body: "B")))
        XCTAssertNoThrow(try created.get())
        XCTAssertEqual(try transport.requests.last?.decodeBody(Post.self), Post(title: "T", body: "B"))
    }

    func testErrorTypeVariantAndEnvironment() async {
        let transport = InMemoryTransport()
        transport.stub(.get, "https://your-api.com/api/v1/users/1", with: .text("nope", statusCode: 404))
        let controller = NetworkingController<MyEndpoint>(transport: transport)
        do {
            let _: User = try await controller.request(.getUser(userId: "1"), errorType: MyError.self)
            XCTFail("expected a failure")
        } catch {
            XCTAssertEqual(error.reason, "networking: 404")
        }
        let test = NetworkingController<MyEndpoint>(environment: .test, transport: transport)
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
        let controller = NetworkingController<MyEndpoint>(interceptor: Stamp(), transport: transport)
        let user: User = try await controller.request(.getUser(userId: "1"))
        XCTAssertEqual(user.name, "A")
        XCTAssertEqual(transport.requests.first?.header("X-Seed"), "seed")
    }
}
