import Foundation
import Synchronization
import XCTest

@testable import NetworkingInterceptors

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `CircuitBreakerInterceptor` over a scripted server, with a clock the test moves: the circuit of
/// an origin opens after consecutive failures within the window, refuses at once while open, lets
/// one probe through after the cool-down, and closes when the probe succeeds.
final class CircuitBreakerInterceptorTests: XCTestCase {
    /// A clock the test moves by hand.
    private final class TestClock: Sendable {
        private let date = Mutex(Date(timeIntervalSince1970: 1_781_000_000))
        var now: Date { date.withLock { $0 } }
        func advance(_ seconds: TimeInterval) { date.withLock { $0 += seconds } }
    }

    private let clock = TestClock()

    private func breaker(threshold: Int = 3, window: Duration = .seconds(60)) -> CircuitBreakerInterceptor {
        let clock = clock
        return CircuitBreakerInterceptor(
            failureThreshold: threshold, window: window, coolDown: .seconds(30), now: { clock.now })
    }

    /// A server answering `status(index)` to the index-th request it receives.
    private func server(_ status: @escaping @Sendable (Int) -> Int) -> ScriptedServer {
        ScriptedServer { request, index in makeExchange(request, status: status(index)) }
    }

    private func send(_ breaker: CircuitBreakerInterceptor, _ server: ScriptedServer, url: URL = testURL) async
        -> Result<HTTPExchange, NetworkingError>
    {
        await NetworkingInterceptorsTests.send(makeRequest(url: url), through: [breaker], transport: server.transport)
    }

    /// The status the request got through `breaker`, or `nil` when it failed.
    private func status(_ breaker: CircuitBreakerInterceptor, _ server: ScriptedServer, url: URL = testURL) async
        -> Int?
    {
        try? await send(breaker, server, url: url).get().statusCode
    }

    /// The open circuit that refused the request, if one did.
    private func refusal(_ breaker: CircuitBreakerInterceptor, _ server: ScriptedServer) async -> OpenCircuit? {
        guard case .failure(let error) = await send(breaker, server) else { return nil }
        return error.openCircuit
    }

    func testConsecutiveFailuresOpenTheCircuitAndNothingIsSentWhileOpen() async throws {
        let breaker = breaker()
        let server = server { _ in 503 }
        for _ in 0..<3 {
            let got = await status(breaker, server)
            XCTAssertEqual(got, 503)
        }
        let refused = await send(breaker, server)
        let open = try XCTUnwrap(refused.failure()?.openCircuit)
        XCTAssertEqual(open.origin, "https://api.example.test:443")
        XCTAssertEqual(open.failureCount, 3)
        XCTAssertEqual(open.retryAt, clock.now.addingTimeInterval(30))
        XCTAssertEqual(server.count, 3, "nothing reaches the server while the circuit is open")
        XCTAssertEqual(refused.failure()?.isRetryable, false)
        XCTAssertEqual(
            refused.failure()?.localizedDescription,
            "Requests to https://api.example.test:443 are held back after 3 consecutive failures; "
                + "it will be tried again at \(open.retryAt).")
    }

    func testAfterTheCoolDownOneProbeGoesThroughAndItsSuccessClosesTheCircuit() async throws {
        let breaker = breaker()
        let server = server { $0 < 3 ? 500 : 200 }
        for _ in 0..<3 { _ = await send(breaker, server) }
        clock.advance(29)
        let got2 = await refusal(breaker, server)
        XCTAssertNotNil(got2, "still cooling down")
        clock.advance(1)
        let got3 = await status(breaker, server)
        XCTAssertEqual(got3, 200, "the probe")
        let got4 = await status(breaker, server)
        XCTAssertEqual(got4, 200, "closed again")
        XCTAssertEqual(server.count, 5)
    }

    func testAFailedProbeOpensTheCircuitForAnotherCoolDown() async throws {
        let breaker = breaker()
        let server = server { _ in 502 }
        for _ in 0..<3 { _ = await send(breaker, server) }
        clock.advance(30)
        let got5 = await status(breaker, server)
        XCTAssertEqual(got5, 502, "the probe")
        let refused = await refusal(breaker, server)
        let open = try XCTUnwrap(refused)
        XCTAssertEqual(open.retryAt, clock.now.addingTimeInterval(30))
        XCTAssertEqual(server.count, 4)
    }

