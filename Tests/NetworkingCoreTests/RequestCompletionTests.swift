import Foundation
import NetworkingCore
import Synchronization
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What an observer reads of a completed request's response: the final response of a success,
/// the response a failure carries, nothing when no response came, and the same each time asked.
final class RequestCompletionTests: XCTestCase {
    func testASuccessShowsTheFinalResponse() async throws {
        let completion = try await complete(status: 200, body: #"{"ok":true}"#)
        let response = try XCTUnwrap(completion.response)
        XCTAssertEqual(response.statusCode, 200)
        XCTAssertEqual(response.header("x-trace"), "abc")
        XCTAssertEqual(String(decoding: response.body, as: UTF8.self), #"{"ok":true}"#)
        XCTAssertEqual(response.url?.path, "/me")
        guard case .success(200, 11) = completion.outcome else {
            return XCTFail("expected a success of 11 bytes, got \(completion.outcome)")
        }
    }

    func testAFailedStatusShowsTheResponseItFailedWith() async throws {
        let completion = try await complete(status: 404, body: "missing")
        XCTAssertEqual(completion.outcome.error?.statusCode, 404)
        let response = try XCTUnwrap(completion.response)
        XCTAssertEqual(response.statusCode, 404)
        XCTAssertEqual(String(decoding: response.body, as: UTF8.self), "missing")
        XCTAssertEqual(response.header("X-Trace"), "abc")
    }

    func testAFailureWithoutAResponseShowsNone() async throws {
        let observer = CompletionRecorder()
        let transport = ClosureTransport { (_: TransportRequest) throws(NetworkingError) -> TransportResponse in
            throw .transport(URLError(.timedOut))
        }
        let pipeline = Pipeline(
            builder: RequestBuilder(baseURL: "https://api.example.test"), transport: transport, observers: [observer])
        _ = await pipeline.send(HTTPRequest(method: .get, path: "/me")).decoded { _ in () }
        let completion = try XCTUnwrap(observer.completions.first)
        XCTAssertNil(completion.response)
        XCTAssertTrue(completion.outcome.error?.isTimeout ?? false)
    }

    func testReadingTheResponseTwiceGivesTheSameResponse() async throws {
        let completion = try await complete(status: 201, body: "made")
        let first = try XCTUnwrap(completion.response)
        let second = try XCTUnwrap(completion.response)
        XCTAssertEqual(first.statusCode, second.statusCode)
        XCTAssertEqual(first.body, second.body)
        XCTAssertEqual(first.headers, second.headers)
    }

    func testAMadeCompletionShowsTheMetadataItWasMadeWith() {
        let metadata = ResponseMetadata(statusCode: 503, headers: ["Retry-After": "5"], body: Data("busy".utf8))
        let context = RequestContext(method: .get, url: URL(string: "https://api.example.test/me"), headers: [:])
        let completion = RequestCompletion(
            context: context, outcome: .failure(.transport(URLError(.badServerResponse))), duration: .zero,
            metrics: nil, response: metadata)
        XCTAssertEqual(completion.response?.statusCode, 503)
        XCTAssertEqual(completion.response?.header("retry-after"), "5")
    }

    /// Sends `GET /me` answered with `status`, `body` and an `X-Trace` header, and returns the
    /// completion an observer was told of.
    private func complete(status: Int, body: String) async throws -> RequestCompletion {
        let observer = CompletionRecorder()
        let transport = ClosureTransport(exchange: { request in
            HTTPExchange(
                request: request,
                response: HTTPURLResponse(
                    url: request.url!, statusCode: status, httpVersion: nil, headerFields: ["X-Trace": "abc"])!,
                body: Data(body.utf8))
        })
        let pipeline = Pipeline(
            builder: RequestBuilder(baseURL: "https://api.example.test"), transport: transport, observers: [observer])
        _ = await pipeline.send(HTTPRequest(method: .get, path: "/me")).decoded { _ in () }
        XCTAssertEqual(observer.completions.count, 1)
        return try XCTUnwrap(observer.completions.first)
    }
}

/// Keeps every completion it is told of.
private final class CompletionRecorder: RequestObserver {
    private let recorded = Mutex<[RequestCompletion]>([])
    var completions: [RequestCompletion] { recorded.withLock { $0 } }
    func requestStarted(_ context: RequestContext) {}
    func requestCompleted(_ completion: RequestCompletion) { recorded.withLock { $0.append(completion) } }
}
