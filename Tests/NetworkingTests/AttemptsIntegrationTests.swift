import Foundation
import Synchronization
import XCTest

@testable import Networking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A request's attempts (`RequestAttempt`) as every observer sees them: each attempt reported to
/// observers as it ends, the attempts in the completion, in the `.completed` event's metrics and in
/// the log, with why each was made and the wait before it. Retries run against the fault server's
/// `/flaky` (503 twice, then 200), token refreshes against httpbin's `/bearer`.
final class AttemptsIntegrationTests: FaultServerTestCase {
    /// A retry policy with short, predictable waits: 10 ms, then 20 ms.
    private func retry(maxAttempts: Int = 3) -> RetryInterceptor {
        RetryInterceptor(
            maxAttempts: maxAttempts, baseDelay: .milliseconds(10), maxDelay: .seconds(1),
            environment: .init(now: { Date() }, sleep: { try await Task.sleep(for: $0) }, random: { 1 }))
    }

    /// A client of `base` that reports to `observer`, logs every request to `sink` and streams
    /// its events.
    private func client(
        _ base: String, observer: AttemptObserver, sink: CapturingLogSink, level: NetworkingLogger.Level = .all
    ) async -> (Networking, AsyncStream<NetworkingEvent>) {
        let networking = Networking(baseURL: base, transport: TestTransport.make())
        await networking.setLogsToStandardError(false)
        await networking.setLogLevel(level)
        await networking.setLogSinks([sink])
        await networking.addObserver(observer)
        return (networking, await networking.events())
    }

    func testARequestRetriedTwiceShowsThreeAttemptsEverywhere() async throws {
        let server = try XCTUnwrap(server)
        let observer = AttemptObserver()
        let sink = CapturingLogSink()
        let (networking, events) = await client(server.baseURL, observer: observer, sink: sink)
        await networking.setInterceptors([retry()])

        let result: Result<Void, NetworkingError> = await networking.get("/flaky?fail=2&id=\(UUID().uuidString)")
        try result.get()

        let attempts = observer.attempts
        XCTAssertEqual(attempts.map(\.number), [1, 2, 3])
        XCTAssertEqual(
            attempts.map(\.reason),
            [.first, .retry(after: .response(statusCode: 503)), .retry(after: .response(statusCode: 503))])
        XCTAssertEqual(attempts.map(\.delay), [.zero, .milliseconds(10), .milliseconds(20)])
        XCTAssertEqual(attempts.map(\.outcome.statusCode), [503, 503, 200])
        XCTAssertTrue(attempts.allSatisfy { $0.metrics != nil }, "each attempt has its own metrics")

        let completion = try XCTUnwrap(observer.completions.first)
        XCTAssertEqual(completion.attemptCount, 3)
        XCTAssertEqual(completion.attempts, attempts)
        XCTAssertEqual(completion.metrics?.attempts, attempts)

        let completed = try await Self.completedEvent(in: events)
        XCTAssertEqual(completed.attempts, attempts)
        XCTAssertEqual(completed.context.id, completion.context.id)

        let log = sink.text
        XCTAssertTrue(log.contains("  ↻ attempt 1 (first) → 503 in "), log)
        XCTAssertTrue(log.contains("  ↻ attempt 2 (retry after 503, waited 0.010s) → 503 in "), log)
        XCTAssertTrue(log.contains("  ↻ attempt 3 (retry after 503, waited 0.020s) → 200 in "), log)
    }

