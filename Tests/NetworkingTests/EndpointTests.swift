import Foundation
import Networking
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// How an endpoint becomes a request: both seeds' styles, defaults, parameters, strategies.
final class EndpointTests: XCTestCase {
    private struct Probe: Endpoint {
        var baseURL = URL(string: "https://api.example.com/v2")!
        var path = "/items"
        var method: HTTPMethod = .get
        var task: HTTPTask = .none
        var headers: [String: String]?
        var keyEncodingStrategy: JSONEncoder.KeyEncodingStrategy = .useDefaultKeys
        var keyDecodingStrategy: JSONDecoder.KeyDecodingStrategy = .useDefaultKeys
        var dateDecodingStrategy: JSONDecoder.DateDecodingStrategy = .deferredToDate
        var cachePolicy: URLRequest.CachePolicy = .useProtocolCachePolicy
        var timeoutInterval: TimeInterval = 60
        var shouldPrintLogs = true
    }

    private struct Minimal: Endpoint {
        var baseURL: URL { URL(string: "https://api.example.com")! }
        var path: String { "/ping" }
        var method: HTTPMethod { .post }
    }

    private struct Payload: Encodable, Sendable {
        let firstName: String
        let born: Date
    }

    private func json(_ request: URLRequest) throws -> [String: AnyCodable] {
        try JSONDecoder().decode([String: AnyCodable].self, from: request.httpBody ?? Data())
    }

    func testDefaultsOfAMinimalEndpoint() throws {
        let endpoint = Minimal()
        XCTAssertNil(endpoint.headers)
        XCTAssertNil(endpoint.body)
        XCTAssertNil(endpoint.queryParameters)
        XCTAssertTrue(endpoint.requiresAuthentication)
        XCTAssertEqual(endpoint.timeoutInterval, 60)
        XCTAssertEqual(endpoint.cachePolicy, .useProtocolCachePolicy)
        XCTAssertEqual(endpoint.retryCount, -1)
        XCTAssertFalse(endpoint.isIdempotent, "POST is not idempotent")
        XCTAssertTrue(endpoint.shouldPrintLogs)
        XCTAssertNil(endpoint.sampleData)
        guard case .none = endpoint.task else { return XCTFail("expected .none, got \(endpoint.task)") }
        let request = try endpoint.makeURLRequest()
        XCTAssertEqual(request.url?.absoluteString, "https://api.example.com/ping")
        XCTAssertEqual(request.httpMethod, "POST")
        XCTAssertNil(request.httpBody)
        XCTAssertEqual(request.timeoutInterval, 60)
    }

    func testSeed002EndpointSendsItsBodyAsJSON() throws {
        let request = try AuthEndpoint.login(email: "ada@example.com", password: "s3cret").makeURLRequest()
        XCTAssertEqual(request.url?.absoluteString, "https://api.repcard.com/v1/auth/login")
        XCTAssertEqual(request.httpMethod, "POST")
        XCTAssertEqual(request.value(forHTTPHeaderField: "Content-Type"), "application/json")
        XCTAssertEqual(try json(request), ["email": "ada@example.com", "password": "s3cret"])
        XCTAssertFalse(AuthEndpoint.login(email: "", password: "").requiresAuthentication)
        XCTAssertTrue(AuthEndpoint.currentUser.requiresAuthentication)
        let me = try AuthEndpoint.currentUser.makeURLRequest()
        XCTAssertEqual(me.url?.absoluteString, "https://api.repcard.com/v1/users/me")
        XCTAssertEqual(me.httpMethod, "GET")
        XCTAssertNil(me.httpBody)
    }

    func testSeed003TasksBecomeBodiesAndQueries() throws {
        let user = try MyEndpoint.getUser(userId: "123").makeURLRequest()
        XCTAssertEqual(user.url?.absoluteString, "https://your-api.com/api/v1/users/123")
        XCTAssertNil(user.httpBody)

        let profile = try MyEndpoint.updateProfile(name: "Ada", email: "ada@example.com").makeURLRequest()
        XCTAssertEqual(profile.httpMethod, "PUT")
        XCTAssertEqual(try json(profile), ["user_name": "Ada", "email_address": "ada@example.com"])

        let post = try MyEndpoint.createPost(threadId: "t 1", post: Post(title: "Hi", body: "There")).makeURLRequest()
        XCTAssertEqual(post.url?.absoluteString, "https://your-api.com/api/v1/posts?thread=t%201")
        XCTAssertEqual(try json(post), ["title": "Hi", "body": "There"])
    }

