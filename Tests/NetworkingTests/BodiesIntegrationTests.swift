import Foundation
import Networking
import XCTest

/// Each body form and query form, checked against what httpbin echoes back.
final class BodiesIntegrationTests: XCTestCase {
    private struct Credentials: Codable, Sendable, Equatable {
        let username: String
        let password: String
    }

    private struct Event: Encodable, Sendable {
        let title: String
        let startsAt: Date
    }

    private struct SignIn: Encodable, Sendable {
        let name: String
        let remember: Bool
    }

    private struct Search: Encodable, Sendable {
        let q: String
        let page: Int
        let tags: [String]
    }

    /// What httpbin's `/post`, `/put`, `/patch`, `/delete` and `/anything` echo.
    private struct Echo: Decodable, Sendable {
        let args: [String: AnyCodable]
        let data: String
        let files: [String: String]
        let form: [String: AnyCodable]
        let json: AnyCodable?
        let headers: [String: String]
        let method: String?
    }

    override func setUp() async throws {
        try await HTTPBin.requireServer()
    }

    func testJSONBodyForPostPutAndPatch() async throws {
        let networking = HTTPBin.client()
        let body = Credentials(username: "jameson", password: "secret")
        let results: [(String, Result<Echo, NetworkingError>)] = [
            ("POST", await networking.post("/post", body: body)),
            ("PUT", await networking.put("/put", body: body)),
            ("PATCH", await networking.patch("/patch", body: body)),
        ]
        for (verb, result) in results {
            let echo = try unwrapSuccess(result)
            XCTAssertEqual(echo.json, ["username": "jameson", "password": "secret"], verb)
            XCTAssertEqual(echo.headers["Content-Type"], "application/json", verb)
        }
    }

    func testJSONBodyDatesAreISO8601() async throws {
        let result: Result<Echo, NetworkingError> = await HTTPBin.client().post(
            "/post", body: Event(title: "launch", startsAt: Date(timeIntervalSince1970: 1_700_000_000)))
        XCTAssertEqual(try unwrapSuccess(result).json?["startsAt"], "2023-11-14T22:13:20Z")
    }

    func testDictionaryJSONBody() async throws {
        let result: Result<Echo, NetworkingError> = await HTTPBin.client().post("/post", body: ["name": "jameson"])
        XCTAssertEqual(try unwrapSuccess(result).json, ["name": "jameson"])
    }

    func testNotANumberInABodyIsAnInvalidRequest() async throws {
        let result: Result<Echo, NetworkingError> = await HTTPBin.client().post("/post", body: ["score": Double.nan])
        guard case .invalidRequest = try unwrapFailure(result) else { return XCTFail("got \(result)") }
    }

    func testFormBodyIsPercentEncoded() async throws {
        let networking = HTTPBin.client()
        let tricky = "a&b=c+d e%/ø🍔"
        let results: [(String, Result<Echo, NetworkingError>)] = [
            ("POST", await networking.post("/post", form: ["name": tricky, "other": "x"])),
            ("PUT", await networking.put("/put", form: ["name": tricky, "other": "x"])),
            ("PATCH", await networking.patch("/patch", form: ["name": tricky, "other": "x"])),
        ]
        for (verb, result) in results {
            let echo = try unwrapSuccess(result)
            XCTAssertEqual(echo.form, ["name": .string(tricky), "other": "x"], verb)
            XCTAssertTrue(
                echo.headers["Content-Type"] == "application/x-www-form-urlencoded", verb)
        }
    }

    func testFormBodyFromAModelStringifiesBool() async throws {
        let result: Result<Echo, NetworkingError> = await HTTPBin.client().post(
            "/post", form: SignIn(name: "jameson", remember: true))
        XCTAssertEqual(try unwrapSuccess(result).form, ["name": "jameson", "remember": "true"])
    }

