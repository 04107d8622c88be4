import Foundation
import NetworkingCore
import Synchronization
import XCTest

/// `RequestRegistry` runs each request in the caller's own task and cancels it from outside.
final class RequestRegistryTests: XCTestCase {
    @TaskLocal static var marker: String?

    /// An operation that waits until it is cancelled (at most a minute) and says whether it was.
    private static func waitForCancellation() async -> Bool {
        do {
            try await Task.sleep(for: .seconds(60))
            return false
        } catch {
            return Task.isCancelled
        }
    }

    /// Starts a request under `key` that waits for cancellation.
    private static func start(_ registry: RequestRegistry, key: String) -> Task<Bool, Never> {
        Task.detached { await registry.run(key: key) { await waitForCancellation() } }
    }

    /// Waits (yielding) until `count` requests are registered.
    private func waitUntilRegistered(_ registry: RequestRegistry, count: Int) async {
        while registry.count < count { await Task.yield() }
    }

    func testReturnsTheOperationsResultAndUnregistersIt() async {
        let registry = RequestRegistry()
        let seen = Mutex<Int>(-1)
        let value = await registry.run(key: "/a") {
            seen.withLock { $0 = registry.count }
            return 42
        }
        XCTAssertEqual(value, 42)
        XCTAssertEqual(seen.withLock { $0 }, 1, "registered while it runs")
        XCTAssertEqual(registry.count, 0, "unregistered when it returns")
    }

    func testRunsInTheCallersTask() async {
        let registry = RequestRegistry()
        let seen = await Self.$marker.withValue("caller") {
            await registry.run(key: "/a") { Self.marker }
        }
        XCTAssertEqual(seen, "caller", "task-local values of the caller are visible: no task of its own")
    }

    func testCancelKeyCancelsOnlyThatKey() async {
        let registry = RequestRegistry()
        let first = Self.start(registry, key: "/first")
        let second = Self.start(registry, key: "/second")
        await waitUntilRegistered(registry, count: 2)
        registry.cancel(key: "/first")
        let firstCancelled = await first.value
        XCTAssertTrue(firstCancelled)
        XCTAssertEqual(registry.count, 1, "the other request is still in flight")
        registry.cancel(key: "/second")
        let secondCancelled = await second.value
        XCTAssertTrue(secondCancelled)
        XCTAssertEqual(registry.count, 0)
    }

    func testCancelAllCancelsEveryRequest() async {
        let registry = RequestRegistry()
        let tasks = (0..<5).map { Self.start(registry, key: "/\($0)") }
        await waitUntilRegistered(registry, count: tasks.count)
        registry.cancelAll()
        for task in tasks {
            let cancelled = await task.value
            XCTAssertTrue(cancelled)
        }
        XCTAssertEqual(registry.count, 0)
    }

    func testCancellingTheCallerCancelsTheOperation() async {
        let registry = RequestRegistry()
        let task = Self.start(registry, key: "/a")
        await waitUntilRegistered(registry, count: 1)
        task.cancel()
        let cancelled = await task.value
        XCTAssertTrue(cancelled)
        XCTAssertEqual(registry.count, 0)
    }

    func testCancellingAFinishedRequestsKeyDoesNothing() async {
        let registry = RequestRegistry()
        _ = await registry.run(key: "/a") { 1 }
        registry.cancel(key: "/a")
        registry.cancelAll()
        let next = await registry.run(key: "/a") { Task.isCancelled }
        XCTAssertFalse(next, "a later request under the same key starts uncancelled")
    }
}
