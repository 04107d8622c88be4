#if os(Linux)
    import XCTest

    @testable import NetworkingCurl

    /// The connection loop's timers: deadlines come out earliest first, only once due, each once.
    final class CurlDeadlinesTests: XCTestCase {
        func testDeadlinesComeOutEarliestFirstOnlyOnceDue() {
            let start = ContinuousClock.now
            var deadlines = CurlDeadlines()
            XCTAssertNil(deadlines.next)
            let offsets = [50, 10, 40, 10, 30, 20, 0, 60]
            for (token, offset) in offsets.enumerated() {
                deadlines.insert(start + .milliseconds(offset), UInt64(token))
            }
            XCTAssertEqual(deadlines.next, start)
            XCTAssertEqual(deadlines.expired(at: start - .milliseconds(1)).map(\.token), [])
            let due = deadlines.expired(at: start + .milliseconds(25)).map(\.token)
            XCTAssertEqual(due.first, 6)
            XCTAssertEqual(Set(due.dropFirst(1).prefix(2)), [1, 3])
            XCTAssertEqual(due.last, 5)
            XCTAssertEqual(due.count, 4)
            XCTAssertEqual(deadlines.next, start + .milliseconds(30))
            XCTAssertEqual(deadlines.expired(at: start + .seconds(1)).map(\.token), [4, 2, 0, 7])
            XCTAssertNil(deadlines.next)
            XCTAssertEqual(deadlines.expired(at: start + .seconds(2)).count, 0)
        }

        func testManyRandomDeadlinesComeOutSorted() {
            let start = ContinuousClock.now
            var deadlines = CurlDeadlines()
            var generator = SystemRandomNumberGenerator()
            var instants: [ContinuousClock.Instant] = []
            for token in 0..<1000 {
                let instant = start + .microseconds(Int.random(in: 0..<1_000_000, using: &generator))
                instants.append(instant)
                deadlines.insert(instant, UInt64(token))
            }
            let out = deadlines.expired(at: start + .seconds(2))
            XCTAssertEqual(out.map(\.instant), instants.sorted())
            XCTAssertEqual(Set(out.map(\.token)).count, 1000)
        }
    }
#endif
