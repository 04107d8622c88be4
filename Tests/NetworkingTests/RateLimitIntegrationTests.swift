import Foundation
import XCTest

@testable import Networking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `RateLimitInterceptor` against the fault server's `/quota`, which counts requests and reports its
/// quota in `RateLimit` fields: once the quota is spent, the next request waits for the reset, or
/// fails at once without reaching the server, as asked.
final class RateLimitIntegrationTests: FaultServerTestCase {
    private func networking(_ whenSpent: RateLimitInterceptor.WhenSpent) async throws -> Networking {
        let networking = Networking(baseURL: try XCTUnwrap(server).baseURL, transport: TestTransport.make())
        await networking.setLogsToStandardError(false)
        await networking.setInterceptors([RateLimitInterceptor(whenSpent: whenSpent)])
        return networking
    }

    private func get(_ networking: Networking, _ path: String) async -> Result<Void, NetworkingError> {
        await networking.get(path)
    }

    func testASpentQuotaFailsTheNextRequestAtOnce() async throws {
        let server = try XCTUnwrap(server)
        let id = UUID().uuidString
        let networking = try await networking(.fail)
        let path = "/quota?limit=2&window=60&id=\(id)"
        for _ in 0..<2 {
            let result = await get(networking, path)
            XCTAssertNoThrow(try result.get())
        }
        let refused = await get(networking, path)
        guard case .failure(let error) = refused, let quota = error.spentQuota else {
            return XCTFail("expected a spent quota, got \(refused)")
        }
        XCTAssertEqual(quota.origin, server.baseURL)
        XCTAssertEqual(quota.resetAt.timeIntervalSinceNow, 60, accuracy: 5)
        XCTAssertFalse(error.isRetryable)
        let sent = try await server.count(id)
        XCTAssertEqual(sent, 2, "the third request never reached the server")
    }

    func testARequestWaitsForTheResetWhenAllowed() async throws {
        let server = try XCTUnwrap(server)
        let id = UUID().uuidString
        let networking = try await networking(.wait(atMost: .seconds(2)))
        let path = "/quota?limit=1&window=1&id=\(id)"
        let first = await get(networking, path)
        XCTAssertNoThrow(try first.get())
        let started = ContinuousClock.now
        let second = await get(networking, path)
        let waited = ContinuousClock.now - started
        XCTAssertNoThrow(try second.get(), "sent after the reset, in the server's next window: \(second)")
        XCTAssertGreaterThanOrEqual(waited, .milliseconds(900))
        let sent = try await server.count(id)
        XCTAssertEqual(sent, 2)
    }

    func testAResetBeyondTheBoundFailsAtOnce() async throws {
        let server = try XCTUnwrap(server)
        let id = UUID().uuidString
        let networking = try await networking(.wait(atMost: .milliseconds(100)))
        let path = "/quota?limit=1&window=60&id=\(id)"
        _ = await get(networking, path)
        let started = ContinuousClock.now
        let refused = await get(networking, path)
        XCTAssertLessThan(ContinuousClock.now - started, .seconds(1))
        guard case .failure(let error) = refused else { return XCTFail("\(refused)") }
        XCTAssertNotNil(error.spentQuota, "\(error)")
        let sent = try await server.count(id)
        XCTAssertEqual(sent, 1)
    }
}
