import Foundation
import NetworkingInterceptors
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

final class ResponseValidatorInterceptorTests: XCTestCase {
    private let expectJSON = ResponseValidatorInterceptor { exchange in
        let contentType = exchange.header("Content-Type") ?? ""
        return contentType.hasPrefix("application/json")
            ? .valid : .invalid(reason: "expected JSON, got \(contentType)")
    }

    private func server(status: Int, contentType: String, body: String) -> ScriptedServer {
        ScriptedServer { request, _ in
            makeExchange(request, status: status, headers: ["Content-Type": contentType], body: body)
        }
    }

    func testAValidResponsePassesThrough() async throws {
        let server = server(status: 200, contentType: "application/json", body: "{}")
        let result = await send(makeRequest(), through: [expectJSON], transport: server.transport)
        XCTAssertEqual(try result.get().statusCode, 200)
    }

    func testARejectedResponseBecomesAValidationErrorWithItsMetadata() async throws {
        let server = server(status: 200, contentType: "text/html; charset=utf-8", body: "<html></html>")
        let result = await send(makeRequest(), through: [expectJSON], transport: server.transport)
        guard case .validation(let reason, let metadata)? = result.failure() else {
            return XCTFail("expected .validation")
        }
        XCTAssertEqual(reason, "expected JSON, got text/html; charset=utf-8")
        XCTAssertEqual(metadata.statusCode, 200)
        XCTAssertEqual(metadata.header("content-type"), "text/html; charset=utf-8")
        XCTAssertEqual(String(decoding: metadata.body, as: UTF8.self), "<html></html>")
        XCTAssertEqual(result.failure()?.statusCode, 200)
        XCTAssertEqual(result.failure()?.isRetryable, false)
    }

    func testResponsesOutside2xxAreNotChecked() async throws {
        let checked = AsyncCounter()
        let validator = ResponseValidatorInterceptor { _ in
            checked.increment()
            return .invalid(reason: "never")
        }
        for status in [301, 404, 500] {
            let server = server(status: status, contentType: "text/html", body: "")
            let result = await send(makeRequest(), through: [validator], transport: server.transport)
            XCTAssertEqual(try result.get().statusCode, status)
        }
        XCTAssertEqual(checked.value, 0)
    }

    func testThroughAPipelineAServerErrorStaysHTTPAndARejectionIsValidation() async throws {
        let server = ScriptedServer { request, _ in
            let status = request.url?.path == "/broken" ? 500 : 200
            return makeExchange(request, status: status, headers: ["Content-Type": "text/plain"])
        }
        let pipeline = Pipeline(
            builder: RequestBuilder(baseURL: "https://api.example.test"), interceptors: [expectJSON],
            transport: server.transport)
        let broken = await pipeline.send(HTTPRequest(method: .get, path: "/broken")).decoded { _ in () }
        guard case .http(let error)? = broken.failure() else { return XCTFail("expected .http") }
        XCTAssertEqual(error.statusCode, 500)
        let plain = await pipeline.send(HTTPRequest(method: .get, path: "/plain")).decoded { _ in () }
        guard case .validation? = plain.failure() else { return XCTFail("expected .validation") }
    }

    func testOutermostItChecksTheFinalResponseAfterRetries() async throws {
        let checked = AsyncCounter()
        let validator = ResponseValidatorInterceptor { _ in
            checked.increment()
            return .valid
        }
        let server = ScriptedServer { request, index in makeExchange(request, status: index < 2 ? 503 : 200) }
        let retry = RetryInterceptor(environment: .init(now: { Date() }, sleep: { _ in }, random: { 0 }))
        let result = await send(makeRequest(), through: [validator, retry], transport: server.transport)
        XCTAssertEqual(try result.get().statusCode, 200)
        XCTAssertEqual(server.count, 3)
        XCTAssertEqual(checked.value, 1)
    }
}
