import Foundation
import Synchronization
import XCTest

@testable import Networking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `CircuitBreakerInterceptor` against the fault server, which counts the requests it receives: no
/// request reaches it while the circuit is open, one probe does after the cool-down, and the probe's
/// success closes the circuit. The breaker's clock is moved by the test instead of waiting.
final class CircuitBreakerIntegrationTests: FaultServerTestCase {
    /// A clock the test moves by hand.
    private final class TestClock: Sendable {
        private let date = Mutex(Date())
        var now: Date { date.withLock { $0 } }
        func advance(_ seconds: TimeInterval) { date.withLock { $0 += seconds } }
    }

    private func networking(_ interceptors: [any HTTPInterceptor]) async throws -> Networking {
        let networking = Networking(baseURL: try XCTUnwrap(server).baseURL, transport: TestTransport.make())
        await networking.setLogsToStandardError(false)
        await networking.setInterceptors(interceptors)
        return networking
    }

    private func get(_ networking: Networking, _ path: String) async -> Result<Void, NetworkingError> {
        await networking.get(path)
    }

    func testNoRequestReachesAnOpenCircuitAndASuccessfulProbeClosesIt() async throws {
        let server = try XCTUnwrap(server)
        let clock = TestClock()
        let breaker = CircuitBreakerInterceptor(failureThreshold: 3, coolDown: .seconds(30), now: { clock.now })
        let networking = try await networking([breaker])
        let id = UUID().uuidString
        let path = "/flaky?fail=3&code=503&id=\(id)"

        for _ in 0..<3 {
            let result = await get(networking, path)
            XCTAssertEqual(result.failed?.statusCode, 503)
        }
        for _ in 0..<2 {
            let result = await get(networking, path)
            let open = try XCTUnwrap(result.failed?.openCircuit, "\(result)")
            XCTAssertEqual(open.origin, server.baseURL)
            XCTAssertEqual(open.failureCount, 3)
            XCTAssertEqual(open.retryAt.timeIntervalSince(clock.now), 30, accuracy: 0.001)
            XCTAssertTrue(result.failed?.localizedDescription.contains(server.baseURL) ?? false)
        }
        var sent = try await server.count(id)
        XCTAssertEqual(sent, 3, "nothing reached the server while the circuit was open")

        clock.advance(30)
        let probe = await get(networking, path)
        XCTAssertNoThrow(try probe.get(), "the probe succeeds: \(probe)")
        let after = await get(networking, path)
        XCTAssertNoThrow(try after.get(), "closed again: \(after)")
        sent = try await server.count(id)
        XCTAssertEqual(sent, 5)
    }

    func testAnOpenCircuitEndsTheRetriesAtOnce() async throws {
        let server = try XCTUnwrap(server)
        let breaker = CircuitBreakerInterceptor(failureThreshold: 2, coolDown: .seconds(60))
        let retry = RetryInterceptor(maxAttempts: 5, baseDelay: .milliseconds(1), maxDelay: .milliseconds(5))
        let networking = try await networking([retry, breaker])
        let id = UUID().uuidString
        let result = await get(networking, "/status?code=503&id=\(id)")
        XCTAssertNotNil(result.failed?.openCircuit, "\(result)")
        XCTAssertEqual(result.failed?.isRetryable, false)
        let sent = try await server.count(id)
        XCTAssertEqual(sent, 2, "two attempts reached the server, the third met the open circuit")
    }
}

extension Result {
    /// The failure, if there is one.
    fileprivate var failed: Failure? {
        guard case .failure(let error) = self else { return nil }
        return error
    }
}
