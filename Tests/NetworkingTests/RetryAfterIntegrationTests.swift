import Foundation
import Synchronization
import XCTest

@testable import Networking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `Retry-After` wherever a retry happens, against the fault server's `/busy` (503 with `Retry-After`
/// the first time, then 200 with the time since the previous request, measured by the server): the
/// retry policy and an endpoint's own `retryCount` never retry before the time the server named, and
/// fail at once with the server's answer when it names a time beyond the client's cap. Idempotency
/// keys are recorded by the server on every attempt.
final class RetryAfterIntegrationTests: FaultServerTestCase {
    /// What `/busy` answers once it has stopped failing.
    private struct Busy: Decodable, Sendable {
        let ok: Bool
        let count: Int
        /// Seconds between the previous request and this one, measured by the server.
        let waited: Double?
    }

    /// A retry policy whose backoff is 10 ms, so that any longer wait is the server's.
    private func retry(maxDelay: Duration, idempotencyKeys: Bool = false) -> RetryInterceptor {
        RetryInterceptor(
            maxAttempts: 3, baseDelay: .milliseconds(10), maxDelay: maxDelay, idempotencyKeys: idempotencyKeys)
    }

    private func networking(_ interceptors: [any HTTPInterceptor], observer: AttemptsSeen? = nil) async throws
        -> Networking
    {
        let networking = Networking(baseURL: try XCTUnwrap(server).baseURL, transport: TestTransport.make())
        await networking.setLogsToStandardError(false)
        await networking.setInterceptors(interceptors)
        if let observer { await networking.addObserver(observer) }
        return networking
    }

    // MARK: The retry policy

    func testTheRetryWaitsAsLongAsTheServerAsked() async throws {
        let observer = AttemptsSeen()
        let networking = try await networking([retry(maxDelay: .seconds(2))], observer: observer)
        let result: Result<Busy, NetworkingError> = await networking.get(
            "/busy?fail=1&retry_after=1&id=\(UUID().uuidString)")
        let busy = try result.get()
        XCTAssertEqual(busy.count, 2)
        XCTAssertGreaterThanOrEqual(try XCTUnwrap(busy.waited), 1.0, "the server saw the retry a second later")
        XCTAssertEqual(observer.attempts.map(\.reason), [.first, .retry(after: .response(statusCode: 503))])
        XCTAssertEqual(observer.attempts.map(\.delay), [.zero, .seconds(1)])
    }

    func testAWaitBeyondTheCapFailsAtOnceWithTheServersAnswer() async throws {
        let server = try XCTUnwrap(server)
        let id = UUID().uuidString
        let networking = try await networking([retry(maxDelay: .milliseconds(500))])
        let started = ContinuousClock.now
        let result: Result<Busy, NetworkingError> = await networking.get("/busy?fail=1&retry_after=2&id=\(id)")
        let elapsed = ContinuousClock.now - started

        let error = try XCTUnwrap(result.failed)
        guard case .http(let httpError) = error else { return XCTFail("\(error)") }
        XCTAssertEqual(httpError.statusCode, 503)
        XCTAssertEqual(httpError.retryAfter, .seconds(2))
        XCTAssertLessThan(elapsed, .seconds(1), "no wait")
        let sent = try await server.count(id)
        XCTAssertEqual(sent, 1, "no retry before the time the server named")
    }

    func testAMalformedRetryAfterIsIgnored() async throws {
        let server = try XCTUnwrap(server)
        for value in ["-5", "soon", "Fri,%2031%20Dec%209999%2023:59:59%20GMT", "99999999999999999999"] {
            let id = UUID().uuidString
            let networking = try await networking([retry(maxDelay: .milliseconds(500))])
            let result: Result<Busy, NetworkingError> = await networking.get(
                "/busy?fail=1&retry_after=\(value)&id=\(id)")
            XCTAssertEqual(try result.get().count, 2, "retried after the backoff: \(value)")
            let waited = try XCTUnwrap(try result.get().waited)
            XCTAssertLessThan(waited, 0.5, value)
            let sent = try await server.count(id)
            XCTAssertEqual(sent, 2, value)
        }
    }

    // MARK: An endpoint's own retries

    private struct BusyEndpoint: Endpoint {
        var baseURL: URL
        var path: String
        var method: HTTPMethod = .get
        var retryCount = 2
        var requiresAuthentication = false
        var task: HTTPTask = .none
    }

    private func client(_ interceptors: [any HTTPInterceptor] = []) -> HTTPClient {
        HTTPClient(configuration: .init(interceptors: interceptors), transport: TestTransport.make())
    }

    func testAnEndpointsRetryWaitsAsLongAsTheServerAsked() async throws {
        let server = try XCTUnwrap(server)
        let endpoint = BusyEndpoint(
            baseURL: try XCTUnwrap(URL(string: server.baseURL)),
            path: "/busy?fail=1&retry_after=1&id=\(UUID().uuidString)")
        let busy: Busy = try await client().send(endpoint)
        XCTAssertEqual(busy.count, 2)
        XCTAssertGreaterThanOrEqual(try XCTUnwrap(busy.waited), 1.0)
    }

