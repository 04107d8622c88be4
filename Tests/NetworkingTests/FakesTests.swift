import Foundation
import Networking
import NetworkingTesting
import Synchronization
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Fakes registered on the actor, sent through the whole pipeline. The real transport is an
/// `InMemoryTransport` with no routes: a request that reaches it fails and is recorded, so each
/// test can tell a faked answer from a request that went through.
final class FakesTests: XCTestCase {
    private struct Story: Codable, Equatable, Sendable {
        let id: Int
        let title: String
    }

    private struct APIError: Codable, Equatable, Sendable {
        let message: String
    }

    private let baseURL = "https://api.example.com/v1"
    private var real = InMemoryTransport()
    private var networking = Networking(baseURL: "https://api.example.com/v1", transport: InMemoryTransport())

    override func setUp() {
        super.setUp()
        real = InMemoryTransport()
        networking = Networking(baseURL: baseURL, transport: real)
    }

    func testFakeGETAnswersWithTheEncodedResponse() async throws {
        await networking.fakeGET("/stories", response: [Story(id: 47333, title: "Site Design: Aquest")])
        let result: Result<[Story], NetworkingError> = await networking.get("/stories")
        XCTAssertEqual(try result.get(), [Story(id: 47333, title: "Site Design: Aquest")])
        XCTAssertTrue(real.requests.isEmpty, "a faked request must not reach the transport")
    }

    func testEveryVerbHasItsFake() async throws {
        await networking.fake(.post, "/items", response: .json(Story(id: 1, title: "post")))
        await networking.fake(.put, "/items/1", response: .json(Story(id: 1, title: "put")))
        await networking.fake(.patch, "/items/1", response: .json(Story(id: 1, title: "patch")))
        await networking.fake(.delete, "/items/1", response: FakeResponse(statusCode: 204))
        let post: Result<Story, NetworkingError> = await networking.post("/items", body: Story(id: 0, title: "new"))
        let put: Result<Story, NetworkingError> = await networking.put("/items/1", body: Story(id: 1, title: "x"))
        let patch: Result<Story, NetworkingError> = await networking.patch("/items/1", body: Story(id: 1, title: "y"))
        let delete: Result<Void, NetworkingError> = await networking.delete("/items/1")
        XCTAssertEqual(try post.get().title, "post")
        XCTAssertEqual(try put.get().title, "put")
        XCTAssertEqual(try patch.get().title, "patch")
        XCTAssertNoThrow(try delete.get())
        XCTAssertTrue(real.requests.isEmpty)
    }

    func testAFakeAnswersOnlyItsMethod() async {
        await networking.fake(.post, "/items", response: .json(Story(id: 1, title: "created")))
        let get: Result<JSONResponse, NetworkingError> = await networking.get("/items")
        guard case .failure(.transport(let error)) = get else {
            return XCTFail("expected the transport's error, got \(get)")
        }
        XCTAssertEqual(error.code, .resourceUnavailable)
        XCTAssertEqual(real.requests.map(\.method), [.get])
    }

    func testStatusCodeOnlyFakeFailsWithHTTPError() async {
        await networking.fakeGET("/stories", statusCode: 500)
        let result: Result<JSONResponse, NetworkingError> = await networking.get("/stories")
        guard case .failure(.http(let error)) = result else { return XCTFail("expected .http, got \(result)") }
        XCTAssertEqual(error.statusCode, 500)
        XCTAssertTrue(error.metadata.body.isEmpty)
    }

    func testNon2xxFakeCarriesItsBodyInTheMetadata() async throws {
        await networking.fake(
            .post, "/login",
            response: .json(APIError(message: "Wrong password"), statusCode: 422, headers: ["X-Request-ID": "r-1"]))
        let result: Result<JSONResponse, NetworkingError> = await networking.post("/login", body: ["user": "a"])
        guard case .failure(let failure) = result, case .http(let error) = failure else {
            return XCTFail("expected .http, got \(result)")
        }
        XCTAssertEqual(failure.statusCode, 422)
        XCTAssertFalse(failure.isRetryable)
        XCTAssertEqual(try error.metadata.decode(APIError.self), APIError(message: "Wrong password"))
        XCTAssertEqual(error.metadata.header("content-type"), "application/json")
        XCTAssertEqual(error.metadata.header("x-request-id"), "r-1")
    }

