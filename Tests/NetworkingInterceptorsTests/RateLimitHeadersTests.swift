import Foundation
import XCTest

@testable import NetworkingInterceptors

/// The rate-limit fields `RateLimitInterceptor` reads, in each spelling, and the values it ignores.
final class RateLimitHeadersTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_781_000_000)

    private func quota(_ fields: [String: String]) -> RateLimitHeaders? {
        RateLimitHeaders(HTTPHeaders(fields), now: now)
    }

    func testTheStructuredListOfTheDraft() {
        XCTAssertEqual(
            quota(["RateLimit": #""default";r=0;t=30"#]), RateLimitHeaders(remaining: 0, reset: .seconds(30)))
        XCTAssertEqual(quota(["RateLimit": #""default";r=0;t=30"#])?.isSpent, true)
        XCTAssertEqual(
            quota(["RateLimit": #""burst";r=4;t=1, "day";r=0;t=3600"#]),
            RateLimitHeaders(remaining: 0, reset: .seconds(3600)),
            "the spent quota binds")
        XCTAssertEqual(
            quota(["RateLimit": #""burst";r=4;t=1, "day";r=90;t=3600"#]),
            RateLimitHeaders(remaining: 4, reset: .seconds(1)))
    }

    func testTheEarlierForms() {
        XCTAssertEqual(
            quota(["RateLimit": "limit=100, remaining=0, reset=30"]),
            RateLimitHeaders(remaining: 0, reset: .seconds(30)))
        XCTAssertEqual(
            quota(["RateLimit-Remaining": "0", "RateLimit-Reset": "12"]),
            RateLimitHeaders(remaining: 0, reset: .seconds(12)))
    }

    func testTheCustomaryFields() {
        XCTAssertEqual(
            quota(["X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "20"]),
            RateLimitHeaders(remaining: 0, reset: .seconds(20)))
        XCTAssertEqual(
            quota(["X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "1781000045"]),
            RateLimitHeaders(remaining: 0, reset: .seconds(45)), "a Unix time")
        XCTAssertEqual(
            quota(["X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "1780000000"])?.isSpent, false, "a time past")
    }

    func testMalformedValuesAreIgnored() {
        XCTAssertNil(quota([:]))
        XCTAssertNil(quota(["RateLimit": #""default";r=-1;t=30"#]))
        XCTAssertNil(quota(["RateLimit": #""default";r=0;t=soon"#]))
        XCTAssertNil(quota(["RateLimit": #""default";r=0;t=999999999"#]), "more than a day")
        XCTAssertNil(quota(["X-RateLimit-Remaining": "none", "X-RateLimit-Reset": "20"]))
        XCTAssertNil(quota(["X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "99999999999999999999"]))
        XCTAssertEqual(quota(["RateLimit": #""default";r=5;t=30"#])?.isSpent, false)
    }
}