    func testAReplayAfterATokenRefreshIsASecondAttempt() async throws {
        try await HTTPBin.requireServer()
        let observer = AttemptObserver()
        let sink = CapturingLogSink()
        let (networking, events) = await client(HTTPBin.baseURL, observer: observer, sink: sink)
        // httpbin's /bearer refuses anything that is not "Bearer …": this is the expired credential.
        await networking.setAuthorizationHeader(headerValue: "Token expired")
        let refreshes = Mutex(0)
        await networking.setInterceptors([
            AuthRefreshInterceptor {
                refreshes.withLock { $0 += 1 }
                return "Bearer fresh"
            }
        ])

        let result: Result<BearerEcho, NetworkingError> = await networking.get("/bearer")
        XCTAssertEqual(try result.get().token, "fresh")
        XCTAssertEqual(refreshes.withLock { $0 }, 1)

        let attempts = observer.attempts
        XCTAssertEqual(attempts.map(\.number), [1, 2])
        XCTAssertEqual(attempts.map(\.reason), [.first, .tokenRefresh(statusCode: 401)])
        XCTAssertEqual(attempts.map(\.outcome.statusCode), [401, 200])
        XCTAssertEqual(attempts.first?.delay, .zero)

        let completion = try XCTUnwrap(observer.completions.first)
        XCTAssertEqual(completion.attemptCount, 2)
        XCTAssertEqual(completion.attempts, attempts)
        let completed = try await Self.completedEvent(in: events)
        XCTAssertEqual(completed.attempts, attempts)
        XCTAssertTrue(sink.text.contains("  ↻ attempt 2 (replay after a token refresh, refused with 401"), sink.text)
    }

    func testARequestSentOnceHasOneAttemptAndNoList() async throws {
        let server = try XCTUnwrap(server)
        let observer = AttemptObserver()
        let sink = CapturingLogSink()
        let (networking, events) = await client(server.baseURL, observer: observer, sink: sink)
        await networking.setInterceptors([retry()])

        let result: Result<Void, NetworkingError> = await networking.get("/ok")
        try result.get()

        XCTAssertEqual(observer.attempts.map(\.reason), [.first])
        XCTAssertEqual(observer.attempts.map(\.outcome.statusCode), [200])
        let completion = try XCTUnwrap(observer.completions.first)
        XCTAssertEqual(completion.attemptCount, 1)
        XCTAssertEqual(completion.attempts, [])
        let completed = try await Self.completedEvent(in: events)
        XCTAssertEqual(completed.attempts, [])
        XCTAssertFalse(sink.text.contains("↻"), sink.text)
    }

    func testALogOfFailuresListsTheAttemptsOfARequestThatRanOutOfThem() async throws {
        let server = try XCTUnwrap(server)
        let sink = CapturingLogSink()
        let networking = Networking(baseURL: server.baseURL, transport: TestTransport.make())
        await networking.setLogsToStandardError(false)
        await networking.setLogSinks([sink])  // the default level: failures only
        await networking.setInterceptors([retry(maxAttempts: 2)])

        let result: Result<Void, NetworkingError> = await networking.get("/flaky?fail=5&id=\(UUID().uuidString)")
        guard case .failure(let error) = result else { return XCTFail("a 503 every time succeeded: \(result)") }
        XCTAssertEqual(error.statusCode, 503)

        XCTAssertTrue(sink.text.contains("  ↻ attempt 1 (first) → 503 in "), sink.text)
        XCTAssertTrue(sink.text.contains("  ↻ attempt 2 (retry after 503, waited 0.010s) → 503 in "), sink.text)
    }

    /// The first `.completed` event of `events`, within 10 s.
    private static func completedEvent(in events: AsyncStream<NetworkingEvent>) async throws -> NetworkingEvent {
        let found = await withDeadline(seconds: 10) { () async -> Result<NetworkingEvent, NetworkingError> in
            for await event in events {
                if case .completed = event { return .success(event) }
            }
            return .failure(.cancelled)
        }
        return try found.get()
    }
}

/// An observer that keeps each attempt and each completion it is told of.
private final class AttemptObserver: RequestObserver {
    private let state = Mutex<(attempts: [RequestAttempt], completions: [RequestCompletion])>(([], []))

    func requestStarted(_ context: RequestContext) {}
    func requestAttemptEnded(_ attempt: RequestAttempt, context: RequestContext) {
        state.withLock { $0.attempts.append(attempt) }
    }
    func requestCompleted(_ completion: RequestCompletion) { state.withLock { $0.completions.append(completion) } }

    var attempts: [RequestAttempt] { state.withLock { $0.attempts } }
    var completions: [RequestCompletion] { state.withLock { $0.completions } }
}
