import Foundation
import XCTest

@testable import NetworkingCore

/// The parts of the cookie rules a single exchange cannot show: the cookie-date algorithm
/// (RFC 6265bis §5.1.1), attribute parsing (§5.6), joined `Set-Cookie` values, expiry over time,
/// the size limits and eviction.
final class CookieRulesTests: XCTestCase {
    private let url = URL(string: "http://example.com/")!
    private let now = CookieStoreTests.now

    func testCookieDates() {
        let rows: [(String, String?)] = [
            ("Wed, 09 Jun 2021 10:18:14 GMT", "2021-06-09T10:18:14Z"),
            ("Wednesday, 09-Jun-21 10:18:14 GMT", "2021-06-09T10:18:14Z"),
            ("Wed Jun  9 10:18:14 2021", "2021-06-09T10:18:14Z"),
            ("09 Jun 2021 10:18:14", "2021-06-09T10:18:14Z"),
            ("Thu, 01-Jan-70 00:00:01 GMT", "1970-01-01T00:00:01Z"),
            ("Sat, 01 Jan 2000 00:00:00 GMT", "2000-01-01T00:00:00Z"),
            ("1 jAnUaRy 69 1:2:3", "2069-01-01T01:02:03Z"),
            ("29 Feb 2024 23:59:59", "2024-02-29T23:59:59Z"),
            ("31 Dec 9999 23:59:59", "9999-12-31T23:59:59Z"),
            ("01 Jan 1601 00:00:00", "1601-01-01T00:00:00Z"),
            ("09 Jun 2021", nil),  // no time
            ("10:18:14 2021 Jun", nil),  // no day
            ("09 2021 10:18:14", nil),  // no month
            ("09 Jun 10:18:14", nil),  // no year
            ("29 Feb 2023 00:00:00", nil),  // not a leap year
            ("31 Apr 2021 00:00:00", nil),
            ("32 Jan 2021 00:00:00", nil),
            ("00 Jan 2021 00:00:00", nil),
            ("01 Jan 1600 00:00:00", nil),
            ("01 Jan 2021 24:00:00", nil),
            ("01 Jan 2021 23:60:00", nil),
            ("01 Jan 2021 23:59:60", nil),
            ("", nil),
            ("tomorrow", nil),
        ]
        let formatter = ISO8601DateFormatter()
        for (text, expected) in rows {
            XCTAssertEqual(CookieDate.parse(text).map { formatter.string(from: $0) }, expected, text)
        }
    }

    func testAttributesAreParsedLastOneWinning() throws {
        let parsed = try XCTUnwrap(
            SetCookie(
                "id=a3fWa; Expires=Wed, 21 Oct 2015 07:28:00 GMT; Max-Age=10; Max-Age=20; Domain=.Example.COM; "
                    + "Path=/docs; Secure; HttpOnly; SameSite=Strict"))
        XCTAssertEqual(parsed.name, "id")
        XCTAssertEqual(parsed.value, "a3fWa")
        XCTAssertEqual(parsed.maxAge, 20)
        XCTAssertEqual(parsed.expires, Date(timeIntervalSince1970: 1_445_412_480))
        XCTAssertEqual(parsed.domain, "example.com")
        XCTAssertEqual(parsed.path, "/docs")
        XCTAssertTrue(parsed.isSecure)
        XCTAssertTrue(parsed.isHTTPOnly)
        XCTAssertEqual(parsed.sameSite, .strict)
        XCTAssertEqual(SetCookie("a=1; Max-Age=99999999999999999999999")?.maxAge, Int64.max)
        XCTAssertEqual(SetCookie("a=1; Max-Age=-")?.maxAge, nil)
    }

    func testStoredCookieKeepsFlagsAndSameSite() throws {
        var store = CookieStore()
        store.receive(
            "s=1; Secure; HttpOnly; SameSite=Lax; Max-Age=60", from: try XCTUnwrap(URL(string: "https://a.test/")),
            now: now)
        let cookie = try XCTUnwrap(store.allCookies.first)
        XCTAssertTrue(cookie.isSecure)
        XCTAssertTrue(cookie.isHTTPOnly)
        XCTAssertTrue(cookie.isHostOnly)
        XCTAssertEqual(cookie.sameSite, .lax)
        XCTAssertEqual(cookie.expiresAt, now.addingTimeInterval(60))
        XCTAssertTrue(cookie.isPersistent)
    }