    func testHeaderFieldsReachTheResponse() async throws {
        await networking.fakeGET("/limits", response: ["ok": true], headerFields: ["X-RateLimit-Remaining": "4"])
        let result: Result<JSONResponse, NetworkingError> = await networking.get("/limits")
        let response = try result.get()
        XCTAssertEqual(response.statusCode, 200)
        XCTAssertEqual(response.headerFields["x-ratelimit-remaining"], "4")
        XCTAssertEqual(response.body["ok"]?.boolValue, true)
    }

    func testDataAndStringResponsesAreSentAsTheyAre() async throws {
        let bytes = Data([0x00, 0xFF, 0x10])
        await networking.fakeGET("/bytes", response: bytes)
        await networking.fakeGET("/text", response: "hello, world")
        let data: Result<Data, NetworkingError> = await networking.get("/bytes")
        let text: Result<String, NetworkingError> = await networking.get("/text")
        XCTAssertEqual(try data.get(), bytes)
        XCTAssertEqual(try text.get(), "hello, world")
    }

    func testFileFakeFromTheTestBundle() async throws {
        await networking.fakeGET("/entries", fileName: "entries.json", bundle: .module)
        await networking.fakeGET("/note", fileName: "Fixtures/note.txt", bundle: .module)
        let entries: Result<JSONResponse, NetworkingError> = await networking.get("/entries")
        let note: Result<String, NetworkingError> = await networking.get("/note")
        let json = try entries.get()
        XCTAssertEqual(json.headerFields["Content-Type"], "application/json")
        XCTAssertEqual(json.body["entries"]?.arrayValue?.count, 2)
        XCTAssertEqual(json.body["entries"]?.arrayValue?.last?.objectValue?["title"]?.stringValue, "Døgnvill")
        XCTAssertEqual(try note.get(), "plain text fixture\n")
    }

    func testMissingFileFailsWithInvalidRequestNamingIt() async {
        await networking.fakeGET("/entries", fileName: "no-such-file.json", bundle: .module)
        let result: Result<JSONResponse, NetworkingError> = await networking.get("/entries")
        guard case .failure(.invalidRequest(let reason)) = result else {
            return XCTFail("expected .invalidRequest, got \(result)")
        }
        XCTAssertTrue(reason.contains("no-such-file.json"), reason)
        XCTAssertTrue(real.requests.isEmpty)
    }

    func testUnencodableResponseFailsWithInvalidRequest() async {
        await networking.fakeGET("/nan", response: ["value": Double.nan])
        let result: Result<JSONResponse, NetworkingError> = await networking.get("/nan")
        guard case .failure(.invalidRequest(let reason)) = result else {
            return XCTFail("expected .invalidRequest, got \(result)")
        }
        XCTAssertTrue(reason.contains("could not be encoded"), reason)
    }

    func testQueryMatchingRule() async throws {
        await networking.fakeGET("/stories", response: ["all"])
        await networking.fakeGET("/stories?page=2", response: ["page 2"])
        await networking.fakeGET("/search?q=swift", response: ["swift"])

        let any: Result<[String], NetworkingError> = await networking.get("/stories?page=3")
        let noQuery: Result<[String], NetworkingError> = await networking.get("/stories")
        let subset: Result<[String], NetworkingError> = await networking.get(
            "/stories", query: [URLQueryItem(name: "sort", value: "asc"), URLQueryItem(name: "page", value: "2")])
        let searched: Result<[String], NetworkingError> = await networking.get(
            "/search", query: [URLQueryItem(name: "q", value: "swift")])
        let otherSearch: Result<[String], NetworkingError> = await networking.get("/search?q=rust")

        XCTAssertEqual(try any.get(), ["all"], "a fake without a query matches any query")
        XCTAssertEqual(try noQuery.get(), ["all"])
        XCTAssertEqual(try subset.get(), ["page 2"], "the fake whose query items are all present wins")
        XCTAssertEqual(try searched.get(), ["swift"])
        guard case .failure(.transport) = otherSearch else { return XCTFail("?q=rust must not match ?q=swift") }
        XCTAssertEqual(real.requests.map { $0.url?.query }, ["q=rust"])
    }

