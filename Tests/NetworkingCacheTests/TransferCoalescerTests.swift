import Foundation
import Synchronization
import XCTest

@testable import NetworkingCache

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A door that operations wait at until the test opens it.
final class Gate: Sendable {
    private let state = Mutex<(open: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    func wait() async {
        await withCheckedContinuation { continuation in
            let proceed = state.withLock { state -> Bool in
                if state.open { return true }
                state.waiters.append(continuation)
                return false
            }
            if proceed { continuation.resume() }
        }
    }

    func open() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.open = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}

/// Waits (yielding, never asserting on time) until `condition` holds; fails the test if it never does.
func eventually(_ message: String, _ condition: () -> Bool) async {
    for _ in 0..<20_000 {
        if condition() { return }
        try? await Task.sleep(for: .milliseconds(1))
    }
    XCTFail("never happened: \(message)")
}

final class TransferCoalescerTests: XCTestCase {
    private func exchange(_ text: String) -> HTTPExchange? {
        guard let url = URL(string: "http://example.test/x"),
            let response = HTTPURLResponse(url: url, statusCode: 200, httpVersion: nil, headerFields: [:])
        else { return nil }
        return HTTPExchange(request: URLRequest(url: url), response: response, body: Data(text.utf8))
    }

    /// An operation that counts its runs, waits at the gate, and records whether it saw cancellation.
    private final class Operation: Sendable {
        let gate = Gate()
        let runs = Atomic<Int>(0)
        let sawCancellation = Atomic<Bool>(false)
        let response: HTTPExchange

        init(response: HTTPExchange) { self.response = response }

        func run() async throws(NetworkingError) -> HTTPExchange {
            runs.add(1, ordering: .sequentiallyConsistent)
            await gate.wait()
            if Task.isCancelled {
                sawCancellation.store(true, ordering: .sequentiallyConsistent)
                throw .cancelled
            }
            return response
        }
    }

    func testConcurrentCallersShareOneRun() async throws {
        let coalescer = TransferCoalescer()
        let operation = Operation(response: try XCTUnwrap(exchange("shared")))
        let tasks = (0..<10).map { _ in
            Task { try await coalescer.run(key: "k") { () throws(NetworkingError) in try await operation.run() } }
        }
        await eventually("10 waiters") { coalescer.waiterCount == 10 }
        operation.gate.open()
        for task in tasks {
            let result = try await task.value
            XCTAssertEqual(String(decoding: result.body, as: UTF8.self), "shared")
        }
        XCTAssertEqual(operation.runs.load(ordering: .sequentiallyConsistent), 1)
        XCTAssertEqual(coalescer.inFlightCount, 0)
    }

    func testDifferentKeysRunSeparately() async throws {
        let coalescer = TransferCoalescer()
        let operation = Operation(response: try XCTUnwrap(exchange("x")))
        operation.gate.open()
        async let first = coalescer.run(key: "a") { () throws(NetworkingError) in try await operation.run() }
        async let second = coalescer.run(key: "b") { () throws(NetworkingError) in try await operation.run() }
        _ = try await (first, second)
        XCTAssertEqual(operation.runs.load(ordering: .sequentiallyConsistent), 2)
    }

    func testCancellingOneWaiterLeavesTheOthersAndTheTransfer() async throws {
        let coalescer = TransferCoalescer()
        let operation = Operation(response: try XCTUnwrap(exchange("done")))
        let tasks = (0..<3).map { _ in
            Task { () -> Result<HTTPExchange, NetworkingError> in
                do throws(NetworkingError) {
                    return .success(
                        try await coalescer.run(key: "k") { () throws(NetworkingError) in try await operation.run() })
                } catch {
                    return .failure(error)
                }
            }
        }
        await eventually("3 waiters") { coalescer.waiterCount == 3 }
        tasks[0].cancel()
        guard case .failure(.cancelled) = await tasks[0].value else {
            return XCTFail("the cancelled waiter ends at once")
        }
        XCTAssertEqual(coalescer.waiterCount, 2)

        operation.gate.open()
        for task in tasks.dropFirst() {
            guard case .success(let exchange) = await task.value else { return XCTFail("the others succeed") }
            XCTAssertEqual(String(decoding: exchange.body, as: UTF8.self), "done")
        }
        XCTAssertFalse(operation.sawCancellation.load(ordering: .sequentiallyConsistent))
        XCTAssertEqual(operation.runs.load(ordering: .sequentiallyConsistent), 1)
    }

    func testCancellingEveryWaiterCancelsTheTransfer() async throws {
        let coalescer = TransferCoalescer()
        let operation = Operation(response: try XCTUnwrap(exchange("never")))
        let tasks = (0..<3).map { _ in
            Task { () -> NetworkingError? in
                do throws(NetworkingError) {
                    _ = try await coalescer.run(key: "k") { () throws(NetworkingError) in try await operation.run() }
                    return nil
                } catch {
                    return error
                }
            }
        }
        await eventually("3 waiters") { coalescer.waiterCount == 3 }
        for task in tasks { task.cancel() }
        for task in tasks {
            guard case .cancelled = await task.value else { return XCTFail("every waiter ends cancelled") }
        }
        XCTAssertEqual(coalescer.inFlightCount, 0)
        operation.gate.open()
        await eventually("the transfer saw its cancellation") {
            operation.sawCancellation.load(ordering: .sequentiallyConsistent)
        }
    }

    func testAnAlreadyCancelledCallerDoesNotWait() async throws {
        let coalescer = TransferCoalescer()
        let operation = Operation(response: try XCTUnwrap(exchange("x")))
        let task = Task { () -> NetworkingError? in
            withUnsafeCurrentTask { $0?.cancel() }
            do throws(NetworkingError) {
                _ = try await coalescer.run(key: "k") { () throws(NetworkingError) in try await operation.run() }
                return nil
            } catch {
                return error
            }
        }
        guard case .cancelled = await task.value else { return XCTFail("cancelled before joining") }
        operation.gate.open()
    }

    func testAFailureReachesEveryWaiterAndTheNextCallStartsAfresh() async throws {
        let coalescer = TransferCoalescer()
        let gate = Gate()
        let runs = Atomic<Int>(0)
        let failing: @Sendable () async throws(NetworkingError) -> HTTPExchange = { () throws(NetworkingError) in
            runs.add(1, ordering: .sequentiallyConsistent)
            await gate.wait()
            throw .transport(URLError(.timedOut))
        }
        let tasks = (0..<4).map { _ in
            Task { () -> NetworkingError? in
                do throws(NetworkingError) {
                    _ = try await coalescer.run(key: "k", failing)
                    return nil
                } catch {
                    return error
                }
            }
        }
        await eventually("4 waiters") { coalescer.waiterCount == 4 }
        gate.open()
        for task in tasks {
            guard case .transport(let error) = await task.value else { return XCTFail("the failure is shared") }
            XCTAssertEqual(error.code, .timedOut)
        }
        _ = try? await coalescer.run(key: "k", failing)
        XCTAssertEqual(runs.load(ordering: .sequentiallyConsistent), 2)
    }
}