    func testBodyAndQueryParametersMakeTheDefaultTask() throws {
        struct Search: Endpoint {
            var baseURL: URL { URL(string: "https://api.example.com")! }
            var path: String { "/search" }
            var method: HTTPMethod { .post }
            var body: (any Encodable & Sendable)? { ["q": "swift"] }
            var queryParameters: [String: any Sendable]? { ["page": 2, "sort": "new"] }
        }
        guard case .encodableBodyAndQuery = Search().task else { return XCTFail("expected body and query") }
        let request = try Search().makeURLRequest()
        XCTAssertEqual(request.url?.absoluteString, "https://api.example.com/search?page=2&sort=new")
        XCTAssertEqual(try json(request), ["q": "swift"])
    }

    func testQueryParametersAreSortedTypedRepeatedAndSkipNil() throws {
        let date = Date(timeIntervalSince1970: 0)
        let id = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
        var probe = Probe()
        probe.task = .queryParameters([
            "z": "last", "flag": true, "count": 3, "ratio": 0.5, "tags": ["a", "b c"], "missing": nil as String?,
            "when": date, "id": id, "raw": AnyCodable.int(7), "some": Optional("x") as String?,
        ])
        let query = try XCTUnwrap(try probe.makeURLRequest().url?.query)
        XCTAssertEqual(
            query,
            "count=3&flag=true&id=E621E1F8-C36C-495A-93FC-0C247A3E6E5F&ratio=0.5&raw=7&some=x&tags=a&tags=b%20c"
                + "&when=1970-01-01T00:00:00Z&z=last")
    }

