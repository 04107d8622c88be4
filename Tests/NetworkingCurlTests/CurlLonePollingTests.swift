#if os(Linux)
    @testable import NetworkingCurl
    import XCTest

    /// When a request alone in flight is waited for by polling (`CurlLonePolling`).
    final class CurlLonePollingTests: XCTestCase {
        private let limit: UInt64 = 150_000

        /// Runs `count` lone requests, each taking what `duration` says for the way chosen;
        /// returns how many polled.
        private func simulate(
            _ policy: inout CurlLonePolling, count: Int, duration: (Bool) -> UInt64
        ) -> Int {
            var polls = 0
            for _ in 0..<count {
                let polled = policy.shouldPoll(limit: limit)
                if polled { polls += 1 }
                policy.record(polled: polled, nanoseconds: duration(polled), limit: limit)
            }
            return polls
        }

        func testTriesPollingFirstThenWaiting() {
            var policy = CurlLonePolling()
            XCTAssertTrue(policy.shouldPoll(limit: limit))
            policy.record(polled: true, nanoseconds: 50_000, limit: limit)
            XCTAssertFalse(policy.shouldPoll(limit: limit))
            policy.record(polled: false, nanoseconds: 90_000, limit: limit)
            XCTAssertTrue(policy.shouldPoll(limit: limit))
        }

        /// Where polling is faster (an idle machine, a loopback server) nearly every lone request
        /// polls; the rest keep the waiting average current.
        func testPollsWhenPollingIsFaster() {
            var policy = CurlLonePolling()
            let polls = simulate(&policy, count: 1600) { $0 ? 45_000 : 85_000 }
            XCTAssertEqual(polls, 1600 - 100, accuracy: 2)
        }

        /// Where polling is slower (a busy machine) nearly every lone request suspends at once.
        func testWaitsWhenPollingIsSlower() {
            var policy = CurlLonePolling()
            let polls = simulate(&policy, count: 1600) { $0 ? 230_000 : 80_000 }
            XCTAssertEqual(polls, 100, accuracy: 2)
        }

        /// A server slower than twice the poll is never polled for but to keep the averages current.
        func testDoesNotPollForSlowServers() {
            var policy = CurlLonePolling()
            let polls = simulate(&policy, count: 1600) { $0 ? 2_000_000 : 2_100_000 }
            XCTAssertEqual(polls, 100, accuracy: 2)
        }

        /// When the machine changes, the policy follows within a few dozen requests.
        func testFollowsAChange() {
            var policy = CurlLonePolling()
            _ = simulate(&policy, count: 800) { $0 ? 45_000 : 85_000 }
            _ = simulate(&policy, count: 200) { $0 ? 230_000 : 80_000 }
            let polls = simulate(&policy, count: 160) { $0 ? 230_000 : 80_000 }
            XCTAssertEqual(polls, 10, accuracy: 1)
        }

        /// A duration counts as at most four times the limit: slow enough to stop polling, and one
        /// very slow response does not outweigh the requests around it for long.
        func testADurationCountsAsAtMostFourTimesTheLimit() {
            var policy = CurlLonePolling()
            policy.record(polled: false, nanoseconds: 5_000_000_000, limit: limit)
            XCTAssertEqual(policy.waited.value, 4 * limit)
            policy.record(polled: true, nanoseconds: 100_000, limit: limit)
            XCTAssertEqual(policy.polled.value, 100_000)
        }

        func testTheAverageWeighsEachSampleAnEighth() {
            var average = CurlLonePolling.Average()
            XCTAssertFalse(average.isKnown)
            average.add(80_000)
            XCTAssertEqual(average.value, 80_000)
            average.add(160_000)
            XCTAssertEqual(average.value, 90_000)
        }
    }
#endif
