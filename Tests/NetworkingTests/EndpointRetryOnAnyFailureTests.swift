import Foundation
import NetworkingTesting
import Synchronization
import XCTest

@testable import Networking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An endpoint that sets its own `retryCount` ("Retry Handling"): the whole request is sent again
/// after any failure (network, status, decoding, a hook that threw), whatever the method, waiting at
/// least 0.2 s, 0.4 s, 0.8 s… before the retries.
final class EndpointRetryOnAnyFailureTests: XCTestCase {
    private struct Call: Endpoint {
        var baseURL = URL(string: "https://api.example.com")!
        var path = "/call"
        var method: HTTPMethod = .get
        var retryCount = 0
        var requiresAuthentication = false
        var task: HTTPTask = .none
    }

    /// Notes when each attempt passes (interceptors run once per attempt).
    private final class Attempts: HTTPInterceptor {
        private let instants = Mutex<[ContinuousClock.Instant]>([])
        var count: Int { instants.withLock { $0.count } }
        /// The time between each attempt and the next, in seconds.
        var gaps: [Double] {
            let all = instants.withLock { $0 }
            return zip(all, all.dropFirst()).map { pair in
                let components = (pair.1 - pair.0).components
                return Double(components.seconds) + Double(components.attoseconds) / 1e18
            }
        }

        func intercept(
            _ request: URLRequest, next: @Sendable (URLRequest) async throws -> HTTPExchange
        ) async throws -> HTTPExchange {
            instants.withLock { $0.append(.now) }
            return try await next(request)
        }
    }

    /// An endpoint-style interceptor whose `authenticate()` throws the first time it is asked.
    private final class FlakyAuthentication: Interceptor {
        private let calls = Mutex(0)
        var authentications: Int { calls.withLock { $0 } }
        func authenticate() async throws -> Bool {
            let call = calls.withLock { calls in
                calls += 1
                return calls
            }
            if call == 1 { throw URLError(.cannotConnectToHost) }
            return true
        }
    }

    private let url = "https://api.example.com/call"

    private func client(_ transport: (any HTTPTransport)?, _ attempts: Attempts) -> HTTPClient {
        var logging = LogSettings()
        logging.level = .none
        return HTTPClient(configuration: .init(interceptors: [attempts], logging: logging), transport: transport)
    }

    func testAPostWhoseEndpointSetsRetryCountIsSentAgain() async throws {
        try await HTTPBin.requireServer()
        let attempts = Attempts()
        let endpoint = Call(
            baseURL: URL(string: HTTPBin.baseURL)!, path: "/status/503", method: .post, retryCount: 1,
            task: .rawBody(["name": "Ada"]))
        let result: Result<EmptyResponse, NetworkingError> = await client(nil, attempts)
            .send(endpoint)
        XCTAssertEqual(try unwrapFailure(result).statusCode, 503)
        XCTAssertEqual(attempts.count, 2, "retryCount 1: the first attempt and one retry")
    }

    func testAResponseThatDoesNotDecodeIsRetried() async throws {
        let transport = InMemoryTransport()
        transport.stub(.get, url, with: .text("not JSON"))
        let attempts = Attempts()
        let result: Result<User, NetworkingError> = await client(transport, attempts).send(Call(retryCount: 2))
        guard case .decoding = try unwrapFailure(result) else { return XCTFail("expected .decoding, got \(result)") }
        XCTAssertEqual(transport.requests.count, 3)
    }

    func testAStatusOutside2xxIsRetried() async throws {
        let transport = InMemoryTransport()
        transport.stub(.get, url, with: .text("missing", statusCode: 404))
        let attempts = Attempts()
        let result: Result<EmptyResponse, NetworkingError> = await client(transport, attempts).send(Call(retryCount: 1))
        XCTAssertEqual(try unwrapFailure(result).statusCode, 404)
        XCTAssertEqual(transport.requests.count, 2)
    }

