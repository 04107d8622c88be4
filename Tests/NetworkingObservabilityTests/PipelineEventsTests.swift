import Foundation
import NetworkingObservability
import Synchronization
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The events a pipeline produces through an `EventBroadcaster`, for every kind of ending.
final class PipelineEventsTests: XCTestCase {
    /// Runs `body` with a broadcaster, then returns every event it delivered.
    private func events(_ body: (EventBroadcaster) async -> Void) async -> [NetworkingEvent] {
        let broadcaster = EventBroadcaster()
        let stream = broadcaster.events()
        await body(broadcaster)
        broadcaster.finishAll()
        var events: [NetworkingEvent] = []
        for await event in stream { events.append(event) }
        return events
    }

    /// Asserts `events` are one `.started` then one `.completed` of the same request, and
    /// returns the completion's parts.
    private func assertPair(
        _ events: [NetworkingEvent], file: StaticString = #filePath, line: UInt = #line
    ) -> (RequestContext, NetworkingEvent.Outcome, TransactionMetrics?)? {
        guard events.count == 2, case .started(let started) = events[0],
            case .completed(let completed, let outcome, _, let metrics) = events[1]
        else {
            XCTFail("expected .started then .completed, got \(events)", file: file, line: line)
            return nil
        }
        XCTAssertEqual(started.id, completed.id, file: file, line: line)
        return (completed, outcome, metrics)
    }