    func testAQueryValueThatIsNotAScalarIsAnInvalidRequest() {
        var probe = Probe()
        probe.task = .queryParameters(["filter": ["nested": 1] as [String: any Sendable]])
        XCTAssertThrowsError(try probe.makeURLRequest()) { error in
            guard case NetworkingError.invalidRequest(let reason) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.contains("'filter'"), reason)
        }
    }

    func testRawBodyKeepsKeysAsWrittenAndEncodesNestedValues() throws {
        var probe = Probe()
        probe.method = .post
        probe.keyEncodingStrategy = .convertToSnakeCase
        probe.task = .rawBody([
            "userName": "Ada", "age": 36, "admin": false, "score": 9.5, "tags": ["x", 1] as [any Sendable],
            "address": ["cityName": "London"] as [String: any Sendable], "nothing": nil as Int?,
            "payload": Payload(firstName: "Ada", born: Date(timeIntervalSince1970: 0)),
        ])
        let body = try json(try probe.makeURLRequest())
        XCTAssertEqual(body["userName"], "Ada", "raw keys are sent as written")
        XCTAssertEqual(body["age"], 36)
        XCTAssertEqual(body["admin"], false)
        XCTAssertEqual(body["score"], 9.5)
        XCTAssertEqual(body["tags"], ["x", 1])
        XCTAssertEqual(body["address"], ["cityName": "London"])
        XCTAssertEqual(body["nothing"], .null)
        XCTAssertEqual(
            body["payload"], ["first_name": "Ada", "born": "1970-01-01T00:00:00Z"],
            "an Encodable value inside a raw body uses the endpoint's encoder")
    }

    func testARawBodyValueThatIsNotJSONIsAnInvalidRequest() {
        final class NotJSON: Sendable {}
        var probe = Probe()
        probe.method = .post
        probe.task = .rawBody(["thing": NotJSON()])
        XCTAssertThrowsError(try probe.makeURLRequest()) { error in
            guard case NetworkingError.invalidRequest(let reason) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.contains("'thing'"), reason)
        }
    }

    func testEncodingStrategiesApplyOnTopOfTheClientsEncoder() throws {
        var probe = Probe()
        probe.method = .post
        probe.task = .encodableBody(Payload(firstName: "Ada", born: Date(timeIntervalSince1970: 0)))
        let plain = try json(try probe.makeURLRequest())
        XCTAssertEqual(plain, ["firstName": "Ada", "born": "1970-01-01T00:00:00Z"], "client encoder: ISO-8601")
        probe.keyEncodingStrategy = .convertToSnakeCase
        let snake = try json(try probe.makeURLRequest())
        XCTAssertEqual(snake, ["first_name": "Ada", "born": "1970-01-01T00:00:00Z"], "dates keep the client's")
    }

    func testDecodingStrategiesApplyOnTopOfTheClientsDecoder() throws {
        struct Model: Decodable {
            let firstName: String
            let born: Date
        }
        let data = Data(#"{"first_name": "Ada", "born": "1970-01-01T00:00:10Z"}"#.utf8)
        var probe = Probe()
        probe.keyDecodingStrategy = .convertFromSnakeCase
        let decoder = probe.decoder(basedOn: JSONCoding.makeDecoder())
        let model = try decoder.decode(Model.self, from: data)
        XCTAssertEqual(model.firstName, "Ada")
        XCTAssertEqual(model.born, Date(timeIntervalSince1970: 10), "dates keep the client's ISO-8601")

        let base = JSONCoding.makeDecoder()
        XCTAssertTrue(Probe().decoder(basedOn: base) === base, "no strategy of its own: the client's decoder")
        probe.dateDecodingStrategy = .secondsSince1970
        XCTAssertThrowsError(try probe.decoder(basedOn: base).decode(Model.self, from: data))
    }

    func testDataBodyIsSentAsItIsUnderTheEndpointsContentType() throws {
        var probe = Probe()
        probe.method = .put
        probe.task = .encodableBody(Data([0, 1, 2]))
        let octets = try probe.makeURLRequest()
        XCTAssertEqual(octets.httpBody, Data([0, 1, 2]))
        XCTAssertEqual(octets.value(forHTTPHeaderField: "Content-Type"), "application/octet-stream")
        probe.headers = ["Content-Type": "image/png"]
        XCTAssertEqual(try probe.makeURLRequest().value(forHTTPHeaderField: "Content-Type"), "image/png")
    }

    func testAContentTypeHeaderOfTheEndpointWinsOverTheBodys() throws {
        var probe = Probe()
        probe.method = .post
        probe.headers = ["Content-Type": "application/vnd.api+json", "X-Trace": "1"]
        probe.task = .rawBody(["a": 1])
        let request = try probe.makeURLRequest(defaultHeaders: ["X-Trace": "0", "Accept": "application/json"])
        XCTAssertEqual(request.value(forHTTPHeaderField: "Content-Type"), "application/vnd.api+json")
        XCTAssertEqual(request.value(forHTTPHeaderField: "X-Trace"), "1", "the endpoint's headers override")
        XCTAssertEqual(request.value(forHTTPHeaderField: "Accept"), "application/json")
    }

    func testRequestBodyTaskSendsAFormWithAQuery() throws {
        var probe = Probe()
        probe.method = .post
        probe.task = .requestBody(.form(["name": "Ada Lovelace"]), queryParameters: ["v": 1])
        let request = try probe.makeURLRequest()
        XCTAssertEqual(request.url?.query, "v=1")
        XCTAssertEqual(request.httpBody, Data("name=Ada+Lovelace".utf8))
        XCTAssertEqual(
            request.value(forHTTPHeaderField: "Content-Type"), "application/x-www-form-urlencoded")
    }

    func testCachePolicyTimeoutAndLoggingFlagReachTheRequest() throws {
        var probe = Probe()
        probe.cachePolicy = .reloadIgnoringLocalCacheData
        probe.timeoutInterval = 5
        probe.shouldPrintLogs = false
        let request = try probe.makeURLRequest()
        XCTAssertEqual(request.cachePolicy, .reloadIgnoringLocalCacheData)
        XCTAssertEqual(request.timeoutInterval, 5)
        XCTAssertFalse(probe.requestOptions.printsLogs, "the flag travels beside the request")
        XCTAssertFalse(
            (request.allHTTPHeaderFields ?? [:]).keys.contains { $0.lowercased().hasPrefix("x-networking") },
            "never as a header field")
        XCTAssertTrue(Probe().requestOptions.printsLogs)
    }

    func testAnInvalidHeaderIsAnInvalidRequest() {
        var probe = Probe()
        probe.headers = ["X-Bad": "a\r\nInjected: yes"]
        XCTAssertThrowsError(try probe.makeURLRequest()) { error in
            guard case NetworkingError.invalidRequest = error else { return XCTFail("\(error)") }
        }
    }

    func testEndpointDescriptionNamesTheCaseButNeverItsValues() {
        let login = AuthEndpoint.login(email: "ada@example.com", password: "s3cret").endpointDescription
        XCTAssertEqual(login, "AuthEndpoint.login (POST /v1/auth/login)")
        XCTAssertFalse(login.contains("s3cret"))
        XCTAssertEqual(AuthEndpoint.currentUser.endpointDescription, "AuthEndpoint.currentUser (GET /v1/users/me)")
        XCTAssertEqual(Minimal().endpointDescription, "Minimal (POST /ping)")
    }

    func testIdempotenceFollowsTheMethodUnlessTheEndpointSaysOtherwise() {
        struct Charge: Endpoint {
            var baseURL: URL { URL(string: "https://api.example.com")! }
            var path: String { "/charges" }
            var method: HTTPMethod { .post }
            var isIdempotent: Bool { true }  // the server de-duplicates by idempotency key
        }
        XCTAssertTrue(MyEndpoint.getUser(userId: "1").isIdempotent)
        XCTAssertTrue(MyEndpoint.updateProfile(name: "", email: "").isIdempotent)
        XCTAssertFalse(MyEndpoint.createPost(threadId: "", post: Post(title: "", body: "")).isIdempotent)
        XCTAssertTrue(Charge().isIdempotent)
    }
}