    func testAnAuthenticateThatThrowsOnceIsRetried() async throws {
        let transport = InMemoryTransport()
        transport.stub(.get, url, with: jsonResponse(#"{"id": "1", "name": "Ada"}"#))
        let interceptor = FlakyAuthentication()
        let controller = NetworkingController(interceptor: interceptor, transport: transport)
        let user: User = try await controller.request(Call(retryCount: 1, requiresAuthentication: true))
        XCTAssertEqual(user.name, "Ada")
        XCTAssertEqual(interceptor.authentications, 2)
        XCTAssertEqual(transport.requests.count, 1, "the first attempt failed before anything was sent")
    }

    func testTheWaitsStartAtAFifthOfASecondAndDouble() async throws {
        let transport = InMemoryTransport()
        transport.stub(.get, url, with: .text("busy", statusCode: 503))
        let attempts = Attempts()
        let _: Result<EmptyResponse, NetworkingError> = await client(transport, attempts).send(Call(retryCount: 3))
        XCTAssertEqual(attempts.count, 4)
        let gaps = attempts.gaps
        XCTAssertEqual(gaps.count, 3)
        for (gap, floor) in zip(gaps, [0.2, 0.4, 0.8]) {
            XCTAssertGreaterThanOrEqual(gap, floor, "waits \(gaps)")
        }
    }

    func testTheWaitsJitterOnlyUpwards() {
        for retry in 1...5 {
            let floor = HTTPClient.endpointRetryBaseDelay * (1 << (retry - 1))
            XCTAssertEqual(HTTPClient.endpointRetryDelay(beforeRetry: retry, random: 0), floor)
            XCTAssertGreaterThan(HTTPClient.endpointRetryDelay(beforeRetry: retry, random: 1), floor)
        }
    }

    func testAOneShotBodyIsNeverSentTwice() async throws {
        let transport = InMemoryTransport()
        transport.stub(.put, url, with: .text("busy", statusCode: 503))
        let attempts = Attempts()
        let chunks = AsyncStream<Data> { continuation in
            continuation.yield(Data("once".utf8))
            continuation.finish()
        }
        let body = HTTPBody(chunks, length: nil, iterationBehavior: .single)
        let endpoint = Call(
            method: .put, retryCount: 2, task: .requestBody(.stream(body, contentType: "text/plain")))
        let result: Result<EmptyResponse, NetworkingError> = await client(transport, attempts).send(endpoint)
        XCTAssertEqual(try unwrapFailure(result).statusCode, 503, "the failure of the one attempt, as it is")
        XCTAssertEqual(attempts.count, 1)
        XCTAssertEqual(transport.requests.first?.body, Data("once".utf8))
    }

    func testCancellingDuringAWaitEndsTheRequestAtOnce() async throws {
        let transport = InMemoryTransport()
        transport.stub(.get, url, with: .text("busy", statusCode: 503))
        let attempts = Attempts()
        let client = client(transport, attempts)
        let task = Task { () -> Result<EmptyResponse, NetworkingError> in await client.send(Call(retryCount: 5)) }
        while transport.requests.isEmpty { try await Task.sleep(for: .milliseconds(5)) }
        client.cancelAllRequests()
        let result = await task.value
        guard case .cancelled = try unwrapFailure(result) else { return XCTFail("expected .cancelled, got \(result)") }
        XCTAssertEqual(attempts.count, 1)
    }

    func testTheClientsMaxRetriesStillRetriesTransientFailuresOnly() async {
        let transport = InMemoryTransport()
        transport.stub(.get, url, with: .text("missing", statusCode: 404))
        var logging = LogSettings()
        logging.level = .none
        let client = HTTPClient(configuration: .init(maxRetries: 3, logging: logging), transport: transport)
        let _: Result<EmptyResponse, NetworkingError> = await client.send(Call(retryCount: -1))
        XCTAssertEqual(transport.requests.count, 1)
    }
}