    func testSuccessCarriesContextOutcomeAndMeasuredMetrics() async throws {
        let body = Data(#"{"ok":true}"#.utf8)
        let events = await events { broadcaster in
            let pipeline = pipeline(
                cannedTransport(body: body), observers: [broadcaster], headers: ["Authorization": "Bearer real"])
            await send(
                pipeline,
                HTTPRequest(method: .post, path: "/post", body: .data(Data("abc".utf8), contentType: "text/plain")))
        }
        let (context, outcome, metrics) = try XCTUnwrap(assertPair(events))
        XCTAssertEqual(context.method, .post)
        XCTAssertEqual(context.url?.absoluteString, "http://example.test/post")
        XCTAssertEqual(context.headers["authorization"], "Bearer real", "events carry the real headers")
        XCTAssertEqual(context.body, Data("abc".utf8))
        guard case .success(let statusCode, let byteCount) = outcome else { return XCTFail("expected success") }
        XCTAssertEqual(statusCode, 200)
        XCTAssertEqual(byteCount, body.count)
        let measured = try XCTUnwrap(metrics)
        XCTAssertLessThanOrEqual(measured.startDate, measured.endDate)
        XCTAssertEqual(measured.requestBodyBytes, 3)
        XCTAssertEqual(measured.responseBodyBytes, Int64(body.count))
        XCTAssertNil(measured.domainLookup, "nothing measured DNS")
        XCTAssertNil(measured.timeToFirstByte)
    }

    func testHTTPFailureIsACompletedFailureWithTheStatus() async throws {
        let events = await events { broadcaster in
            await send(
                pipeline(cannedTransport(status: 404), observers: [broadcaster]),
                HTTPRequest(method: .get, path: "/status/404"))
        }
        let (_, outcome, metrics) = try XCTUnwrap(assertPair(events))
        guard case .failure(let error) = outcome else { return XCTFail("expected failure") }
        XCTAssertEqual(error.statusCode, 404)
        XCTAssertNotNil(metrics, "a response arrived, so the transfer was measured")
    }

    func testTransportFailureHasNoMetrics() async throws {
        let failing = ClosureTransport(exchange: { (_) throws(NetworkingError) -> HTTPExchange in
            throw .transport(URLError(.cannotConnectToHost))
        })
        let events = await events { broadcaster in
            await send(pipeline(failing, observers: [broadcaster]), HTTPRequest(method: .get, path: "/get"))
        }
        let (_, outcome, metrics) = try XCTUnwrap(assertPair(events))
        guard case .failure(.transport(let error)) = outcome else { return XCTFail("expected a transport failure") }
        XCTAssertEqual(error.code, .cannotConnectToHost)
        XCTAssertNil(metrics)
    }

    func testRequestThatCannotBeBuiltStillStartsAndCompletes() async throws {
        let events = await events { broadcaster in
            let request = HTTPRequest(method: .get, path: "/get", headers: ["Bad\nName": "x"])
            await send(pipeline(cannedTransport(), observers: [broadcaster]), request)
        }
        let (context, outcome, metrics) = try XCTUnwrap(assertPair(events))
        XCTAssertNil(context.url)
        guard case .failure(.invalidRequest) = outcome else { return XCTFail("expected .invalidRequest") }
        XCTAssertNil(metrics)
    }

    func testCancelledRequestCompletesAsCancelled() async throws {
        let broadcaster = EventBroadcaster()
        let stream = broadcaster.events()
        let hanging = ClosureTransport(exchange: { (_) throws(NetworkingError) -> HTTPExchange in
            do {
                try await Task.sleep(for: .seconds(600))
            } catch {
                throw .cancelled
            }
            throw .invalidResponse
        })
        let pipeline = pipeline(hanging, observers: [broadcaster])
        let task = Task { await send(pipeline, HTTPRequest(method: .get, path: "/delay/600")) }
        var iterator = stream.makeAsyncIterator()
        guard case .started(let started) = await iterator.next() else { return XCTFail("expected .started") }
        task.cancel()
        guard case .failure(.cancelled) = await task.value else { return XCTFail("expected .cancelled") }
        guard case .completed(let completed, .failure(.cancelled), _, _) = await iterator.next() else {
            return XCTFail("expected .completed with .cancelled")
        }
        XCTAssertEqual(completed.id, started.id)
    }

    func testConcurrentRequestsEachStartOnceAndCompleteOnceInOrder() async {
        let count = 200
        let events = await events { broadcaster in
            let pipeline = pipeline(cannedTransport(), observers: [broadcaster])
            await withTaskGroup(of: Void.self) { group in
                for index in 0..<count {
                    group.addTask { await send(pipeline, HTTPRequest(method: .get, path: "/item/\(index)")) }
                }
            }
        }
        XCTAssertEqual(events.count, 2 * count)
        var startIndex: [UUID: Int] = [:]
        var endIndex: [UUID: Int] = [:]
        for (index, event) in events.enumerated() {
            switch event {
            case .started(let context):
                XCTAssertNil(startIndex.updateValue(index, forKey: context.id), "started twice")
            case .completed(let context, _, _, _):
                XCTAssertNil(endIndex.updateValue(index, forKey: context.id), "completed twice")
            }
        }
        XCTAssertEqual(Set(startIndex.keys), Set(endIndex.keys))
        XCTAssertEqual(startIndex.count, count)
        for (id, start) in startIndex { XCTAssertLessThan(start, endIndex[id] ?? -1) }
    }

    func testFileBodyIsNotCountedAsSomethingItIsNot() async throws {
        let file = temporaryFileURL("body.bin")
        let events = await events { broadcaster in
            let request = HTTPRequest(
                method: .post, path: "/upload", body: .file(file, contentType: "application/octet-stream"))
            await send(pipeline(cannedTransport(), observers: [broadcaster]), request)
        }
        let (_, _, metrics) = try XCTUnwrap(assertPair(events))
        XCTAssertNil(try XCTUnwrap(metrics).requestBodyBytes, "a streamed body's size was not measured")
    }

    // MARK: Observers of failures only

    /// An observer that says it cares about failures only, keeping what it is told.
    private final class FailureRecorder: RequestObserver {
        let calls = Mutex<[String]>([])
        let contexts = Mutex<[RequestContext]>([])
        let completions = Mutex<[RequestCompletion]>([])
        var observesFailuresOnly: Bool { true }

        func requestStarted(_ context: RequestContext) {
            calls.withLock { $0.append("started") }
            contexts.withLock { $0.append(context) }
        }

        func requestCompleted(_ completion: RequestCompletion) {
            calls.withLock { $0.append(completion.outcome.error == nil ? "succeeded" : "failed") }
            contexts.withLock { $0.append(completion.context) }
            completions.withLock { $0.append(completion) }
        }
    }

    func testObserversOfFailuresOnlyHearNothingOfASuccess() async {
        let recorder = FailureRecorder()
        let result = await send(
            pipeline(cannedTransport(), observers: [recorder]), HTTPRequest(method: .get, path: "/ok"))
        XCTAssertNotNil(try? result.get())
        XCTAssertEqual(recorder.calls.withLock { $0 }, [])
    }

    func testObserversOfFailuresOnlyHearAFailureInFull() async throws {
        let recorder = FailureRecorder()
        let result = await send(
            pipeline(cannedTransport(status: 503), observers: [recorder], headers: ["X-Trace": "1"]),
            HTTPRequest(method: .delete, path: "/broken"))
        guard case .failure(let error) = result else { return XCTFail("expected a failure") }
        XCTAssertEqual(error.statusCode, 503)
        XCTAssertEqual(recorder.calls.withLock { $0 }, ["started", "failed"])
        let contexts = recorder.contexts.withLock { $0 }
        XCTAssertEqual(contexts.count, 2)
        XCTAssertEqual(contexts.first?.id, contexts.last?.id, "one request: one id")
        XCTAssertEqual(contexts.first?.method, .delete)
        XCTAssertEqual(contexts.first?.url?.absoluteString, "http://example.test/broken")
        XCTAssertEqual(contexts.first?.headers["x-trace"], "1")
    }

    func testAFailureToldOnlyAtTheEndStillCarriesTheTimeFromTheRequestsStart() async throws {
        let recorder = FailureRecorder()
        let slow = ClosureTransport(exchange: { (request) throws(NetworkingError) -> HTTPExchange in
            try? await Task.sleep(for: .milliseconds(50))
            guard let url = request.url,
                let response = HTTPURLResponse(url: url, statusCode: 503, httpVersion: "HTTP/1.1", headerFields: [:])
            else { throw .invalidResponse }
            return HTTPExchange(request: request, response: response, body: Data())
        })
        let before = Date()
        let result = await send(pipeline(slow, observers: [recorder]), HTTPRequest(method: .get, path: "/slow"))
        let after = Date()
        guard case .failure = result else { return XCTFail("expected a failure") }
        let completion = try XCTUnwrap(recorder.completions.withLock { $0.first })
        XCTAssertGreaterThanOrEqual(completion.duration, .milliseconds(50), "the duration covers the transfer")
        XCTAssertLessThanOrEqual(completion.duration, .seconds(after.timeIntervalSince(before)) + .milliseconds(10))
        let metrics = try XCTUnwrap(completion.metrics)
        XCTAssertGreaterThanOrEqual(
            metrics.startDate.timeIntervalSince(before), -0.01, "it starts when the request did")
        XCTAssertGreaterThanOrEqual(metrics.endDate.timeIntervalSince(metrics.startDate), 0.05)
    }

    func testAnObserverOfEverythingBesideOneOfFailuresOnlyHearsSuccessesAsBefore() async throws {
        let recorder = FailureRecorder()
        let events = await events { broadcaster in
            await send(
                pipeline(cannedTransport(), observers: [broadcaster, recorder]), HTTPRequest(method: .get, path: "/ok"))
        }
        let (context, outcome, _) = try XCTUnwrap(assertPair(events))
        XCTAssertEqual(context.url?.absoluteString, "http://example.test/ok")
        guard case .success = outcome else { return XCTFail("expected success") }
        XCTAssertEqual(recorder.calls.withLock { $0 }, ["started", "succeeded"], "it is told, and may ignore it")
    }

    func testTheBuiltInLoggerObservesFailuresOnlyUnlessItLogsEverything() {
        XCTAssertTrue(NetworkingLogger(level: .failures, sinks: [MemorySink()]).observesFailuresOnly)
        XCTAssertTrue(NetworkingLogger(level: .none, sinks: [MemorySink()]).observesFailuresOnly)
        XCTAssertFalse(NetworkingLogger(level: .all, sinks: [MemorySink()]).observesFailuresOnly)
        XCTAssertTrue(
            LogGate(NetworkingLogger(level: .all, sinks: [MemorySink()]), isEnabled: false).observesFailuresOnly)
        XCTAssertFalse(EventBroadcaster().observesFailuresOnly)
    }
}
