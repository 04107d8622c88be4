#if os(Linux)
    @testable import NetworkingCurl
    import XCTest

    /// Who drives an event loop's multi handle, and who must be woken (`CurlLoopInbox`).
    final class CurlLoopInboxTests: XCTestCase {
        private typealias Inbox = CurlLoopInbox<Int>

        /// An inbox whose loop thread has parked (nothing in flight, nothing posted).
        private func parked() -> Inbox {
            var inbox = Inbox()
            XCTAssertEqual(inbox.rest(isIdle: true), .park)
            XCTAssertEqual(inbox.driver, .parked)
            return inbox
        }

        func testTheFirstPostUnparksTheLoopAndTheNextWakesNobody() {
            var inbox = parked()
            inbox.added.append(1)
            XCTAssertEqual(inbox.wake(), .unpark)
            XCTAssertEqual(inbox.driver, .loopThread)
            inbox.added.append(2)
            XCTAssertEqual(inbox.wake(), .none, "the loop is running: it sees the work without a wakeup")
        }

        func testALoopAsleepInPollIsInterruptedOnce() {
            var inbox = Inbox()
            XCTAssertEqual(inbox.rest(isIdle: false), .poll)
            XCTAssertTrue(inbox.sleeping)
            inbox.cancelled.append(1)
            XCTAssertEqual(inbox.wake(), .interruptPoll)
            inbox.cancelled.append(2)
            XCTAssertEqual(inbox.wake(), .none, "one interrupt is enough")
            inbox.awake()
            XCTAssertFalse(inbox.sleeping)
        }

        func testPendingWorkKeepsTheLoopRunning() {
            var inbox = Inbox()
            inbox.unpaused.append(1)
            XCTAssertEqual(inbox.rest(isIdle: true), .work)
            XCTAssertEqual(inbox.driver, .loopThread, "a loop with work never parks")
            XCTAssertFalse(inbox.sleeping)
        }

        func testASenderClaimsOnlyAParkedLoopWithNothingPosted() {
            var running = Inbox()
            XCTAssertFalse(running.claim(), "the loop thread drives")

            var posted = parked()
            posted.added.append(1)
            XCTAssertFalse(posted.claim(), "posted work is the loop thread's to take")

            var idle = parked()
            XCTAssertTrue(idle.claim())
            XCTAssertEqual(idle.driver, .caller)
            XCTAssertFalse(idle.claim(), "one driver at a time")
        }

        func testADrivingSenderHandsOverWorkPostedMeanwhile() {
            var inbox = parked()
            XCTAssertTrue(inbox.claim())
            inbox.added.append(7)
            XCTAssertEqual(inbox.wake(), Inbox.Wake.none, "a driving sender sees the post at its next look")
            XCTAssertTrue(inbox.hasWork)
            XCTAssertTrue(inbox.release(isIdle: true), "the posted request goes to the loop thread")
            XCTAssertEqual(inbox.driver, .loopThread)
        }

        func testASenderLeavesTheLoopParkedWhenNothingIsLeft() {
            var inbox = parked()
            XCTAssertTrue(inbox.claim())
            XCTAssertFalse(inbox.release(isIdle: true))
            XCTAssertEqual(inbox.driver, .parked)
            XCTAssertTrue(inbox.claim(), "the next lone request may drive again")
        }

        func testASenderHandsOverATransferStillRunning() {
            var inbox = parked()
            XCTAssertTrue(inbox.claim())
            XCTAssertTrue(inbox.release(isIdle: false), "its transfer outlived the interval")
            XCTAssertEqual(inbox.driver, .loopThread)
            XCTAssertFalse(inbox.sleeping, "the loop thread is awake, not in poll")
        }

        func testStoppingIsWorkThatStays() {
            var inbox = parked()
            inbox.stopping = true
            XCTAssertEqual(inbox.wake(), .unpark)
            inbox.added.append(3)
            let taken = inbox.take()
            XCTAssertEqual(taken.added, [3])
            XCTAssertTrue(taken.stopping)
            XCTAssertTrue(inbox.added.isEmpty)
            XCTAssertTrue(inbox.hasWork, "stopping is seen by every later pass")
            XCTAssertEqual(inbox.rest(isIdle: true), .work)
        }
    }
#endif
