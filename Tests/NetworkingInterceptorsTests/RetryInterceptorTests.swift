import Foundation
import Synchronization
import XCTest

@testable import NetworkingInterceptors

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

final class RetryInterceptorTests: XCTestCase {
    private let sleeper = FakeSleeper()
    private let now = Date(timeIntervalSince1970: 1_781_000_000)

    private func environment(random: Double = 1) -> RetryInterceptor.Environment {
        let sleeper = sleeper
        let now = now
        return RetryInterceptor.Environment(now: { now }, sleep: { try await sleeper.sleep($0) }, random: { random })
    }

    private func retry(
        maxAttempts: Int = 3, baseDelay: Duration = .milliseconds(500), maxDelay: Duration = .seconds(30),
        methods: Set<HTTPMethod> = HTTPMethod.idempotentMethods, random: Double = 1
    ) -> RetryInterceptor {
        RetryInterceptor(
            maxAttempts: maxAttempts, baseDelay: baseDelay, maxDelay: maxDelay, retryableMethods: methods,
            environment: environment(random: random))
    }

    /// A server answering with `statuses` in turn (the last one repeated).
    private func server(_ statuses: [Int], headers: [String: String] = [:]) -> ScriptedServer {
        ScriptedServer { request, index in
            makeExchange(request, status: statuses[min(index, statuses.count - 1)], headers: headers)
        }
    }

    func testATransientStatusIsRetriedUntilItSucceeds() async throws {
        let server = server([503, 502, 200])
        let result = await send(makeRequest(), through: [retry()], transport: server.transport)
        XCTAssertEqual(try result.get().statusCode, 200)
        XCTAssertEqual(server.count, 3)
        XCTAssertEqual(sleeper.sleeps, [.milliseconds(500), .seconds(1)])
    }

    func testWhenAttemptsRunOutTheLastResponseIsTheResult() async throws {
        let server = server([503])
        let result = await send(makeRequest(), through: [retry(maxAttempts: 4)], transport: server.transport)
        XCTAssertEqual(try result.get().statusCode, 503)
        XCTAssertEqual(server.count, 4)
        XCTAssertEqual(sleeper.sleeps.count, 3)
    }

    func testFinalStatusesAreNotRetried() async throws {
        for status in [200, 400, 401, 404, 501] {
            let server = server([status])
            _ = await send(makeRequest(), through: [retry()], transport: server.transport)
            XCTAssertEqual(server.count, 1, "status \(status)")
        }
    }

    func testEveryDefaultRetryableStatusIsRetried() async throws {
        for status in [408, 429, 500, 502, 503, 504] {
            let server = server([status, 200])
            _ = await send(makeRequest(), through: [retry()], transport: server.transport)
            XCTAssertEqual(server.count, 2, "status \(status)")
        }
    }

    func testPostIsNotRetriedUnlessOptedIn() async throws {
        let body = Data("{}".utf8)
        let plain = server([503])
        _ = await send(makeRequest("POST", body: body), through: [retry()], transport: plain.transport)
        XCTAssertEqual(plain.count, 1)

        let optedIn = server([503])
        let methods: Set<HTTPMethod> = ["GET", "HEAD", "PUT", "DELETE", "POST"]
        _ = await send(
            makeRequest("POST", body: body), through: [retry(methods: methods)], transport: optedIn.transport)
        XCTAssertEqual(optedIn.count, 3)
        XCTAssertEqual(optedIn.requests.map(\.httpBody), [body, body, body])
    }

    func testEveryIdempotentMethodIsRetriedByDefault() async throws {
        for method in ["GET", "HEAD", "PUT", "DELETE", "OPTIONS", "TRACE"] {
            let server = server([503, 200])
            _ = await send(makeRequest(method), through: [retry()], transport: server.transport)
            XCTAssertEqual(server.count, 2, method)
        }
        let patch = server([503, 200])
        _ = await send(makeRequest("PATCH"), through: [retry()], transport: patch.transport)
        XCTAssertEqual(patch.count, 1)
    }

    func testABodyThatCannotBeReplayedIsNeverRetried() async throws {
        let server = server([503])
        var request = makeRequest("PUT")
        request.httpBodyStream = InputStream(data: Data("once".utf8))
        _ = await send(request, through: [retry()], transport: server.transport)
        XCTAssertEqual(server.count, 1)
    }

