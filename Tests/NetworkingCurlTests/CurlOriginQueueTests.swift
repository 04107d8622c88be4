#if os(Linux)
    import XCTest

    @testable import NetworkingCurl

    /// The line in front of each origin's connections: first come, first served, per origin, with
    /// cancelled and expired transfers leaving it at once.
    final class CurlOriginQueueTests: XCTestCase {
        private final class Item {
            let name: String
            init(_ name: String) { self.name = name }
        }

        func testTransfersBeyondTheLimitWaitInOrderPerOrigin() {
            var queue = CurlOriginQueue<Item>(limit: 2)
            let items = (0..<5).map { Item("a\($0)") }
            let other = Item("b0")
            XCTAssertEqual(items.map { queue.admit($0, origin: "a") }, [true, true, false, false, false])
            XCTAssertTrue(queue.admit(other, origin: "b"), "another origin has connections of its own")
            XCTAssertEqual(queue.waitingCount, 3)
            XCTAssertEqual(queue.allWaiting.map(\.name), ["a2", "a3", "a4"])
            XCTAssertTrue(queue.finished(origin: "a") === items[2], "the oldest waiting goes first")
            XCTAssertTrue(queue.finished(origin: "a") === items[3])
            XCTAssertNil(queue.finished(origin: "b"), "nothing waits for b")
            XCTAssertTrue(queue.finished(origin: "a") === items[4])
            XCTAssertEqual(queue.waitingCount, 0)
            // Each place that freed up went to the next in line, so two still run for a: a
            // newcomer waits.
            XCTAssertFalse(queue.admit(Item("a5"), origin: "a"))
        }

        func testANewcomerNeverOvertakesTheLine() {
            var queue = CurlOriginQueue<Item>(limit: 1)
            let first = Item("first")
            let waiting = Item("waiting")
            XCTAssertTrue(queue.admit(first, origin: "a"))
            XCTAssertFalse(queue.admit(waiting, origin: "a"))
            let next = queue.finished(origin: "a")
            XCTAssertTrue(next === waiting, "the place that freed up goes to the one waiting")
            XCTAssertFalse(queue.admit(Item("late"), origin: "a"), "the place is taken again")
        }

        func testAWaitingTransferCanLeaveTheLine() {
            var queue = CurlOriginQueue<Item>(limit: 1)
            let running = Item("running")
            let leaving = Item("leaving")
            let staying = Item("staying")
            XCTAssertTrue(queue.admit(running, origin: "a"))
            XCTAssertFalse(queue.admit(leaving, origin: "a"))
            XCTAssertFalse(queue.admit(staying, origin: "a"))
            XCTAssertTrue(queue.remove(leaving, origin: "a"))
            XCTAssertFalse(queue.remove(leaving, origin: "a"), "it left already")
            XCTAssertFalse(queue.remove(running, origin: "a"), "a running transfer is not in the line")
            XCTAssertTrue(queue.finished(origin: "a") === staying)
            XCTAssertNil(queue.finished(origin: "a"))
            XCTAssertTrue(queue.admit(Item("free"), origin: "a"), "every place is free again")
        }
    }
#endif