    func testAbsoluteURLFake() async throws {
        await networking.fakeGET("https://cdn.example.com/config.json", response: ["theme": "dark"])
        let result: Result<[String: String], NetworkingError> = await networking.get(
            "https://cdn.example.com/config.json")
        XCTAssertEqual(try result.get(), ["theme": "dark"])
        let relative: Result<[String: String], NetworkingError> = await networking.get("/config.json")
        guard case .failure(.transport) = relative else { return XCTFail("another host must not match") }
    }

    func testRegisteringAgainReplacesAndRemovingRestoresTheTransport() async throws {
        real.stub(.get, "https://api.example.com/v1/me", with: .json(["name": "real"]))
        await networking.fakeGET("/me", response: ["name": "first"])
        await networking.fakeGET("/me", response: ["name": "second"])
        let faked: Result<[String: String], NetworkingError> = await networking.get("/me")
        XCTAssertEqual(try faked.get(), ["name": "second"])

        await networking.removeFake(.get, "/me")
        let removed: Result<[String: String], NetworkingError> = await networking.get("/me")
        XCTAssertEqual(try removed.get(), ["name": "real"])

        await networking.fakeGET("/me", response: ["name": "again"])
        await networking.fake(.post, "/me", response: FakeResponse(statusCode: 201))
        await networking.removeAllFakes()
        let afterAll: Result<[String: String], NetworkingError> = await networking.get("/me")
        XCTAssertEqual(try afterAll.get(), ["name": "real"])
        XCTAssertEqual(real.requests.count, 2)
    }

    func testGenericFakeServesBytesWithAContentType() async throws {
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        await networking.fake(.get, "/image.png", response: .data(png, contentType: "image/png"))
        let result: Result<JSONResponse, NetworkingError> = await networking.get("/image.png")
        guard case .failure(.decoding(_, let metadata)) = result else {
            return XCTFail("PNG bytes are not JSON; expected .decoding, got \(result)")
        }
        XCTAssertEqual(metadata.body, png)
        XCTAssertEqual(metadata.header("Content-Type"), "image/png")
    }

    func testInterceptorsAndObserversRunForFakedRequests() async throws {
        let log = Log()
        let interceptor = FallbackInterceptor(log: log)
        let observer = CountingObserver()
        await networking.setInterceptors([interceptor])
        await networking.addObserver(observer)
        await networking.setAuthorizationHeader(token: "abc")
        await networking.fakeGET("/flaky", statusCode: 503)
        await networking.fakeGET("/fallback", response: Story(id: 7, title: "from the fallback"))

        let result: Result<Story, NetworkingError> = await networking.get("/flaky")

        XCTAssertEqual(try result.get(), Story(id: 7, title: "from the fallback"))
        XCTAssertEqual(
            log.all,
            ["/v1/flaky Bearer abc → 503", "/v1/fallback Bearer abc → 200"],
            "the interceptor sees the faked 503 as an exchange and replays")
        XCTAssertEqual(observer.events, ["started GET /v1/flaky", "completed 200"])
        XCTAssertTrue(real.requests.isEmpty)
    }

    func testDelayedFakeAnswersAfterItsDelay() async throws {
        await networking.fakeGET("/later", response: ["done": true], delay: 0.05)
        let result: Result<[String: Bool], NetworkingError> = await networking.get("/later")
        XCTAssertEqual(try result.get(), ["done": true])
    }

    func testCancellingDuringAFakeDelayEndsWithCancelled() async throws {
        let observer = CountingObserver()
        await networking.addObserver(observer)
        await networking.fakeGET("/slow", response: ["done": true], delay: 600)
        let networking = self.networking
        let task = Task { () -> Result<[String: Bool], NetworkingError> in await networking.get("/slow") }
        await observer.waitForStart()
        await networking.cancelAllRequests()
        let result = await task.value
        guard case .failure(.cancelled) = result else { return XCTFail("expected .cancelled, got \(result)") }
    }
    // MARK: Header names

