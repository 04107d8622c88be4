import Foundation
import Synchronization
import XCTest

@testable import Networking

/// Cancelling the awaiting `Task`, `cancelAllRequests()` and `reset()` against httpbin's `/delay`.
///
/// A cancelled `/delay/n` keeps a server thread busy for n seconds, so these tests use few of them.
final class CancellationTests: XCTestCase {
    override func setUp() async throws {
        try await HTTPBin.requireServer()
    }

    /// Waits for `task`, failing the test instead of hanging if it does not end within `timeout` seconds.
    private func value<T: Sendable>(
        of task: Task<T, Never>, timeout: TimeInterval = 10, file: StaticString = #filePath, line: UInt = #line
    ) async -> T? {
        let returned = XCTestExpectation(description: "the request returned")
        let box = Mutex<T?>(nil)
        Task {
            let value = await task.value
            box.withLock { $0 = value }
            returned.fulfill()
        }
        await fulfillment(of: [returned], timeout: timeout)
        return box.withLock { $0 }
    }

    /// Waits until `count` requests are registered as in flight.
    private func waitUntilInFlight(_ networking: Networking, count: Int) async throws {
        var polls = 0
        while await networking.registry.count < count, polls < 2000 {
            polls += 1
            try await Task.sleep(for: .milliseconds(5))
        }
        let inFlight = await networking.registry.count
        XCTAssertEqual(inFlight, count, "requests in flight")
    }

    func testCancellingTheTaskAbortsTheTransferPromptly() async throws {
        let networking = HTTPBin.client()
        let clock = ContinuousClock()
        let start = clock.now
        let task = Task { () -> Result<JSONResponse, NetworkingError> in await networking.get("/delay/5") }
        try await Task.sleep(for: .milliseconds(200))
        let cancelledAt = clock.now
        task.cancel()
        let result = await value(of: task)
        let returnedAt = clock.now
        guard case .failure(.cancelled)? = result else { return XCTFail("got \(String(describing: result))") }
        XCTAssertLessThan(returnedAt - start, .seconds(4), "returned long before the server's 5 s delay")
        let inFlight = await networking.registry.count
        XCTAssertEqual(inFlight, 0, "nothing left in flight")
        print("cancel → result: \(returnedAt - cancelledAt)")
    }

    func testATaskCancelledBeforeItStartsFailsAtOnce() async throws {
        let networking = HTTPBin.client()
        let gate = Mutex(false)
        let task = Task { () -> Result<JSONResponse, NetworkingError> in
            while !gate.withLock({ $0 }) { await Task.yield() }
            return await networking.get("/delay/5")
        }
        task.cancel()
        gate.withLock { $0 = true }
        guard case .failure(.cancelled)? = await value(of: task) else { return XCTFail("expected .cancelled") }
    }

    func testCancellingAtAnyMomentNeverHangs() async throws {
        let networking = HTTPBin.client()
        var tasks: [Task<Result<Void, NetworkingError>, Never>] = []
        for index in 0..<40 {
            let task = Task { () -> Result<Void, NetworkingError> in await networking.get("/get") }
            for _ in 0..<(index % 8) { await Task.yield() }
            task.cancel()
            tasks.append(task)
        }
        for task in tasks {
            switch await value(of: task) {
            case .success?, .failure(.cancelled)?: break
            case let other: XCTFail("expected success or .cancelled, got \(String(describing: other))")
            }
        }
        let inFlight = await networking.registry.count
        XCTAssertEqual(inFlight, 0)
    }

    func testCancelAllRequestsCancelsEveryRequestInFlight() async throws {
        let networking = HTTPBin.client()
        let tasks = (0..<3).map { _ in
            Task { () -> Result<JSONResponse, NetworkingError> in await networking.get("/delay/5") }
        }
        try await waitUntilInFlight(networking, count: 3)
        await networking.cancelAllRequests()
        for task in tasks {
            guard case .failure(.cancelled)? = await value(of: task) else { return XCTFail("expected .cancelled") }
        }
        let after: Result<JSONResponse, NetworkingError> = await networking.get("/get")
        XCTAssertEqual(try unwrapSuccess(after).statusCode, 200, "the client stays usable")
    }

    func testResetCancelsRequestsInFlight() async throws {
        let networking = HTTPBin.client()
        await networking.setAuthorizationHeader(token: "secret")
        let task = Task { () -> Result<JSONResponse, NetworkingError> in await networking.get("/delay/5") }
        try await waitUntilInFlight(networking, count: 1)
        await networking.reset()
        guard case .failure(.cancelled)? = await value(of: task) else { return XCTFail("expected .cancelled") }
    }
}
