#if os(Linux)
    @testable import NetworkingCurl
    import XCTest

    /// When a request alone in flight is waited for by polling (`CurlLonePolling`).
    final class CurlLonePollingTests: XCTestCase {
        func testPollsWhilePollingCatchesTheEnd() {
            var policy = CurlLonePolling()
            for _ in 0..<10 {
                XCTAssertTrue(policy.shouldPoll())
                policy.record(caught: true)
            }
        }

        /// Each miss makes the next 1, 2, 4 … lone requests suspend at once.
        func testMissesBackOffExponentially() {
            var policy = CurlLonePolling()
            for expectedSkips in [1, 2, 4, 8] {
                XCTAssertTrue(policy.shouldPoll())
                policy.record(caught: false)
                for _ in 0..<expectedSkips { XCTAssertFalse(policy.shouldPoll()) }
            }
            XCTAssertTrue(policy.shouldPoll())
        }

        func testTheBackoffIsCapped() {
            var policy = CurlLonePolling()
            for _ in 0..<20 {
                while !policy.shouldPoll() {}
                policy.record(caught: false)
            }
            XCTAssertEqual(policy.skipsLeft, CurlLonePolling.maximumBackoff)
            XCTAssertEqual(policy.backoff, CurlLonePolling.maximumBackoff)
        }

        /// A poll that catches its transfer's end resets the backoff: the next miss skips one.
        func testACatchResetsTheBackoff() {
            var policy = CurlLonePolling()
            for _ in 0..<5 {
                while !policy.shouldPoll() {}
                policy.record(caught: false)
            }
            while !policy.shouldPoll() {}
            policy.record(caught: true)
            XCTAssertTrue(policy.shouldPoll())
            policy.record(caught: false)
            XCTAssertFalse(policy.shouldPoll())
            XCTAssertTrue(policy.shouldPoll())
        }
    }
#endif