    func testAnEndpointsRetryBeyondTheCapFailsAtOnce() async throws {
        let server = try XCTUnwrap(server)
        let id = UUID().uuidString
        let endpoint = BusyEndpoint(
            baseURL: try XCTUnwrap(URL(string: server.baseURL)), path: "/busy?fail=1&retry_after=3600&id=\(id)")
        do {
            let _: Busy = try await client([retry(maxDelay: .seconds(30))]).send(endpoint)
            XCTFail("expected the server's 503")
        } catch {
            XCTAssertEqual(error.statusCode, 503)
            guard case .http(let httpError) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(httpError.retryAfter, .seconds(3600))
        }
        let sent = try await server.count(id)
        XCTAssertEqual(sent, 1)
    }

    // MARK: Idempotency keys

    func testARetriedPostCarriesOneKeyOnEveryAttempt() async throws {
        let server = try XCTUnwrap(server)
        let id = UUID().uuidString
        let networking = try await networking([retry(maxDelay: .seconds(2), idempotencyKeys: true)])
        let result: Result<Busy, NetworkingError> = await networking.post(
            "/busy?fail=2&retry_after=0&id=\(id)", body: ["order": 42])
        XCTAssertEqual(try result.get().count, 3)
        let keys = try await server.recorded(id).map { $0.value("Idempotency-Key") }
        XCTAssertEqual(keys.count, 3)
        let key = try XCTUnwrap(keys.first ?? nil)
        XCTAssertEqual(Set(keys), [key], "the same key on every attempt")
    }

    func testAnEndpointsPostCarriesOneKeyAcrossItsOwnRetries() async throws {
        let server = try XCTUnwrap(server)
        let id = UUID().uuidString
        var endpoint = BusyEndpoint(
            baseURL: try XCTUnwrap(URL(string: server.baseURL)), path: "/busy?fail=2&retry_after=0&id=\(id)")
        endpoint.method = .post
        endpoint.task = .encodableBody(["order": 42])
        let busy: Busy = try await client([retry(maxDelay: .seconds(2), idempotencyKeys: true)]).send(endpoint)
        XCTAssertEqual(busy.count, 3)
        let keys = try await server.recorded(id).map { $0.value("Idempotency-Key") }
        XCTAssertEqual(keys.count, 3)
        XCTAssertNotNil(keys.first ?? nil)
        XCTAssertEqual(Set(keys).count, 1, "the same key on every attempt: \(keys)")
    }

    // MARK: A token refresh's replay

    /// A refresh that returns a new credential at once, so that any wait before the replay is the
    /// server's.
    private var refreshAtOnce: AuthRefreshInterceptor { AuthRefreshInterceptor(refresh: { "Bearer fresh" }) }

    func testTheReplayAfterARefreshWaitsAsLongAsTheServerAsked() async throws {
        let networking = try await networking([refreshAtOnce])
        let result: Result<Busy, NetworkingError> = await networking.get(
            "/busy?fail=1&code=401&retry_after=1&id=\(UUID().uuidString)")
        let busy = try result.get()
        XCTAssertEqual(busy.count, 2)
        XCTAssertGreaterThanOrEqual(try XCTUnwrap(busy.waited), 1.0, "the server saw the replay a second later")
    }

    func testARefusalAskingForALongPauseIsTheResultAndRefreshesNothing() async throws {
        let server = try XCTUnwrap(server)
        let id = UUID().uuidString
        let refreshes = Mutex(0)
        let interceptor = AuthRefreshInterceptor(refresh: {
            refreshes.withLock { $0 += 1 }
            return "Bearer fresh"
        })
        let networking = try await networking([interceptor])
        let started = ContinuousClock.now
        let result: Result<Busy, NetworkingError> = await networking.get(
            "/busy?fail=1&code=401&retry_after=120&id=\(id)")
        XCTAssertLessThan(ContinuousClock.now - started, .seconds(5), "no wait")
        XCTAssertEqual(result.failed?.statusCode, 401)
        XCTAssertEqual(refreshes.withLock { $0 }, 0)
        let sent = try await server.count(id)
        XCTAssertEqual(sent, 1, "no replay before the time the server named")
    }

}

/// The attempts observers are told about.
final class AttemptsSeen: RequestObserver {
    private let seen = Mutex<[RequestAttempt]>([])

    func requestStarted(_ context: RequestContext) {}
    func requestAttemptEnded(_ attempt: RequestAttempt, context: RequestContext) {
        seen.withLock { $0.append(attempt) }
    }
    func requestCompleted(_ completion: RequestCompletion) {}

    var attempts: [RequestAttempt] { seen.withLock { $0 } }
}

extension Result {
    /// The failure, if there is one.
    fileprivate var failed: Failure? {
        guard case .failure(let error) = self else { return nil }
        return error
    }
}
