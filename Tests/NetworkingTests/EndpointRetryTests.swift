import Foundation
import Networking
import NetworkingTesting
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Per-endpoint retries: the budget (`retryCount`, else the client's `maxRetries`), idempotence,
/// and authentication on replays.
final class EndpointRetryTests: XCTestCase {
    private struct Flaky: Endpoint {
        var method: HTTPMethod = .get
        var retryCount = -1
        var isIdempotent: Bool
        var requiresAuthentication = false

        init(method: HTTPMethod = .get, retryCount: Int = -1, requiresAuthentication: Bool = false) {
            self.method = method
            self.retryCount = retryCount
            self.isIdempotent = method.isIdempotent
            self.requiresAuthentication = requiresAuthentication
        }

        var baseURL: URL { URL(string: "https://api.example.com")! }
        var path: String { "/flaky" }
    }

    /// A token provider that counts how often it is asked.
    private actor CountingProvider: TokenProvider {
        private(set) var reads = 0
        func token() async throws -> Token? {
            reads += 1
            return Token(accessToken: "tok")
        }
        func setToken(_ token: Token) async throws {}
        func clear() async throws {}
    }

    private let url = "https://api.example.com/flaky"
    /// A retry policy that does not wait, with a large budget of its own (which endpoints ignore).
    private let instantRetry = RetryInterceptor(maxAttempts: 10, baseDelay: .zero, maxDelay: .zero)

    private func unavailable(_ method: HTTPMethod = .get, status: Int = 503) -> InMemoryTransport {
        let transport = InMemoryTransport()
        transport.stub(method, url, with: .text("busy", statusCode: status))
        return transport
    }

    private func client(
        _ transport: InMemoryTransport, interceptors: [any HTTPInterceptor]? = nil, maxRetries: Int
    ) -> HTTPClient {
        var logging = LogSettings()
        logging.level = .none
        return HTTPClient(
            configuration: .init(
                interceptors: interceptors ?? [instantRetry], maxRetries: maxRetries, logging: logging),
            transport: transport)
    }

    private func attempts(_ endpoint: Flaky, maxRetries: Int) async -> Int {
        let transport = unavailable(endpoint.method)
        let result: Result<EmptyResponse, NetworkingError> = await client(transport, maxRetries: maxRetries)
            .send(endpoint)
        XCTAssertEqual((try? unwrapFailure(result))?.statusCode, 503)
        return transport.requests.count
    }

    func testTheClientsMaxRetriesIsTheBudgetNotTheInterceptors() async {
        let count = await attempts(Flaky(), maxRetries: 2)
        XCTAssertEqual(count, 3)
        let none = await attempts(Flaky(), maxRetries: 0)
        XCTAssertEqual(none, 1, "the interceptor's own maxAttempts (10) does not apply to endpoints")
    }

    func testTheEndpointsRetryCountWins() async {
        let one = await attempts(Flaky(retryCount: 1), maxRetries: 5)
        XCTAssertEqual(one, 2)
        let zero = await attempts(Flaky(retryCount: 0), maxRetries: 5)
        XCTAssertEqual(zero, 1)
        let three = await attempts(Flaky(retryCount: 3), maxRetries: 0)
        XCTAssertEqual(three, 4)
    }

    func testAPostIsRetriedOnlyWhenTheEndpointOptsIn() async {
        let post = await attempts(Flaky(method: .post), maxRetries: 2)
        XCTAssertEqual(post, 1, "the client's maxRetries never repeats a POST")
        let counted = await attempts(Flaky(method: .post, retryCount: 2), maxRetries: 0)
        XCTAssertEqual(counted, 3, "an endpoint that sets retryCount has opted in, whatever its method")
        var optedIn = Flaky(method: .post)
        optedIn.isIdempotent = true
        let retried = await attempts(optedIn, maxRetries: 2)
        XCTAssertEqual(retried, 3)
        let put = await attempts(Flaky(method: .put), maxRetries: 1)
        XCTAssertEqual(put, 2)
    }

    func testAPostIsNotRetriedEvenByAPolicyThatRetriesPosts() async {
        let everything = RetryInterceptor(
            maxAttempts: 5, baseDelay: .zero, maxDelay: .zero, retryableMethods: [.get, .post])
        let transport = unavailable(.post)
        let _: Result<EmptyResponse, NetworkingError> = await client(
            transport, interceptors: [everything], maxRetries: 3
        ).send(Flaky(method: .post))
        XCTAssertEqual(transport.requests.count, 1)
    }

    func testFailuresThatAreNotTransientAreNotRetried() async {
        let transport = unavailable(status: 404)
        let _: Result<EmptyResponse, NetworkingError> = await client(transport, maxRetries: 3).send(Flaky())
        XCTAssertEqual(transport.requests.count, 1)
    }

    func testAClientWithoutARetryPolicyGetsTheDefaultOne() async {
        let transport = unavailable()
        let _: Result<EmptyResponse, NetworkingError> = await client(transport, interceptors: [], maxRetries: 0)
            .send(Flaky(retryCount: 1))
        XCTAssertEqual(transport.requests.count, 2)
        XCTAssertEqual(HTTPClient.defaultRetryInterceptor().baseDelay, .milliseconds(200))
    }

    func testARetriedRequestSucceedsWhenTheServerRecovers() async throws {
        let transport = InMemoryTransport()
        transport.stub(.get, url) { _ in FakeResponse(statusCode: 503) }
        transport.stub(where: { _ in transport.requests.count >= 3 }, with: jsonResponse(#"{"ok": true}"#))
        let response: JSONResponse = try await client(transport, maxRetries: 2).send(Flaky())
        XCTAssertEqual(response.body["ok"], true)
        XCTAssertEqual(transport.requests.count, 3)
    }

    func testRetriesNeverAuthenticateAnEndpointThatNeedsNoAuthentication() async {
        // Retry outermost, so authentication runs again on every attempt.
        let provider = CountingProvider()
        let interceptors: [any HTTPInterceptor] = [instantRetry, AuthTokenInterceptor(tokenProvider: provider)]
        let anonymous = unavailable()
        let _: Result<EmptyResponse, NetworkingError> = await client(
            anonymous, interceptors: interceptors, maxRetries: 2
        ).send(Flaky())
        XCTAssertEqual(anonymous.requests.count, 3)
        XCTAssertTrue(anonymous.requests.allSatisfy { $0.header("Authorization") == nil })
        let anonymousReads = await provider.reads
        XCTAssertEqual(anonymousReads, 0, "the token provider is never asked for an anonymous endpoint")

        let authenticated = unavailable()
        let _: Result<EmptyResponse, NetworkingError> = await client(
            authenticated, interceptors: interceptors, maxRetries: 2
        ).send(Flaky(requiresAuthentication: true))
        XCTAssertEqual(
            authenticated.requests.map { $0.header("Authorization") }, Array(repeating: "Bearer tok", count: 3))
        let reads = await provider.reads
        XCTAssertEqual(reads, 3)
    }

    func testInTheSeedsOrderRetriesDoNotRunAuthenticationAgain() async {
        let provider = CountingProvider()
        let transport = unavailable()
        let _: Result<EmptyResponse, NetworkingError> = await client(
            transport, interceptors: [AuthTokenInterceptor(tokenProvider: provider), instantRetry], maxRetries: 2
        ).send(Flaky(requiresAuthentication: true))
        XCTAssertEqual(transport.requests.count, 3)
        let reads = await provider.reads
        XCTAssertEqual(reads, 1)
    }

    func testOptionHeadersNeverReachTheTransport() async {
        let transport = unavailable()
        let _: Result<EmptyResponse, NetworkingError> = await client(transport, maxRetries: 1).send(Flaky())
        XCTAssertFalse(transport.requests.isEmpty)
        for request in transport.requests {
            let names = request.headers.map { $0.name.lowercased() }
            XCTAssertFalse(names.contains { $0.hasPrefix("x-networking") }, "\(names)")
        }
    }
}