    func testJoinedSetCookieValuesAreSplitAtCookieBoundaries() {
        let rows: [(String, [String])] = [
            ("a=1", ["a=1"]),
            ("a=1, b=2", ["a=1", "b=2"]),
            (
                "a=1; Expires=Wed, 09 Jun 2021 10:18:14 GMT, b=2; Path=/",
                [
                    "a=1; Expires=Wed, 09 Jun 2021 10:18:14 GMT", "b=2; Path=/",
                ]
            ),
            ("a=1,2", ["a=1,2"]),
            (
                "a=1; Path=/, b=2; Expires=Thursday, 01-Jan-70 00:00:01 GMT; Secure",
                [
                    "a=1; Path=/", "b=2; Expires=Thursday, 01-Jan-70 00:00:01 GMT; Secure",
                ]
            ),
            ("", []),
        ]
        for (combined, lines) in rows {
            XCTAssertEqual(SetCookie.fieldValues(in: combined), lines, combined)
        }
    }

    func testACookieExpiresWithTime() {
        var store = CookieStore()
        store.receive("a=1; Max-Age=60", from: url, now: now)
        store.receive("b=2; Expires=Wed, 15 Nov 2023 00:00:00 GMT", from: url, now: now)
        XCTAssertEqual(store.cookieHeader(for: url, now: now.addingTimeInterval(59)), "a=1; b=2")
        XCTAssertEqual(store.cookieHeader(for: url, now: now.addingTimeInterval(60)), "b=2")
        XCTAssertNil(store.cookieHeader(for: url, now: now.addingTimeInterval(86_400)))
        XCTAssertEqual(store.count, 0, "expired cookies are dropped")
    }

    func testLifetimeIsCappedAt400Days() throws {
        var store = CookieStore()
        store.receive("a=1; Max-Age=999999999", from: url, now: now)
        store.receive("b=1; Expires=Fri, 01 Jan 2100 00:00:00 GMT", from: url, now: now)
        for cookie in store.allCookies {
            XCTAssertEqual(cookie.expiresAt, now.addingTimeInterval(400 * 86_400), cookie.name)
        }
    }

    func testPerDomainLimitEvictsTheLeastRecentlyUsed() {
        var store = CookieStore(maximumCookiesPerDomain: 3, maximumCookies: 100)
        for name in ["a", "b", "c"] { store.receive("\(name)=1", from: url, now: now) }
        // Reading "a" later makes "b" the least recently used.
        _ = store.cookies(for: url, now: now.addingTimeInterval(1))
        store.receive("b=2", from: url, now: now.addingTimeInterval(2))
        store.receive("d=1", from: url, now: now.addingTimeInterval(3))
        XCTAssertEqual(store.count, 3)
        XCTAssertEqual(store.cookieHeader(for: url, now: now.addingTimeInterval(4)), "b=2; c=1; d=1")
        XCTAssertEqual(Set(store.allCookies.map(\.name)), ["b", "c", "d"], "a, least recently used, was evicted")
    }

    func testTotalLimitEvictsTheOldestAcrossDomains() throws {
        var store = CookieStore(maximumCookiesPerDomain: 10, maximumCookies: 3)
        for (index, host) in ["a.test", "b.test", "c.test", "d.test"].enumerated() {
            let from = try XCTUnwrap(URL(string: "http://\(host)/"))
            store.receive("x=\(index)", from: from, now: now.addingTimeInterval(Double(index)))
        }
        XCTAssertEqual(store.count, 3)
        XCTAssertEqual(Set(store.allCookies.map(\.domain)), ["b.test", "c.test", "d.test"])
    }

    func testExpiredCookiesAreEvictedBeforeLiveOnes() {
        var store = CookieStore(maximumCookiesPerDomain: 2, maximumCookies: 100)
        store.receive("old=1; Max-Age=1", from: url, now: now)
        store.receive("live=1", from: url, now: now)
        store.receive("new=1", from: url, now: now.addingTimeInterval(5))
        XCTAssertEqual(Set(store.allCookies.map(\.name)), ["live", "new"])
    }

    func testOutcomesSayWhy() {
        var store = CookieStore()
        XCTAssertEqual(store.receive("a=1", from: url, now: now), .stored)
        XCTAssertEqual(store.receive("a=1; Max-Age=0", from: url, now: now), .removed)
        XCTAssertEqual(store.receive("a=1; Max-Age=0", from: url, now: now), .ignored("the cookie has expired"))
        XCTAssertEqual(
            store.receive("a=1; Domain=other.test", from: url, now: now),
            .ignored("example.com does not domain-match Domain=other.test"))
    }

    func testManyCookiesStayFastAndBounded() throws {
        var store = CookieStore()
        for index in 0..<5000 {
            let from = try XCTUnwrap(URL(string: "http://h\(index % 200).test/"))
            store.receive("c\(index)=v", from: from, now: now.addingTimeInterval(Double(index)))
        }
        XCTAssertLessThanOrEqual(store.count, 3000)
        XCTAssertLessThanOrEqual(store.cookies(for: try XCTUnwrap(URL(string: "http://h1.test/")), now: now).count, 50)
    }
}
