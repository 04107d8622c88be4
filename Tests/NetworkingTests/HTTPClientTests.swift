import Foundation
import Networking
import NetworkingTesting
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `HTTPClient` on an in-memory transport: the shared pipeline, every way of sending.
final class HTTPClientTests: XCTestCase {
    private let userJSON = #"{"id": "123", "name": "Ada"}"#
    private let userURL = "https://your-api.com/api/v1/users/123"

    private func client(
        _ transport: InMemoryTransport, interceptors: [any HTTPInterceptor] = [], observers: [any RequestObserver] = []
    ) -> HTTPClient {
        var logging = LogSettings()
        logging.level = .none
        return HTTPClient(
            configuration: .init(interceptors: interceptors, observers: observers, logging: logging),
            transport: transport)
    }

    func testSendDecodesA2xxResponse() async throws {
        let transport = InMemoryTransport()
        transport.stub(.get, userURL, with: jsonResponse(userJSON))
        let user: User = try await client(transport).send(MyEndpoint.getUser(userId: "123"))
        XCTAssertEqual(user, User(id: "123", name: "Ada"))
        XCTAssertEqual(transport.requests.map(\.description), ["GET \(userURL)"])
        XCTAssertEqual(transport.requests.first?.header("Accept"), "application/json")
    }

