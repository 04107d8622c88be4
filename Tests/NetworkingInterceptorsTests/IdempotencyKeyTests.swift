import Foundation
import XCTest

@testable import NetworkingInterceptors

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `RetryInterceptor(idempotencyKeys: true)`: each `POST` and `PATCH` carries an `Idempotency-Key`,
/// the same on every attempt, and is then retried; without the option, nothing changes.
final class IdempotencyKeyTests: XCTestCase {
    private let sleeper = FakeSleeper()

    private func retry(idempotencyKeys: Bool, maxAttempts: Int = 3) -> RetryInterceptor {
        let sleeper = sleeper
        return RetryInterceptor(
            maxAttempts: maxAttempts, idempotencyKeys: idempotencyKeys,
            environment: .init(now: { Date() }, sleep: { try await sleeper.sleep($0) }, random: { 0 }))
    }

    /// A server answering 503 twice, then 200.
    private func flaky() -> ScriptedServer {
        ScriptedServer { request, index in makeExchange(request, status: index < 2 ? 503 : 200) }
    }

    private func keys(_ server: ScriptedServer) -> [String?] {
        server.requests.map { $0.value(forHTTPHeaderField: "Idempotency-Key") }
    }

    func testARetriedPostCarriesTheSameKeyOnEveryAttempt() async throws {
        for method in ["POST", "PATCH"] {
            let server = flaky()
            let request = makeRequest(method, body: Data("{}".utf8))
            let result = await send(request, through: [retry(idempotencyKeys: true)], transport: server.transport)
            XCTAssertEqual(try result.get().statusCode, 200, method)
            XCTAssertEqual(server.count, 3, method)
            let keys = keys(server)
            let key = try XCTUnwrap(keys.first ?? nil, method)
            XCTAssertEqual(Set(keys), [key], "\(method): one key for every attempt")
            // A structured-field string holding a UUID.
            XCTAssertTrue(key.hasPrefix("\"") && key.hasSuffix("\""), key)
            XCTAssertNotNil(UUID(uuidString: String(key.dropFirst().dropLast())), key)
        }
    }

    func testEachRequestGetsItsOwnKey() async throws {
        let server = ScriptedServer { request, _ in makeExchange(request, status: 200) }
        let policy = retry(idempotencyKeys: true)
        for _ in 0..<2 { _ = await send(makeRequest("POST"), through: [policy], transport: server.transport) }
        let keys = keys(server)
        XCTAssertEqual(keys.count, 2)
        XCTAssertNotEqual(keys[0], keys[1])
    }

    func testAKeyTheRequestHasIsKept() async throws {
        let server = flaky()
        let request = makeRequest("POST", headers: ["Idempotency-Key": "\"order-42\""], body: Data("{}".utf8))
        _ = await send(request, through: [retry(idempotencyKeys: true)], transport: server.transport)
        XCTAssertEqual(keys(server), Array(repeating: "\"order-42\"", count: 3))
    }

    func testWithoutTheOptionAPostIsNeitherKeyedNorRetried() async throws {
        let server = flaky()
        let result = await send(
            makeRequest("POST", body: Data("{}".utf8)), through: [retry(idempotencyKeys: false)],
            transport: server.transport)
        XCTAssertEqual(try result.get().statusCode, 503)
        XCTAssertEqual(server.count, 1)
        XCTAssertEqual(keys(server), [nil])
    }

    func testAKeyAloneDoesNotMakeAPostRetryable() async throws {
        let server = flaky()
        let request = makeRequest("POST", headers: ["Idempotency-Key": "\"mine\""], body: Data("{}".utf8))
        _ = await send(request, through: [retry(idempotencyKeys: false)], transport: server.transport)
        XCTAssertEqual(server.count, 1, "without the option, unsafe methods keep the usual rule")
    }

    func testSafeMethodsGetNoKey() async throws {
        for method in ["GET", "PUT", "DELETE"] {
            let server = flaky()
            _ = await send(makeRequest(method), through: [retry(idempotencyKeys: true)], transport: server.transport)
            XCTAssertEqual(keys(server), [nil, nil, nil], method)
        }
    }

    func testAPostWhoseBodyCannotBeSentAgainIsNotRetried() async throws {
        let server = flaky()
        var request = makeRequest("POST")
        request.httpBodyStream = InputStream(data: Data("{}".utf8))
        _ = await send(request, through: [retry(idempotencyKeys: true)], transport: server.transport)
        XCTAssertEqual(server.count, 1)
    }
}