    func testOtherRequestsAreRefusedWhileTheProbeRuns() async throws {
        let breaker = breaker()
        let gate = Gate()
        let server = ScriptedServer { request, index in
            if index == 3 { await gate.wait() }
            return makeExchange(request, status: index < 3 ? 503 : 200)
        }
        for _ in 0..<3 { _ = await send(breaker, server) }
        clock.advance(30)
        async let probe = NetworkingInterceptorsTests.send(
            makeRequest(), through: [breaker], transport: server.transport)
        await server.waitForRequests(4)
        let got6 = await refusal(breaker, server)
        XCTAssertNotNil(got6, "one probe at a time")
        gate.open()
        let probed = try await probe.get().statusCode
        XCTAssertEqual(probed, 200)
        XCTAssertEqual(server.count, 4)
    }

    func testASuccessInBetweenResetsTheCountAndOldFailuresExpire() async throws {
        let statuses: [Int] = [503, 503, 404, 503, 503, 503, 503]
        let breaker = breaker(window: .seconds(10))
        let server = server { statuses[min($0, statuses.count - 1)] }
        for _ in 0..<4 { _ = await send(breaker, server) }  // 503, 503, 404 (an answer), 503
        clock.advance(11)  // that 503 is out of the window
        for _ in 0..<2 { _ = await send(breaker, server) }  // 503, 503: two within the window
        let got7 = await status(breaker, server)
        XCTAssertEqual(got7, 503, "still closed")
        let got8 = await refusal(breaker, server)
        XCTAssertNotNil(got8, "three within the window")
        XCTAssertEqual(server.count, 7)
    }

    func testTransientTransportFailuresCountAndOtherOriginsAreUnaffected() async throws {
        let breaker = breaker(threshold: 2)
        let failing = ScriptedServer { (_, _) throws(NetworkingError) -> HTTPExchange in
            throw .transport(URLError(.cannotConnectToHost))
        }
        for _ in 0..<2 { _ = await send(breaker, failing) }
        let refused = await refusal(breaker, failing)
        XCTAssertNotNil(refused)
        XCTAssertEqual(failing.count, 2)

        let other = try XCTUnwrap(URL(string: "https://api.example.test:8443/resource"))
        let healthy = server { _ in 200 }
        let got9 = await status(breaker, healthy, url: other)
        XCTAssertEqual(got9, 200)
    }

    func testCancellationAndOwnCodeDoNotCount() {
        XCTAssertEqual(CircuitBreakerInterceptor.verdict(on: .cancelled), .neither)
        XCTAssertEqual(CircuitBreakerInterceptor.verdict(on: .transport(URLError(.badURL))), .neither)
        XCTAssertEqual(CircuitBreakerInterceptor.verdict(on: .transport(URLError(.timedOut))), .failure)
    }

    func testOrigins() {
        XCTAssertEqual(
            CircuitBreakerInterceptor.origin(of: URL(string: "HTTP://Example.com/a")), "http://example.com:80")
        XCTAssertEqual(
            CircuitBreakerInterceptor.origin(of: URL(string: "https://example.com:8443/")), "https://example.com:8443")
        XCTAssertNil(CircuitBreakerInterceptor.origin(of: nil))
    }

    func testTransitionsReportEachOpeningAndClosingInOrder() async throws {
        let breaker = breaker()
        var transitions = breaker.transitions().makeAsyncIterator()
        let failing = Mutex(true)
        let server = server { _ in failing.withLock { $0 } ? 503 : 200 }
        for _ in 0..<3 { _ = await status(breaker, server) }
        let openedAt = clock.now
        clock.advance(31)
        _ = await status(breaker, server)  // a probe that fails opens the circuit again
        clock.advance(31)
        failing.withLock { $0 = false }
        let closing = await status(breaker, server)
        XCTAssertEqual(closing, 200)

        let origin = "https://api.example.test:443"
        let first = await transitions.next()
        XCTAssertEqual(
            first, .opened(OpenCircuit(origin: origin, retryAt: openedAt.addingTimeInterval(30), failureCount: 3)))
        let second = await transitions.next()
        XCTAssertEqual(
            second, .opened(OpenCircuit(origin: origin, retryAt: openedAt.addingTimeInterval(61), failureCount: 3)))
        let third = await transitions.next()
        XCTAssertEqual(third, .closed(origin: origin))
    }
}
