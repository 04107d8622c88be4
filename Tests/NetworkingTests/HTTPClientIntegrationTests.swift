import Foundation
import Networking
import XCTest

/// `HTTPClient` against the local httpbin.
final class HTTPClientIntegrationTests: XCTestCase {
    private var client: HTTPClient {
        var logging = LogSettings()
        logging.level = .none
        return HTTPClient(configuration: .init(logging: logging), transport: TestTransport.make())
    }

    override func setUp() async throws {
        try await super.setUp()
        try await HTTPBin.requireServer()
    }

    func testQueryParametersReachTheServer() async throws {
        let echo: Echo = try await client.send(
            HTTPBinEndpoint.anything(method: .get, task: .queryParameters(["b": 2, "a": "x y", "list": [1, 2]])))
        XCTAssertEqual(echo.method, "GET")
        XCTAssertEqual(echo.args["a"], "x y")
        XCTAssertEqual(echo.args["b"], "2")
        XCTAssertEqual(echo.args["list"], ["1", "2"])
    }

    func testEncodableBodyAndQueryReachTheServer() async throws {
        let echo: Echo = try await client.send(
            HTTPBinEndpoint.anything(
                method: .post,
                task: .encodableBodyAndQuery(body: Post(title: "Hi", body: "There"), queryParameters: ["thread": 7])))
        XCTAssertEqual(echo.method, "POST")
        XCTAssertEqual(echo.args["thread"], "7")
        XCTAssertEqual(echo.json, ["title": "Hi", "body": "There"])
        XCTAssertEqual(echo.headers["Content-Type"], "application/json")
    }

    func testRawBodyReachesTheServer() async throws {
        let name = "Ada"
        let echo: Echo = try await client.send(
            HTTPBinEndpoint.anything(method: .put, task: .rawBody(["user_name": name, "age": 36])))
        XCTAssertEqual(echo.json, ["user_name": "Ada", "age": 36])
    }

    func testFormBodyReachesTheServer() async throws {
        let echo: Echo = try await client.send(
            HTTPBinEndpoint.anything(method: .post, task: .requestBody(.form(["city": "Oslo", "note": "æ & ø"]))))
        XCTAssertEqual(echo.form, ["city": "Oslo", "note": "æ & ø"])
    }

    func testOptionHeadersAreNeverSent() async throws {
        let echo: JSONResponse = try await client.send(HTTPBinEndpoint.headers(quiet: true))
        let headers = echo.body["headers"]?.objectValue ?? [:]
        XCTAssertFalse(headers.isEmpty)
        XCTAssertFalse(headers.keys.contains { $0.lowercased().hasPrefix("x-networking") }, "\(headers)")
    }

    func testStatusErrorsAreClassified() async throws {
        let unauthorized: Result<EmptyResponse, NetworkingError> = await client.send(HTTPBinEndpoint.status(401))
        XCTAssertTrue(try unwrapFailure(unauthorized).isUnauthorized, "\(unauthorized)")
        let server: Result<EmptyResponse, NetworkingError> = await client.send(HTTPBinEndpoint.status(503))
        XCTAssertEqual(try unwrapFailure(server).serverErrorCode, 503)
        let notFound: Result<EmptyResponse, NetworkingError> = await client.send(HTTPBinEndpoint.status(404))
        XCTAssertTrue(try unwrapFailure(notFound).isNotFound)
    }

    func testBearerEndpointWithAndWithoutAToken() async throws {
        let anonymous: Result<JSONResponse, NetworkingError> = await client.send(HTTPBinEndpoint.bearer)
        XCTAssertTrue(try unwrapFailure(anonymous).isUnauthorized, "\(anonymous)")
        let authorized = HTTPClient(
            configuration: .init(headers: ["Authorization": "Bearer token-1"]), transport: TestTransport.make())
        let response: JSONResponse = try await authorized.send(HTTPBinEndpoint.bearer)
        XCTAssertEqual(response.body["token"], "token-1")
    }

    func testTimeoutIntervalOfTheEndpointApplies() async throws {
        let result: Result<EmptyResponse, NetworkingError> = await client.send(
            HTTPBinEndpoint.delay(seconds: 5, timeout: 0.5))
        XCTAssertTrue(try unwrapFailure(result).isTimeout, "\(result)")
    }
}
