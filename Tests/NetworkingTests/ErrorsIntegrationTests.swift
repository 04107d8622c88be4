import Foundation
import Networking
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Each failure category against a real server: `.http` with the body, `.decoding`, `.transport`,
/// `.invalidRequest`.
final class ErrorsIntegrationTests: XCTestCase {
    private struct NotAcceptable: Decodable {
        let message: String
        let accept: [String]
    }

    private struct Slideshow: Decodable, Sendable {
        let title: String
    }

    override func setUp() async throws {
        try await HTTPBin.requireServer()
    }

    func testClientErrorBodyIsDecodedFromTheMetadata() async throws {
        let result: Result<JSONResponse, NetworkingError> = await HTTPBin.client().get("/status/406")
        let error = try unwrapFailure(result)
        guard case .http(let httpError) = error else { return XCTFail("got \(error)") }
        XCTAssertEqual(httpError.statusCode, 406)
        XCTAssertTrue(httpError.isClientError)
        XCTAssertFalse(httpError.isServerError)
        XCTAssertEqual(error.statusCode, 406)
        XCTAssertFalse(error.isRetryable)
        XCTAssertEqual(httpError.metadata.header("content-type"), "application/json")
        let body = try httpError.metadata.decode(NotAcceptable.self)
        XCTAssertEqual(body.message, "Client did not request a supported media type.")
        XCTAssertTrue(body.accept.contains("image/png"))
    }

    func testTeapotBodyIsKept() async throws {
        let result: Result<Void, NetworkingError> = await HTTPBin.client().get("/status/418")
        let metadata = try XCTUnwrap(unwrapFailure(result).responseMetadata)
        XCTAssertEqual(metadata.statusCode, 418)
        XCTAssertTrue(metadata.bodySnippet.contains("teapot"), metadata.bodySnippet)
        XCTAssertEqual(metadata.header("X-MORE-INFO"), "http://tools.ietf.org/html/rfc2324")
    }

    func testServerErrorsAreRetryable() async throws {
        let networking = HTTPBin.client()
        for status in [500, 502, 503, 504] {
            let result: Result<JSONResponse, NetworkingError> = await networking.post("/status/\(status)")
            guard case .http(let error) = try unwrapFailure(result) else { return XCTFail("got \(result)") }
            XCTAssertEqual(error.statusCode, status)
            XCTAssertTrue(error.isServerError)
            XCTAssertTrue(NetworkingError.http(error).isRetryable, "\(status)")
        }
        let notImplemented: Result<Void, NetworkingError> = await networking.get("/status/501")
        XCTAssertFalse(try unwrapFailure(notImplemented).isRetryable)
        let tooMany: Result<Void, NetworkingError> = await networking.get("/status/429")
        XCTAssertTrue(try unwrapFailure(tooMany).isRetryable)
    }

    func testHTMLDecodedAsAModelIsADecodingFailureWithTheResponse() async throws {
        let result: Result<Slideshow, NetworkingError> = await HTTPBin.client().get("/html")
        let error = try unwrapFailure(result)
        guard case .decoding(_, let metadata) = error else { return XCTFail("got \(error)") }
        XCTAssertEqual(metadata.statusCode, 200)
        XCTAssertEqual(error.statusCode, 200)
        XCTAssertTrue(metadata.header("Content-Type")?.hasPrefix("text/html") == true)
        XCTAssertTrue(metadata.bodySnippet.contains("Herman Melville"))
        XCTAssertFalse(error.isRetryable)
        XCTAssertTrue(error.localizedDescription.hasPrefix("The response (status 200) could not be decoded"))
    }

    func testJSONOfTheWrongShapeNamesTheMissingKey() async throws {
        let result: Result<Slideshow, NetworkingError> = await HTTPBin.client().get("/json")
        let error = try unwrapFailure(result)
        guard case .decoding(.keyNotFound(let key, _), _) = error else { return XCTFail("got \(error)") }
        XCTAssertEqual(key.stringValue, "title")
    }

    func testClosedPortIsATransportFailure() async throws {
        let networking = HTTPBin.client(baseURL: "http://127.0.0.1:9")
        let result: Result<JSONResponse, NetworkingError> = await withDeadline { await networking.get("/get") }
        let error = try unwrapFailure(result)
        guard case .transport(let urlError) = error else { return XCTFail("got \(error)") }
        XCTAssertEqual(urlError.code, .cannotConnectToHost)
        XCTAssertTrue(error.isRetryable)
        XCTAssertNil(error.statusCode)
        XCTAssertTrue(error.localizedDescription.hasPrefix("The server could not be reached: "))
    }

    func testInvalidBaseURLIsAnInvalidRequestNamingIt() async throws {
        for base in ["", "not a url", "ftp://127.0.0.1"] {
            let result: Result<JSONResponse, NetworkingError> = await HTTPBin.client(baseURL: base).get("/get")
            guard case .invalidRequest(let reason) = try unwrapFailure(result) else {
                return XCTFail("got \(result)")
            }
            XCTAssertTrue(reason.contains("base URL"), reason)
        }
    }

    func testLineBreakInThePathIsAnInvalidRequest() async throws {
        let result: Result<Void, NetworkingError> = await HTTPBin.client().get("/get\r\nX-Evil: 1")
        guard case .invalidRequest = try unwrapFailure(result) else { return XCTFail("got \(result)") }
    }
}
