import Foundation
import XCTest

@testable import Networking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Problem details (RFC 9457) on an HTTP error: read from an `application/problem+json` body, the
/// title and detail in the message and the log line, against the fault server's `/problem`; a
/// malformed, oversized or differently typed body is no problem value.
final class ProblemDetailsTests: FaultServerTestCase {
    private func httpError(_ result: Result<Void, NetworkingError>) throws -> HTTPError {
        guard case .failure(.http(let error)) = result else {
            return try XCTUnwrap(nil as HTTPError?, "expected an HTTP error, got \(result)")
        }
        return error
    }

    func testTheProblemOfAnErrorResponseIsTypedAndInTheMessageAndTheLog() async throws {
        let server = try XCTUnwrap(server)
        let sink = CapturingLogSink()
        let networking = Networking(baseURL: server.baseURL, transport: TestTransport.make())
        await networking.setLogsToStandardError(false)
        await networking.setLogSinks([sink])
        let result: Result<Void, NetworkingError> = await networking.get("/problem?code=403")
        let error = try httpError(result)

        let problem = try XCTUnwrap(error.problem)
        XCTAssertEqual(problem.type, "https://example.com/probs/out-of-credit")
        XCTAssertEqual(problem.title, "You do not have enough credit.")
        XCTAssertEqual(problem.status, 403)
        XCTAssertEqual(problem.detail, "Your current balance is 30, but that costs 50.")
        XCTAssertEqual(problem.instance, "/account/12345/msgs/abc")
        XCTAssertEqual(problem.extensions["balance"], .int(30))
        XCTAssertEqual(problem.extensions["accounts"], .array([.string("/account/12345"), .string("/account/67890")]))
        XCTAssertEqual(Set(problem.extensions.keys), ["balance", "accounts"])

        let message =
            "The server returned status 403 (Forbidden): You do not have enough credit. "
            + "Your current balance is 30, but that costs 50."
        XCTAssertEqual(error.errorDescription, message)
        XCTAssertEqual(result.failure?.localizedDescription, message)
        XCTAssertTrue(sink.text.contains("Your current balance is 30, but that costs 50."), sink.text)
    }

    func testAMalformedProblemIsNoProblem() async throws {
        let server = try XCTUnwrap(server)
        let networking = Networking(baseURL: server.baseURL, transport: TestTransport.make())
        await networking.setLogsToStandardError(false)
        let result: Result<Void, NetworkingError> = await networking.get("/problem?code=409&malformed=1")
        let error = try httpError(result)
        XCTAssertEqual(error.metadata.header("Content-Type"), "application/problem+json")
        XCTAssertNil(error.problem)
        XCTAssertEqual(error.errorDescription, "The server returned status 409 (Conflict).")
    }

    private func metadata(_ body: String, contentType: String = "application/problem+json") -> ResponseMetadata {
        ResponseMetadata(statusCode: 400, headers: HTTPHeaders(["Content-Type": contentType]), body: Data(body.utf8))
    }

    func testOnlyTheProblemMediaTypeIsRead() {
        let body = #"{"title": "Bad"}"#
        XCTAssertEqual(ProblemDetails(metadata(body))?.title, "Bad")
        XCTAssertEqual(
            ProblemDetails(metadata(body, contentType: "Application/Problem+JSON; charset=utf-8"))?.title, "Bad")
        XCTAssertNil(ProblemDetails(metadata(body, contentType: "application/json")))
        XCTAssertNil(ProblemDetails(metadata(body, contentType: "application/problem+xml")))
        XCTAssertNil(ProblemDetails(ResponseMetadata(statusCode: 400, headers: HTTPHeaders(), body: Data(body.utf8))))
    }

    func testMembersOfTheWrongTypeAreIgnored() throws {
        let body = #"{"type": 7, "title": ["x"], "status": "400", "detail": null, "instance": {}, "code": "E1"}"#
        let problem = try XCTUnwrap(ProblemDetails(metadata(body)))
        XCTAssertEqual(problem, ProblemDetails(extensions: ["code": .string("E1")]))
        XCTAssertEqual(problem.type, "about:blank", "the RFC's default")
        XCTAssertEqual(
            HTTPError(metadata: metadata(body)).errorDescription, "The server returned status 400 (Bad Request).")
    }

    func testABodyThatIsNotAnObjectOrTooLargeIsNoProblem() {
        for body in ["", "[]", "\"title\"", "{\"title\": ", "nul"] {
            XCTAssertNil(ProblemDetails(metadata(body)), body)
        }
        let padding = String(repeating: " ", count: ProblemDetails.maximumBodySize)
        XCTAssertNil(ProblemDetails(metadata(#"{"title": "Bad"}"# + padding)), "larger than the bound")
    }

    func testATitleOrADetailAloneIsInTheMessage() {
        XCTAssertEqual(
            HTTPError(metadata: metadata(#"{"detail": "The order is closed"}"#)).errorDescription,
            "The server returned status 400 (Bad Request): The order is closed.")
        XCTAssertEqual(
            HTTPError(metadata: metadata(#"{"title": "Closed!"}"#)).errorDescription,
            "The server returned status 400 (Bad Request): Closed!")
    }
}

extension Result {
    /// The failure, if there is one.
    fileprivate var failure: Failure? {
        guard case .failure(let error) = self else { return nil }
        return error
    }
}