    func testAFakesHeaderNamesComeBackAsRegistered() async throws {
        await networking.fakeGET("/me", response: ["id": 1], headerFields: ["uid": "1", "access-token": "x"])
        let response: JSONResponse = try await networking.get("/me").get()
        XCTAssertEqual(response.headers["uid"]?.stringValue, "1")
        XCTAssertEqual(response.headers["access-token"]?.stringValue, "x")
        XCTAssertNil(response.headers["Uid"], "the name is not re-cased")
        let downloaded: Result<DataResponse, NetworkingError> = await networking.downloadData(
            "/me", cachingLevel: .none)
        let download = try downloaded.get()
        XCTAssertTrue(download.headers.contains { $0.name == "uid" && $0.value == "1" }, "\(download.headers)")
    }

    // MARK: Fakes and caches

    /// A fake registered after a response was cached answers the next call, at every caching
    /// level; removing it lets the next call go past the fakes again.
    func testAFakeRegisteredAfterAResponseWasCachedWins() async throws {
        for level in [CachingLevel.memory, .memoryAndFile] {
            let real = InMemoryTransport()
            let baseURL = "https://fakes-\(UUID().uuidString.lowercased()).example.com"
            real.stub(.get, baseURL + "/story", with: .json(Story(id: 1, title: "real")))
            let networking = Networking(baseURL: baseURL, transport: real)
            defer { Task { await networking.clearCache() } }

            let first: Result<Story, NetworkingError> = await networking.get("/story", cachingLevel: level)
            XCTAssertEqual(try first.get(), Story(id: 1, title: "real"), "\(level)")
            await networking.fakeGET("/story", response: Story(id: 2, title: "fake"))
            let faked: Result<Story, NetworkingError> = await networking.get("/story", cachingLevel: level)
            XCTAssertEqual(try faked.get(), Story(id: 2, title: "fake"), "\(level): the fake wins over the cache")
            XCTAssertEqual(real.requests.count, 1, "\(level)")

            await networking.removeFake(.get, "/story")
            let after: Result<Story, NetworkingError> = await networking.get("/story", cachingLevel: level)
            XCTAssertEqual(try after.get(), Story(id: 1, title: "real"), "\(level): past the fakes again")
        }
    }

}

/// Lines appended from any task.
private final class Log: Sendable {
    private let lines = Mutex<[String]>([])
    func append(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
}

/// Replays `/flaky` as `/fallback` when it answers 503, logging each exchange it sees.
private struct FallbackInterceptor: HTTPInterceptor {
    let log: Log

    func intercept(
        _ request: URLRequest, next: @Sendable (URLRequest) async throws -> HTTPExchange
    ) async throws -> HTTPExchange {
        let exchange = try await next(request)
        record(request, exchange)
        guard exchange.statusCode == 503, let url = request.url,
            var fallback = URLComponents(url: url, resolvingAgainstBaseURL: false)
        else { return exchange }
        fallback.path = "/v1/fallback"
        var retry = request
        retry.url = fallback.url
        let second = try await next(retry)
        record(retry, second)
        return second
    }

    private func record(_ request: URLRequest, _ exchange: HTTPExchange) {
        let authorization = request.value(forHTTPHeaderField: "Authorization") ?? "-"
        log.append("\(request.url?.path ?? "") \(authorization) → \(exchange.statusCode)")
    }
}

/// Records the events of every request and lets a test wait for the first start.
private final class CountingObserver: RequestObserver {
    private let log = Log()
    private let started: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    init() { (started, continuation) = AsyncStream.makeStream(of: Void.self) }

    var events: [String] { log.all }

    func waitForStart() async {
        for await _ in started { return }
    }

    func requestStarted(_ context: RequestContext) {
        log.append("started \(context.method) \(context.url?.path ?? "")")
        continuation.yield()
    }

    func requestCompleted(_ completion: RequestCompletion) {
        switch completion.outcome {
        case .success(let statusCode, _): log.append("completed \(statusCode)")
        case .failure(let error): log.append("failed \(error)")
        }
    }

}