    func testANon2xxResponseIsAnHTTPErrorWithTheBody() async {
        let transport = InMemoryTransport()
        transport.stub(.get, userURL, with: jsonResponse(#"{"error": "gone"}"#, statusCode: 410))
        do {
            let _: User = try await client(transport).send(MyEndpoint.getUser(userId: "123"))
            XCTFail("expected a failure")
        } catch {
            XCTAssertEqual(error.statusCode, 410)
            XCTAssertEqual(error.responseMetadata?.body, Data(#"{"error": "gone"}"#.utf8))
        }
    }

    func testABodyThatDoesNotDecodeIsADecodingError() async {
        let transport = InMemoryTransport()
        transport.stub(.get, userURL, with: jsonResponse(#"{"id": 123}"#))
        let result: Result<User, NetworkingError> = await client(transport).send(MyEndpoint.getUser(userId: "123"))
        guard case .failure(.decoding(_, let metadata)) = result else { return XCTFail("\(result)") }
        XCTAssertEqual(metadata.statusCode, 200)
    }

    func testResultVariant() async {
        let transport = InMemoryTransport()
        transport.stub(.get, userURL, with: jsonResponse(userJSON))
        let result: Result<User, NetworkingError> = await client(transport).send(MyEndpoint.getUser(userId: "123"))
        XCTAssertEqual(try result.get(), User(id: "123", name: "Ada"))
    }

    func testVoidVariantChecksOnlyTheStatus() async throws {
        let transport = InMemoryTransport()
        transport.stub(.put, "https://your-api.com/api/v1/users/me", with: FakeResponse(statusCode: 204))
        try await client(transport).send(MyEndpoint.updateProfile(name: "Ada", email: "a@b.c"))
        let body = try XCTUnwrap(transport.requests.first?.decodeBody([String: String].self))
        XCTAssertEqual(body, ["user_name": "Ada", "email_address": "a@b.c"])
    }

    func testCompletionVariantDeliversTheResult() async throws {
        let transport = InMemoryTransport()
        transport.stub(.get, userURL, with: jsonResponse(userJSON))
        let delivered = expectation(description: "completion")
        let handle = client(transport).send(MyEndpoint.getUser(userId: "123")) {
            (result: Result<User, NetworkingError>) in
            XCTAssertEqual(try? result.get(), User(id: "123", name: "Ada"))
            delivered.fulfill()
        }
        await fulfillment(of: [delivered], timeout: 10)
        XCTAssertFalse(handle.isCancelled)
    }

    func testCancellingTheHandleCancelsTheRequest() async {
        let transport = InMemoryTransport()
        transport.stub(.get, userURL, with: FakeResponse(body: Data(userJSON.utf8), delay: 600))
        let delivered = expectation(description: "completion")
        let handle = client(transport).send(MyEndpoint.getUser(userId: "123")) {
            (result: Result<User, NetworkingError>) in
            guard case .failure(.cancelled) = result else { return XCTFail("expected .cancelled, got \(result)") }
            delivered.fulfill()
        }
        handle.cancel()
        await fulfillment(of: [delivered], timeout: 10)
        XCTAssertTrue(handle.isCancelled)
    }

    func testCancelAllRequestsEndsEveryRequestWithCancelled() async {
        let transport = InMemoryTransport()
        transport.stub(.get, userURL, with: FakeResponse(body: Data(userJSON.utf8), delay: 600))
        let client = client(transport)
        let task = Task { () -> Result<User, NetworkingError> in await client.send(MyEndpoint.getUser(userId: "123")) }
        while transport.requests.isEmpty { await Task.yield() }
        client.cancelAllRequests()
        let result = await task.value
        guard case .failure(.cancelled) = result else { return XCTFail("expected .cancelled, got \(result)") }
    }

    func testInterceptorsRunForEndpoints() async throws {
        let transport = InMemoryTransport()
        transport.stub(.get, userURL, with: jsonResponse(userJSON))
        let stamp = StampingInterceptor()
        let _: User = try await client(transport, interceptors: [stamp]).send(MyEndpoint.getUser(userId: "123"))
        XCTAssertEqual(stamp.seen, 1)
        XCTAssertEqual(transport.requests.first?.header("X-Stamp"), "stamped")
    }

    func testObserversAndEventsSeeEveryRequestIncludingDecodingFailures() async throws {
        let transport = InMemoryTransport()
        transport.stub(.get, userURL, with: jsonResponse(#"{"id": 1}"#))
        let observer = RecordingObserver()
        let broadcaster = EventBroadcaster()
        let client = client(transport, observers: [observer, broadcaster])
        let events = broadcaster.events()
        let result: Result<User, NetworkingError> = await client.send(MyEndpoint.getUser(userId: "123"))
        guard case .failure(.decoding) = result else { return XCTFail("\(result)") }
        XCTAssertEqual(observer.started.map(\.url?.absoluteString), [userURL])
        XCTAssertEqual(observer.completed.count, 1)
        guard case .failure(.decoding)? = observer.completed.first?.outcome else {
            return XCTFail("observers must see the decoding failure")
        }
        var iterator = events.makeAsyncIterator()
        guard case .started(let context)? = await iterator.next() else { return XCTFail("expected .started") }
        guard case .completed(let completed, _, _, _)? = await iterator.next() else {
            return XCTFail("expected .completed")
        }
        XCTAssertEqual(context.id, completed.id)
    }

    func testARequestThatCannotBeBuiltFailsAndIsReportedToObservers() async {
        struct Broken: Endpoint {
            var baseURL: URL { URL(string: "https://api.example.com")! }
            var path: String { "/x" }
            var method: HTTPMethod { .get }
            var headers: [String: String]? { ["X-Bad": "a\nb"] }
        }
        let transport = InMemoryTransport()
        let observer = RecordingObserver()
        let result: Result<EmptyResponse, NetworkingError> = await client(transport, observers: [observer])
            .send(Broken())
        guard case .failure(.invalidRequest) = result else { return XCTFail("\(result)") }
        XCTAssertTrue(transport.requests.isEmpty)
        XCTAssertEqual(observer.started.count, 1)
        guard case .failure(.invalidRequest)? = observer.completed.first?.outcome else { return XCTFail() }
    }

    func testTransportFailuresSurfaceAsTheyAre() async {
        let transport = InMemoryTransport()
        transport.stub(.get, userURL, with: .failure(.transport(URLError(.notConnectedToInternet))))
        let result: Result<User, NetworkingError> = await client(transport).send(MyEndpoint.getUser(userId: "123"))
        guard case .failure(let error) = result else { return XCTFail("\(result)") }
        XCTAssertTrue(error.isOffline)
    }

    func testDefaultHeadersAndEndpointHeaders() async throws {
        struct Tagged: Endpoint {
            var baseURL: URL { URL(string: "https://api.example.com")! }
            var path: String { "/tagged" }
            var method: HTTPMethod { .get }
            var headers: [String: String]? { ["X-Client": "endpoint", "Accept": "text/plain"] }
        }
        let transport = InMemoryTransport()
        transport.stub(.get, "https://api.example.com/tagged", with: .text("ok"))
        let client = HTTPClient(
            configuration: .init(headers: ["X-Client": "client", "X-App": "demo"]), transport: transport)
        let text: String = try await client.send(Tagged())
        XCTAssertEqual(text, "ok")
        let request = try XCTUnwrap(transport.requests.first)
        XCTAssertEqual(request.header("X-Client"), "endpoint")
        XCTAssertEqual(request.header("X-App"), "demo")
        XCTAssertEqual(request.header("Accept"), "text/plain")
    }

    func testEndpointDecodingStrategiesApply() async throws {
        struct Snake: Endpoint {
            var baseURL: URL { URL(string: "https://api.example.com")! }
            var path: String { "/snake" }
            var method: HTTPMethod { .get }
            var keyDecodingStrategy: JSONDecoder.KeyDecodingStrategy { .convertFromSnakeCase }
        }
        struct Model: Decodable, Sendable {
            let firstName: String
        }
        let transport = InMemoryTransport()
        transport.stub(.get, "https://api.example.com/snake", with: jsonResponse(#"{"first_name": "Ada"}"#))
        let model: Model = try await client(transport).send(Snake())
        XCTAssertEqual(model.firstName, "Ada")
    }

    func testDataStringAndJSONResponseCanBeAskedFor() async throws {
        let transport = InMemoryTransport()
        transport.stub(.get, userURL, with: jsonResponse(userJSON))
        let client = client(transport)
        let data: Data = try await client.send(MyEndpoint.getUser(userId: "123"))
        XCTAssertEqual(data, Data(userJSON.utf8))
        let text = try await client.send(MyEndpoint.getUser(userId: "123"), as: String.self)
        XCTAssertEqual(text, userJSON)
        let json: JSONResponse = try await client.send(MyEndpoint.getUser(userId: "123"))
        XCTAssertEqual(json.statusCode, 200)
        XCTAssertEqual(json.body["name"], "Ada")
    }

    func testANonSendableModelCanBeDecoded() async throws {
        final class Box: Decodable {
            var name = ""
            enum CodingKeys: CodingKey { case name }
            required init(from decoder: any Decoder) throws {
                name = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .name)
            }
        }
        let transport = InMemoryTransport()
        transport.stub(.get, userURL, with: jsonResponse(userJSON))
        let box: Box = try await client(transport).send(MyEndpoint.getUser(userId: "123"))
        XCTAssertEqual(box.name, "Ada")
    }
}