    func testMultipartPartsAndFields() async throws {
        let networking = HTTPBin.client()
        let part1 = FormDataPart(type: .png, data: Data("first file".utf8), parameterName: "file1", filename: "a.png")
        let part2 = FormDataPart(data: Data("second file".utf8), parameterName: "file2", filename: "b.bin")
        let fields = ["username": "3lvis", "quote\"d": "døgn\r\nline"]
        let results: [(String, Result<Echo, NetworkingError>)] = [
            ("POST", await networking.post("/post", parts: [part1, part2], fields: fields)),
            ("PUT", await networking.put("/put", parts: [part1, part2], fields: fields)),
            ("PATCH", await networking.patch("/patch", parts: [part1, part2], fields: fields)),
        ]
        for (verb, result) in results {
            let echo = try unwrapSuccess(result)
            XCTAssertEqual(echo.files, ["file1": "first file", "file2": "second file"], verb)
            XCTAssertEqual(echo.form, ["username": "3lvis", "quote\"d": "døgn\r\nline"], verb)
            XCTAssertTrue(echo.headers["Content-Type"]?.hasPrefix("multipart/form-data; boundary=") == true, verb)
        }
    }

    func testMultipartPartWithoutAFilenameIsAFormValue() async throws {
        let part = FormDataPart(type: .plainText, data: Data("just text".utf8), parameterName: "note")
        let result: Result<Echo, NetworkingError> = await HTTPBin.client().post("/post", parts: [part])
        XCTAssertEqual(try unwrapSuccess(result).form, ["note": "just text"])
    }

    func testRawDataIsSentVerbatim() async throws {
        let networking = HTTPBin.client()
        let text = "raw bytes, not JSON {"
        let results: [(String, Result<Echo, NetworkingError>)] = [
            ("POST", await networking.post("/post", data: Data(text.utf8), contentType: "text/plain")),
            ("PUT", await networking.put("/put", data: Data(text.utf8), contentType: "text/plain")),
            ("PATCH", await networking.patch("/patch", data: Data(text.utf8), contentType: "text/plain")),
        ]
        for (verb, result) in results {
            let echo = try unwrapSuccess(result)
            XCTAssertEqual(echo.data, text, verb)
            XCTAssertEqual(echo.headers["Content-Type"], "text/plain", verb)
            XCTAssertEqual(echo.headers["Content-Length"], "\(text.utf8.count)", verb)
        }
    }

    func testQueryItemsKeepOrderAndRepeatedNames() async throws {
        let networking = HTTPBin.client()
        let items = [
            URLQueryItem(name: "tag", value: "a"), URLQueryItem(name: "q", value: "a b&c=d+e"),
            URLQueryItem(name: "tag", value: "b"),
        ]
        let get: Result<Echo, NetworkingError> = await networking.get("/anything", query: items)
        let echo = try unwrapSuccess(get)
        XCTAssertEqual(echo.args, ["tag": ["a", "b"], "q": "a b&c=d+e"])
        let delete: Result<Echo, NetworkingError> = await networking.delete("/delete", query: items)
        XCTAssertEqual(try unwrapSuccess(delete).args, ["tag": ["a", "b"], "q": "a b&c=d+e"])
    }

    func testQueryFromAFlatModel() async throws {
        let networking = HTTPBin.client()
        let search = Search(q: "swift", page: 2, tags: ["x", "y"])
        let get: Result<JSONResponse, NetworkingError> = await networking.get("/get", query: search)
        XCTAssertEqual(
            try unwrapSuccess(get).body["url"]?.stringValue, HTTPBin.baseURL + "/get?q=swift&page=2&tags=x&tags=y")
        let delete: Result<Echo, NetworkingError> = await networking.delete("/delete", query: search)
        XCTAssertEqual(try unwrapSuccess(delete).args, ["q": "swift", "page": "2", "tags": ["x", "y"]])
        let void: Result<Void, NetworkingError> = await networking.get("/get", query: search)
        try unwrapSuccess(void)
    }

    func testQueryInThePathIsKept() async throws {
        let result: Result<Echo, NetworkingError> = await HTTPBin.client().get(
            "/anything?lang=en", query: [URLQueryItem(name: "page", value: "2")])
        XCTAssertEqual(try unwrapSuccess(result).args, ["lang": "en", "page": "2"])
    }

    func testNestedQueryModelIsAnInvalidRequestNamingTheKey() async throws {
        struct Nested: Encodable, Sendable {
            let filter: [String: String]
        }
        let result: Result<Echo, NetworkingError> = await HTTPBin.client().get("/get", query: Nested(filter: [:]))
        guard case .invalidRequest(let reason) = try unwrapFailure(result) else { return XCTFail("\(result)") }
        XCTAssertTrue(reason.contains("'filter'"), reason)
    }
}