    func testTransientTransportFailuresAreRetriedAndOthersAreNot() async throws {
        for code in NetworkingError.retryableURLErrorCodes {
            let server = ScriptedServer { (request, index) throws(NetworkingError) in
                if index == 0 { throw .transport(URLError(code)) }
                return makeExchange(request, status: 200)
            }
            let result = await send(makeRequest(), through: [retry()], transport: server.transport)
            XCTAssertEqual(try result.get().statusCode, 200, "\(code)")
            XCTAssertEqual(server.count, 2)
        }
        for code: URLError.Code in [.badURL, .secureConnectionFailed, .serverCertificateUntrusted, .unsupportedURL] {
            let server = ScriptedServer { (_, _) throws(NetworkingError) -> HTTPExchange in
                throw .transport(URLError(code))
            }
            let result = await send(makeRequest(), through: [retry()], transport: server.transport)
            guard case .transport(let error)? = result.failure() else { return XCTFail("expected .transport") }
            XCTAssertEqual(error.code, code)
            XCTAssertEqual(server.count, 1, "\(code)")
        }
    }

    func testAnHTTPErrorThrownByAnInnerInterceptorIsRetriedLikeAResponse() async throws {
        let failures = AsyncCounter()
        let flaky = ClosureInterceptor { request, next in
            if failures.increment() == 1 {
                let response = makeExchange(request, status: 503)
                throw NetworkingError.http(HTTPError(metadata: response.metadata))
            }
            return try await next(request)
        }
        let server = server([200])
        let result = await send(makeRequest(), through: [retry(), flaky], transport: server.transport)
        XCTAssertEqual(try result.get().statusCode, 200)
        XCTAssertEqual(failures.value, 2)
    }

    func testBackoffIsExponentialWithFullJitterAndCapped() {
        let full = retry(baseDelay: .seconds(1), maxDelay: .seconds(5), random: 1)
        XCTAssertEqual(
            (1...5).map { full.backoff(beforeRetry: $0) },
            [.seconds(1), .seconds(2), .seconds(4), .seconds(5), .seconds(5)])
        let half = retry(baseDelay: .seconds(1), maxDelay: .seconds(5), random: 0.5)
        XCTAssertEqual(
            (1...4).map { half.backoff(beforeRetry: $0) },
            [.milliseconds(500), .seconds(1), .seconds(2), .milliseconds(2500)])
        let none = retry(baseDelay: .seconds(1), random: 0)
        XCTAssertEqual(none.backoff(beforeRetry: 3), .zero)
        XCTAssertEqual(full.backoff(beforeRetry: 10_000), .seconds(5), "huge retry numbers saturate at the cap")
    }

    func testTheLiveJitterStaysWithinItsBound() {
        let live = RetryInterceptor(baseDelay: .seconds(1), maxDelay: .seconds(30))
        for retry in 1...6 {
            let ceiling = Duration.seconds(min(30, 1 << (retry - 1)))
            for _ in 0..<50 {
                let delay = live.backoff(beforeRetry: retry)
                XCTAssertTrue(delay >= .zero && delay <= ceiling, "\(delay) for retry \(retry)")
            }
        }
    }

    func testRetryAfterInSecondsReplacesTheBackoff() async throws {
        let server = server([503, 200], headers: ["Retry-After": "7"])
        _ = await send(makeRequest(), through: [retry(random: 0)], transport: server.transport)
        XCTAssertEqual(sleeper.sleeps, [.seconds(7)])
    }

    func testRetryAfterAsAnHTTPDateIsMeasuredFromNow() async throws {
        // now is 2026-06-09T10:13:20Z; the server asks for 2026-06-09T10:13:45Z.
        let server = server([429, 200], headers: ["Retry-After": "Tue, 09 Jun 2026 10:13:45 GMT"])
        _ = await send(makeRequest(), through: [retry(random: 0)], transport: server.transport)
        XCTAssertEqual(sleeper.sleeps, [.seconds(25)])
    }

    func testARetryAfterBeyondMaxDelayEndsTheRetriesWithTheServersAnswer() async throws {
        let server = server([503, 200], headers: ["Retry-After": "3600"])
        let result = await send(makeRequest(), through: [retry(maxDelay: .seconds(30))], transport: server.transport)
        XCTAssertEqual(try result.get().statusCode, 503, "the server's answer, at once")
        XCTAssertEqual(server.count, 1, "no retry before the time the server named")
        XCTAssertEqual(sleeper.sleeps, [])
    }

