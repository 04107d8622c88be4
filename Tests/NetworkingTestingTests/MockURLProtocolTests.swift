import Foundation
import Networking
import NetworkingTesting
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `MockURLProtocol` used the way a downstream test target would: a `Networking` (or a plain
/// `URLSession`) built from a registry's configuration, with no server anywhere.
final class MockURLProtocolTests: XCTestCase {
    private struct User: Codable, Equatable, Sendable {
        let id: Int
        let name: String
    }

    private struct Credentials: Codable, Equatable, Sendable {
        let username: String
        let password: String
    }

    func testStubAnswersANetworkingRequest() async throws {
        let mock = MockURLProtocol.Registry()
        mock.stub(
            .get, "https://api.test/users",
            with: .json([User(id: 1, name: "Ada")], headers: ["X-Total-Count": "1"]))
        let networking = Networking(baseURL: "https://api.test", configuration: mock.configuration())

        let result: Result<JSONResponse, NetworkingError> = await networking.get("/users")

        let response = try result.get()
        XCTAssertEqual(response.statusCode, 200)
        XCTAssertEqual(response.headerFields["x-total-count"], "1")
        XCTAssertEqual(response.json.arrayValue?.first?.objectValue?["name"]?.stringValue, "Ada")
        XCTAssertEqual(mock.requests.count, 1)
        XCTAssertEqual(mock.requests.first?.method, .get)
        XCTAssertEqual(mock.requests.first?.url?.absoluteString, "https://api.test/users")
        XCTAssertEqual(mock.requests.first?.header("accept"), "application/json")
    }

    func testCapturesTheBodiesItSaw() async throws {
        let mock = MockURLProtocol.Registry()
        mock.stub(.post, "https://api.test/login", with: FakeResponse(statusCode: 204))
        mock.stub(.put, "https://api.test/profile", with: FakeResponse(statusCode: 204))
        let networking = Networking(baseURL: "https://api.test", configuration: mock.configuration())

        let login: Result<Void, NetworkingError> = await networking.post(
            "/login", body: Credentials(username: "ada", password: "lovelace"))
        let profile: Result<Void, NetworkingError> = await networking.put(
            "/profile", form: ["name": "Ada King"])

        XCTAssertNoThrow(try login.get())
        XCTAssertNoThrow(try profile.get())
        let requests = mock.requests
        XCTAssertEqual(requests.count, 2)
        XCTAssertEqual(try requests[0].decodeBody(Credentials.self), Credentials(username: "ada", password: "lovelace"))
        XCTAssertEqual(requests[0].header("Content-Type"), "application/json")
        XCTAssertEqual(requests[1].bodyText, "name=Ada+King")
    }

    func testReadsABodySentAsAStream() async throws {
        let mock = MockURLProtocol.Registry()
        mock.stub(.post, "https://api.test/upload") { request in
            .text("received \(request.body?.count ?? -1) bytes")
        }
        let session = URLSession(configuration: mock.configuration())
        var request = URLRequest(url: URL(string: "https://api.test/upload")!)
        request.httpMethod = "POST"
        let payload = Data((0..<50_000).map { UInt8($0 % 251) })
        request.httpBodyStream = InputStream(data: payload)

        let (data, response) = try await session.data(for: request)

        XCTAssertEqual((response as? HTTPURLResponse)?.statusCode, 200)
        XCTAssertEqual(String(decoding: data, as: UTF8.self), "received 50000 bytes")
        XCTAssertEqual(mock.requests.first?.body, payload)
    }

    func testParallelRegistriesNeverSeeEachOthersStubs() async throws {
        let registries = (0..<6).map { _ in MockURLProtocol.Registry() }
        for (index, registry) in registries.enumerated() {
            registry.stub(.get, "https://api.test/whoami", with: .json(["registry": index]))
        }
        let answers = await withTaskGroup(of: (Int, [Int]).self) { group in
            for (index, registry) in registries.enumerated() {
                let configuration = registry.configuration()
                group.addTask {
                    let networking = Networking(baseURL: "https://api.test", configuration: configuration)
                    var seen: [Int] = []
                    for _ in 0..<5 {
                        let result: Result<[String: Int], NetworkingError> = await networking.get("/whoami")
                        seen.append((try? result.get())?["registry"] ?? -1)
                    }
                    return (index, seen)
                }
            }
            var all: [Int: [Int]] = [:]
            for await (index, seen) in group { all[index] = seen }
            return all
        }
        for (index, registry) in registries.enumerated() {
            XCTAssertEqual(
                answers[index], Array(repeating: index, count: 5), "registry \(index) answered another's stub")
            XCTAssertEqual(registry.requests.count, 5, "registry \(index) saw another's requests")
        }
    }

    func testStubbedErrorBecomesATransportError() async {
        let mock = MockURLProtocol.Registry()
        mock.stub(.get, "https://api.test/feed", with: .failure(.transport(URLError(.notConnectedToInternet))))
        let networking = Networking(baseURL: "https://api.test", configuration: mock.configuration())

        let result: Result<JSONResponse, NetworkingError> = await networking.get("/feed")

        guard case .failure(let error) = result, case .transport(let urlError) = error else {
            return XCTFail("expected .transport, got \(result)")
        }
        XCTAssertEqual(urlError.code, .notConnectedToInternet)
        XCTAssertTrue(error.isRetryable)
    }

    func testNon2xxStubFailsWithItsBodyInTheMetadata() async throws {
        let mock = MockURLProtocol.Registry()
        mock.stub(.delete, "https://api.test/users/7", with: .json(["error": "forbidden"], statusCode: 403))
        let networking = Networking(baseURL: "https://api.test", configuration: mock.configuration())

        let result: Result<Void, NetworkingError> = await networking.delete("/users/7")

        guard case .failure(.http(let error)) = result else { return XCTFail("expected .http, got \(result)") }
        XCTAssertEqual(error.statusCode, 403)
        XCTAssertEqual(try error.metadata.decode([String: String].self), ["error": "forbidden"])
    }

    func testDelayedStubAnswersAfterItsDelay() async throws {
        let mock = MockURLProtocol.Registry()
        mock.stub(.get, "https://api.test/slow", with: .json(["done": true], delay: 0.05))
        let networking = Networking(baseURL: "https://api.test", configuration: mock.configuration())

        let result: Result<[String: Bool], NetworkingError> = await networking.get("/slow")

        XCTAssertEqual(try result.get(), ["done": true])
    }

    func testCancellingDuringAStubDelayEndsWithCancelled() async {
        let mock = MockURLProtocol.Registry()
        let (reached, signal) = AsyncStream.makeStream(of: Void.self)
        mock.stub(.get, "https://api.test/never") { _ in
            signal.yield()
            return .json(["done": true], delay: 600)
        }
        let networking = Networking(baseURL: "https://api.test", configuration: mock.configuration())
        let task = Task { () -> Result<[String: Bool], NetworkingError> in await networking.get("/never") }
        for await _ in reached { break }

        task.cancel()
        let result = await task.value

        guard case .failure(.cancelled) = result else { return XCTFail("expected .cancelled, got \(result)") }
    }

    func testPredicateStubsAndNewestFirst() async throws {
        let mock = MockURLProtocol.Registry()
        mock.stub(.get, "https://api.test/items", with: .json(["source": "general"]))
        mock.stub(.get, "https://api.test/items?page=2", with: .json(["source": "page 2"]))
        mock.stub(where: { $0.header("X-Role") == "admin" }, with: .json(["source": "admin"]))
        let networking = Networking(baseURL: "https://api.test", configuration: mock.configuration())

        let plain: Result<[String: String], NetworkingError> = await networking.get("/items?page=1")
        let paged: Result<[String: String], NetworkingError> = await networking.get("/items?page=2&size=10")
        await networking.setHeaderFields(["X-Role": "admin"])
        let admin: Result<[String: String], NetworkingError> = await networking.get("/items")

        XCTAssertEqual(try plain.get(), ["source": "general"])
        XCTAssertEqual(try paged.get(), ["source": "page 2"])
        XCTAssertEqual(try admin.get(), ["source": "admin"])
    }

    func testUnmatchedRequestFailsNamingItAndTheStubs() async {
        let mock = MockURLProtocol.Registry()
        mock.stub(.get, "https://api.test/users", with: .json([String]()))
        let networking = Networking(baseURL: "https://api.test", configuration: mock.configuration())

        let result: Result<Void, NetworkingError> = await networking.get("/missing")

        guard case .failure(.transport(let error)) = result else {
            return XCTFail("expected .transport, got \(result)")
        }
        XCTAssertEqual(error.code, .resourceUnavailable)
        let message = error.localizedDescription
        XCTAssertTrue(message.contains("GET https://api.test/missing"), message)
        XCTAssertTrue(message.contains("GET https://api.test/users"), message)
        XCTAssertEqual(mock.requests.count, 1, "an unmatched request is recorded too")
    }

    func testResetForgetsStubsAndRequests() async {
        let mock = MockURLProtocol.Registry()
        mock.stub(.get, "https://api.test/a", with: FakeResponse())
        let networking = Networking(baseURL: "https://api.test", configuration: mock.configuration())
        let before: Result<Void, NetworkingError> = await networking.get("/a")
        XCTAssertNoThrow(try before.get())

        mock.reset()
        XCTAssertTrue(mock.requests.isEmpty)
        let after: Result<Void, NetworkingError> = await networking.get("/a")
        guard case .failure(.transport) = after else { return XCTFail("the stub must be gone, got \(after)") }
    }

    func testTheSharedRegistryAnswersForTheBaseClass() async throws {
        let url = "https://shared.test/\(UUID().uuidString)"
        MockURLProtocol.shared.stub(.get, url, with: .text("shared"))
        defer { MockURLProtocol.shared.reset() }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [MockURLProtocol.self]
        let session = URLSession(configuration: configuration)

        let (data, _) = try await session.data(from: URL(string: url)!)

        XCTAssertEqual(String(decoding: data, as: UTF8.self), "shared")
        XCTAssertTrue(MockURLProtocol.shared.requests.contains { $0.url?.absoluteString == url })
    }

    #if canImport(FoundationNetworking)
        func testA401ChallengeWithoutRealmFailsInsteadOfCrashing() async {
            let mock = MockURLProtocol.Registry()
            mock.stub(
                .get, "https://api.test/private",
                with: FakeResponse(statusCode: 401, headers: ["WWW-Authenticate": "Bearer"]))
            let networking = Networking(baseURL: "https://api.test", configuration: mock.configuration())

            let result: Result<Void, NetworkingError> = await networking.get("/private")

            guard case .failure(.transport(let error)) = result else {
                return XCTFail("expected .transport, got \(result)")
            }
            XCTAssertTrue(error.localizedDescription.contains("realm"), error.localizedDescription)
        }
    #endif
}
