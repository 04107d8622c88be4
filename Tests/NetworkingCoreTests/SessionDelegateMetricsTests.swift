import Foundation
import XCTest

@testable import NetworkingCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The platform's task metrics are kept in the task's own state and handed over with its result
/// (Apple platforms deliver `didFinishCollecting` before `didCompleteWithError`, and clear the
/// task's `delegate` at completion). swift-corelibs-foundation never delivers metrics, so the
/// delegate's calls are made here as URLSession would make them.
final class SessionDelegateMetricsTests: XCTestCase {
    private let session = URLSession(configuration: .ephemeral)
    private let delegate = SessionDelegate(maxBodySize: 1 << 20)

    override func tearDown() {
        session.invalidateAndCancel()
        super.tearDown()
    }

    private func task(_ path: String) -> URLSessionDataTask {
        session.dataTask(with: URL(string: "http://127.0.0.1:9/\(path)")!)  // never resumed
    }

    private func measured(_ seconds: TimeInterval) -> TransactionMetrics {
        TransactionMetrics(
            startDate: Date(timeIntervalSince1970: 1_000), endDate: Date(timeIntervalSince1970: 1_000 + seconds),
            domainLookup: 0.01, connect: 0.02, secureConnection: 0.015, timeToFirstByte: 0.05, requestBodyBytes: 0,
            isReusedConnection: false, networkProtocol: "h2")
    }

    /// Registers `task`, runs `calls` as URLSession's delegate calls, and returns the result the
    /// waiting transport gets.
    private func result(
        of task: URLSessionDataTask, _ calls: (URLSessionDataTask) -> Void
    ) async -> TransferResult {
        let delegate = self.delegate
        return await withUnsafeContinuation { continuation in
            delegate.register(task, continuation: continuation)
            calls(task)
        }
    }

    /// The calls of a `200` with a small body.
    private func respond(_ task: URLSessionDataTask) {
        let response = HTTPURLResponse(
            url: task.originalRequest!.url!, statusCode: 200, httpVersion: "HTTP/1.1",
            headerFields: ["Content-Length": "2"])!
        delegate.urlSession(session, dataTask: task, didReceive: response, completionHandler: { _ in })
        delegate.urlSession(session, dataTask: task, didReceive: Data("ok".utf8))
    }

    private func complete(_ task: URLSessionDataTask) {
        delegate.urlSession(session, task: task, didCompleteWithError: nil)
    }

    func testMetricsRecordedBeforeCompletionArriveWithTheResult() async throws {
        let task = task("measured")
        let metrics = measured(0.25)
        let outcome = await result(of: task) { [self] task in
            respond(task)
            delegate.record(metrics, for: task)  // didFinishCollecting, before didCompleteWithError
            complete(task)
        }
        let (response, body, handedOver) = try outcome.get()
        XCTAssertEqual(response.statusCode, 200)
        XCTAssertEqual(body, Data("ok".utf8))
        XCTAssertEqual(handedOver, metrics)
    }

    func testMetricsOfOneTaskNeverReachAnother() async throws {
        let measuredTask = task("measured")
        let otherTask = task("other")
        let metrics = measured(0.5)
        // Both in flight at once: the other task completes while the first one's metrics are kept.
        let delegate = self.delegate
        let registered = expectation(description: "the other task is registered")
        let other = Task {
            await withUnsafeContinuation { (continuation: UnsafeContinuation<TransferResult, Never>) in
                delegate.register(otherTask, continuation: continuation)
                registered.fulfill()
            }
        }
        await fulfillment(of: [registered], timeout: 10)
        let first = await result(of: measuredTask) { [self] task in
            respond(task)
            respond(otherTask)
            delegate.record(metrics, for: task)
            complete(otherTask)
            complete(task)
        }
        XCTAssertEqual(try first.get().2, metrics)
        let otherResult = await other.value
        XCTAssertNil(try otherResult.get().2, "the other task got metrics it never had")
    }

    func testMetricsAfterCompletionAreDroppedAndNeverReachALaterTask() async throws {
        let task = task("late")
        let first = await result(of: task) { [self] task in
            respond(task)
            complete(task)
            delegate.record(measured(1), for: task)  // reported after the task finished
        }
        XCTAssertNil(try first.get().2)
        // The same task object registered afresh (a later transfer filed under the same key).
        let second = await result(of: task) { [self] task in
            respond(task)
            complete(task)
        }
        XCTAssertNil(try second.get().2)
    }

    func testATaskEndedByAFailureHandsOverNoMetrics() async {
        let task = task("failed")
        let outcome = await result(of: task) { [self] task in
            delegate.record(measured(0.1), for: task)
            delegate.urlSession(session, task: task, didCompleteWithError: URLError(.networkConnectionLost))
        }
        guard case .failure(.transport(let cause)) = outcome else {
            return XCTFail("expected a transport failure, got \(outcome)")
        }
        XCTAssertEqual(cause.code, .networkConnectionLost)
    }
}
