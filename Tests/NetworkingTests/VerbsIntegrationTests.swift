import Foundation
import Networking
import XCTest

/// Every verb against httpbin, in every result type: a model, `JSONResponse`, `String`, `Data`, `Void`.
final class VerbsIntegrationTests: XCTestCase {
    private struct Echo: Decodable, Sendable {
        let method: String
        let url: String
        let args: [String: String]
        let headers: [String: String]
    }

    override func setUp() async throws {
        try await HTTPBin.requireServer()
    }

    func testEachVerbSendsItsMethod() async throws {
        let networking = HTTPBin.client()
        let get: Result<Echo, NetworkingError> = await networking.get("/anything/get")
        XCTAssertEqual(try unwrapSuccess(get).method, "GET")
        let post: Result<Echo, NetworkingError> = await networking.post("/anything/post")
        XCTAssertEqual(try unwrapSuccess(post).method, "POST")
        let put: Result<Echo, NetworkingError> = await networking.put("/anything/put")
        XCTAssertEqual(try unwrapSuccess(put).method, "PUT")
        let patch: Result<Echo, NetworkingError> = await networking.patch("/anything/patch")
        XCTAssertEqual(try unwrapSuccess(patch).method, "PATCH")
        let delete: Result<Echo, NetworkingError> = await networking.delete("/anything/delete")
        XCTAssertEqual(try unwrapSuccess(delete).method, "DELETE")
    }

    func testJSONResponseCarriesStatusHeadersAndBody() async throws {
        let result: Result<JSONResponse, NetworkingError> = await HTTPBin.client().get("/get")
        let response = try unwrapSuccess(result)
        XCTAssertEqual(response.statusCode, 200)
        XCTAssertEqual(response.headerFields["content-type"], "application/json")
        XCTAssertEqual(response.body["url"]?.stringValue, HTTPBin.baseURL + "/get")
        XCTAssertEqual(response.body["headers"]?["Accept"]?.stringValue, "application/json")
    }

    func testJSONResponseWithAStatusOtherThan200() async throws {
        let result: Result<JSONResponse, NetworkingError> = await HTTPBin.client().post("/status/201")
        XCTAssertEqual(try unwrapSuccess(result).statusCode, 201)
    }

    func testVoidSucceedsOnAnEmpty204() async throws {
        let networking = HTTPBin.client()
        let get: Result<Void, NetworkingError> = await networking.get("/status/204")
        try unwrapSuccess(get)
        let delete: Result<Void, NetworkingError> = await networking.delete("/status/204")
        try unwrapSuccess(delete)
        let json: Result<JSONResponse, NetworkingError> = await networking.put("/status/204")
        XCTAssertEqual(try unwrapSuccess(json).statusCode, 204)
        XCTAssertTrue(try unwrapSuccess(json).body.isEmpty)
    }

    func testVoidIgnoresABody() async throws {
        let networking = HTTPBin.client()
        let results: [Result<Void, NetworkingError>] = [
            await networking.get("/get"), await networking.post("/post"), await networking.put("/put"),
            await networking.patch("/patch"), await networking.delete("/delete"),
        ]
        for result in results { try unwrapSuccess(result) }
    }

    func testStringAndDataResults() async throws {
        let networking = HTTPBin.client()
        let text: Result<String, NetworkingError> = await networking.get("/robots.txt")
        XCTAssertTrue(try unwrapSuccess(text).contains("Disallow: /deny"))
        let utf8: Result<String, NetworkingError> = await networking.get("/encoding/utf8")
        XCTAssertTrue(try unwrapSuccess(utf8).contains("Unicode Demo"))
        let bytes: Result<Data, NetworkingError> = await networking.get("/bytes/1024")
        XCTAssertEqual(try unwrapSuccess(bytes).count, 1024)
    }

    func testAbsoluteURLPassesThrough() async throws {
        let networking = HTTPBin.client(baseURL: "http://unused.invalid")
        let result: Result<Echo, NetworkingError> = await networking.get(HTTPBin.baseURL + "/anything/abs?x=1")
        let echo = try unwrapSuccess(result)
        XCTAssertEqual(echo.args, ["x": "1"])
        XCTAssertEqual(echo.url, HTTPBin.baseURL + "/anything/abs?x=1")
    }

    func testBaseURLWithAPathAndANonASCIIPath() async throws {
        let networking = HTTPBin.client(baseURL: HTTPBin.baseURL + "/anything/")
        let result: Result<Echo, NetworkingError> = await networking.get("/døgnvillburgere.jpg")
        XCTAssertEqual(try unwrapSuccess(result).url, HTTPBin.baseURL + "/anything/døgnvillburgere.jpg")
    }

    func testEphemeralConfiguration() async throws {
        let networking = Networking(baseURL: HTTPBin.baseURL, configuration: .ephemeral)
        let result: Result<Echo, NetworkingError> = await networking.get("/anything")
        XCTAssertEqual(try unwrapSuccess(result).method, "GET")
    }
}