    func testAnUnreadableRetryAfterFallsBackToTheBackoff() async throws {
        let server = server([503, 200], headers: ["Retry-After": "soon"])
        _ = await send(makeRequest(), through: [retry(random: 1)], transport: server.transport)
        XCTAssertEqual(sleeper.sleeps, [.milliseconds(500)])
    }

    func testRetryAfterParsing() {
        XCTAssertEqual(RetryAfter.delay("120", now: now), .seconds(120))
        XCTAssertEqual(RetryAfter.delay(" 0 ", now: now), .zero)
        XCTAssertNil(RetryAfter.delay("99999999999999999999999", now: now), "more digits than any real wait")
        XCTAssertEqual(RetryAfter.delay("31622400", now: now), .seconds(31_622_400), "a year is the longest")
        XCTAssertNil(RetryAfter.delay("31622401", now: now), "beyond a year")
        XCTAssertNil(RetryAfter.delay("Fri, 31 Dec 9999 23:59:59 GMT", now: now), "a date centuries away")
        XCTAssertNil(RetryAfter.delay("Tue, 32 Jun 2026 10:13:21 GMT", now: now), "no such day")
        XCTAssertEqual(RetryAfter.delay("Tue, 09 Jun 2026 10:13:21 GMT", now: now), .seconds(1))
        XCTAssertEqual(RetryAfter.delay("Tuesday, 09-Jun-26 10:13:30 GMT", now: now), .seconds(10), "RFC 850")
        XCTAssertEqual(RetryAfter.delay("Tue Jun  9 10:13:40 2026", now: now), .seconds(20), "asctime")
        XCTAssertEqual(RetryAfter.delay("Mon, 01 Jan 2001 00:00:00 GMT", now: now), .zero, "a date in the past")
        XCTAssertNil(RetryAfter.delay("-5", now: now))
        XCTAssertNil(RetryAfter.delay("1.5", now: now))
        XCTAssertNil(RetryAfter.delay("", now: now))
        XCTAssertNil(RetryAfter.delay("tomorrow", now: now))
    }

    func testARequestCanCarryItsOwnAttemptBudget() async throws {
        let server5 = server([503])
        _ = await send(
            makeRequest(), options: RequestOptions(maxAttempts: 5), through: [retry(maxAttempts: 2)],
            transport: server5.transport)
        XCTAssertEqual(server5.count, 5)
        XCTAssertEqual(server5.requests[0].allHTTPHeaderFields, makeRequest().allHTTPHeaderFields)

        let server1 = server([503])
        _ = await send(
            makeRequest(), options: RequestOptions(maxAttempts: 1), through: [retry()], transport: server1.transport)
        XCTAssertEqual(server1.count, 1)
    }

    func testCancellationDuringTheBackoffEndsTheRequestAtOnce() async throws {
        let server = server([503])
        // The live clock, and a backoff of an hour: only cancellation can end this wait.
        let interceptor = RetryInterceptor(
            baseDelay: .seconds(3600), maxDelay: .seconds(3600),
            environment: .init(
                now: { Date() }, sleep: { try await Task.sleep(for: $0) }, random: { 1 }))
        let task = Task { await send(makeRequest(), through: [interceptor], transport: server.transport) }
        await server.waitForRequests(1)
        task.cancel()
        guard case .cancelled? = await task.value.failure() else { return XCTFail("expected .cancelled") }
        XCTAssertEqual(server.count, 1)
    }

    func testCancellationIsNeverRetried() async throws {
        let server = ScriptedServer { (_, _) throws(NetworkingError) -> HTTPExchange in throw .cancelled }
        let result = await send(makeRequest(), through: [retry()], transport: server.transport)
        guard case .cancelled? = result.failure() else { return XCTFail("expected .cancelled") }
        XCTAssertEqual(server.count, 1)
    }

    func testTheDefaults() {
        let policy = RetryInterceptor()
        XCTAssertEqual(policy.maxAttempts, 3)
        XCTAssertEqual(policy.baseDelay, .milliseconds(500))
        XCTAssertEqual(policy.maxDelay, .seconds(30))
        XCTAssertEqual(policy.retryableStatusCodes, [408, 429, 500, 502, 503, 504])
        XCTAssertEqual(policy.retryableMethods, ["GET", "HEAD", "PUT", "DELETE", "OPTIONS", "TRACE"])
        XCTAssertEqual(RetryInterceptor(delay: 0.25).baseDelay, .milliseconds(250))
        XCTAssertEqual(RetryInterceptor(maxAttempts: 0).maxAttempts, 1)
    }
}
