import Foundation
import NetworkingObservability
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

final class EventBroadcasterTests: XCTestCase {
    private func context(_ path: String = "/get") -> RequestContext {
        RequestContext(method: .get, url: URL(string: "http://example.test\(path)"), headers: ["Accept": "*/*"])
    }

    private func completion(_ context: RequestContext, status: Int = 200) -> RequestCompletion {
        RequestCompletion(
            context: context, outcome: .success(statusCode: status, byteCount: 2), duration: .milliseconds(3),
            metrics: nil, response: nil)
    }

    func testEveryConsumerSeesEveryEventInOrder() async {
        let broadcaster = EventBroadcaster()
        let first = broadcaster.events()
        let second = broadcaster.events()
        let contexts = (0..<50).map { context("/item/\($0)") }
        for context in contexts {
            broadcaster.requestStarted(context)
            broadcaster.requestCompleted(completion(context))
        }
        broadcaster.finishAll()

        for stream in [first, second] {
            var ids: [String] = []
            for await event in stream {
                switch event {
                case .started(let context): ids.append("start \(context.id)")
                case .completed(let context, _, _, _): ids.append("end \(context.id)")
                }
            }
            XCTAssertEqual(ids, contexts.flatMap { ["start \($0.id)", "end \($0.id)"] })
        }
    }

    func testConsumerThatBreaksOutIsRemoved() async {
        let broadcaster = EventBroadcaster()
        let consumer = Task { () -> UUID? in
            for await event in broadcaster.events() { return event.context.id }
            return nil
        }
        while broadcaster.consumerCount == 0 { await Task.yield() }
        let context = context()
        broadcaster.requestStarted(context)
        let received = await consumer.value
        XCTAssertEqual(received, context.id)
        XCTAssertEqual(broadcaster.consumerCount, 0)
        broadcaster.requestStarted(self.context())  // nothing left to yield to
        XCTAssertEqual(broadcaster.consumerCount, 0)
    }

    func testDroppedStreamIsRemoved() {
        let broadcaster = EventBroadcaster()
        do {
            let stream = broadcaster.events()
            XCTAssertEqual(broadcaster.consumerCount, 1)
            _ = stream
        }
        XCTAssertEqual(broadcaster.consumerCount, 0)
    }

    func testCancelledConsumerIsRemoved() async {
        let broadcaster = EventBroadcaster()
        let stream = broadcaster.events()
        let consumer = Task {
            var count = 0
            for await _ in stream { count += 1 }
            return count
        }
        broadcaster.requestStarted(context())
        consumer.cancel()
        _ = await consumer.value
        XCTAssertEqual(broadcaster.consumerCount, 0)
    }

    func testSlowConsumerKeepsTheNewestEventsWithoutBlocking() async {
        let broadcaster = EventBroadcaster()
        let stream = broadcaster.events(bufferSize: 5)
        let contexts = (0..<20).map { context("/item/\($0)") }
        for context in contexts { broadcaster.requestStarted(context) }  // nobody is reading
        broadcaster.finishAll()
        var seen: [UUID] = []
        for await event in stream { seen.append(event.context.id) }
        XCTAssertEqual(seen, contexts.suffix(5).map(\.id))
    }

    func testCompletedEventCarriesTheCompletion() async {
        let broadcaster = EventBroadcaster()
        let stream = broadcaster.events()
        let context = context()
        let metrics = TransactionMetrics(
            startDate: Date(timeIntervalSince1970: 1), endDate: Date(timeIntervalSince1970: 2))
        broadcaster.requestCompleted(
            RequestCompletion(
                context: context, outcome: .success(statusCode: 201, byteCount: 7), duration: .seconds(1),
                metrics: metrics, response: nil))
        broadcaster.finishAll()
        var events: [NetworkingEvent] = []
        for await event in stream { events.append(event) }
        guard case .completed(let got, let outcome, let duration, let gotMetrics) = events.first, events.count == 1
        else {
            return XCTFail("expected one .completed, got \(events)")
        }
        XCTAssertEqual(got.id, context.id)
        guard case .success(let statusCode, let byteCount) = outcome else { return XCTFail("expected success") }
        XCTAssertEqual(statusCode, 201)
        XCTAssertEqual(byteCount, 7)
        XCTAssertEqual(duration, .seconds(1))
        XCTAssertEqual(gotMetrics, metrics)
    }
}
