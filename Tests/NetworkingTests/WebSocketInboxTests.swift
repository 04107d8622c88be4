import Foundation
import Synchronization
import XCTest

@testable import Networking
@testable import NetworkingWebSockets

/// The inbox between a connection's loop and its consumer: messages pushed in a batch (all that
/// one read brought) come out in order without the consumer waiting, and the back-pressure
/// between them holds whether the consumer took a message waiting or already queued.
final class WebSocketInboxTests: XCTestCase {
    func testABatchPushedBeforeTheConsumerAsksComesOutInOrder() async throws {
        let inbox = WebSocketInbox(capacity: 1 << 20, onRoom: {}, onCancel: {})
        let batch = (0..<100).map { WebSocketMessage.text("message \($0)") }
        for message in batch { inbox.push(message) }
        var received: [WebSocketMessage] = []
        for _ in batch {
            let message = try await inbox.next()
            received.append(try XCTUnwrap(message))
        }
        XCTAssertEqual(received, batch)
        inbox.finish(nil)
        let end = try await inbox.next()
        XCTAssertNil(end)
    }

    func testAWaitingConsumerGetsTheFirstOfABatchAndTheRestQueued() async throws {
        let inbox = WebSocketInbox(capacity: 1 << 20, onRoom: {}, onCancel: {})
        async let first = inbox.next()
        // Give the consumer time to park, then push a batch as the loop does after one read.
        try await Task.sleep(for: .milliseconds(50))
        for index in 0..<10 { inbox.push(.binary(Data([UInt8(index)]))) }
        let head = try await first
        XCTAssertEqual(head, .binary(Data([0])))
        for index in 1..<10 {
            let message = try await inbox.next()
            XCTAssertEqual(message, .binary(Data([UInt8(index)])))
        }
    }

    func testBackPressureIsBoundedAndRoomIsSignalledOnceFromTheQueue() async throws {
        let rooms = Atomic<Int>(0)
        // Each message counts its bytes and a fixed overhead: four of 100 bytes fill 512.
        let inbox = WebSocketInbox(capacity: 512, onRoom: { rooms.add(1, ordering: .relaxed) }, onCancel: {})
        var pushed = 0
        while inbox.hasRoom {
            inbox.push(.binary(Data(count: 100)))
            pushed += 1
        }
        XCTAssertEqual(pushed, 4, "the loop stops reading once the buffer is full")
        for _ in 0..<pushed { _ = try await inbox.next() }
        XCTAssertTrue(inbox.hasRoom)
        XCTAssertEqual(rooms.load(ordering: .relaxed), 1, "the loop is woken once, when room was first made")
    }

    func testAnErrorComesAfterTheQueuedMessages() async throws {
        let inbox = WebSocketInbox(capacity: 1 << 20, onRoom: {}, onCancel: {})
        inbox.push(.text("a"))
        inbox.push(.text("b"))
        inbox.finish(.webSocketClosed)
        let a = try await inbox.next()
        let b = try await inbox.next()
        XCTAssertEqual([a, b], [.text("a"), .text("b")])
        do {
            _ = try await inbox.next()
            XCTFail("the error is thrown after the messages")
        } catch {}
    }

    func testACancelledConsumerIsNotHandedAQueuedMessage() async throws {
        let inbox = WebSocketInbox(capacity: 1 << 20, onRoom: {}, onCancel: {})
        inbox.push(.text("queued"))
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await inbox.next()
        }
        do {
            _ = try await task.value
            XCTFail("a cancelled consumer gets .cancelled")
        } catch let error as NetworkingError {
            guard case .cancelled = error else { return XCTFail("expected .cancelled, got \(error)") }
        }
    }
}
