import Foundation
import XCTest

@testable import NetworkingCache

final class HTTPCacheHeadersTests: XCTestCase {
    func testCacheControlDirectives() {
        let directives = CacheControl("Public, MAX-AGE=\"120\", no-cache=\"Set-Cookie, X-Foo\", must-revalidate")
        XCTAssertTrue(directives.isPublic)
        XCTAssertEqual(directives.maxAge, 120)
        XCTAssertTrue(directives.noCache)
        XCTAssertTrue(directives.mustRevalidate)
        XCTAssertFalse(directives.noStore)

        XCTAssertTrue(CacheControl("no-store").noStore)
        XCTAssertTrue(CacheControl("private, max-age=0").isPrivate)
        XCTAssertEqual(CacheControl("max-age=abc").maxAge, 0, "a malformed max-age is read as 0")
        XCTAssertEqual(CacheControl("max-age=-5").maxAge, 0)
        XCTAssertNil(CacheControl(nil).maxAge)
        XCTAssertEqual(
            CacheControl(" , ,max-age=7,"),
            {
                var c = CacheControl()
                c.maxAge = 7
                return c
            }())
    }

    func testHTTPDateFormats() {
        let expected = Date(timeIntervalSince1970: 784_111_777)  // 1994-11-06 08:49:37 UTC
        XCTAssertEqual(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT"), expected)
        XCTAssertEqual(HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT"), expected)
        XCTAssertEqual(HTTPDate.parse("Sun Nov  6 08:49:37 1994"), expected)
        XCTAssertEqual(HTTPDate.parse("Thu, 01 Jan 1970 00:00:00 GMT"), Date(timeIntervalSince1970: 0))
        XCTAssertEqual(HTTPDate.parse("Tue, 29 Feb 2000 12:00:00 GMT"), Date(timeIntervalSince1970: 951_825_600))
        for invalid in ["0", "", "-1", "tomorrow", "Sun, 06 Nov 1994 25:49:37 GMT", "Sun, 32 Nov 1994 08:49:37 GMT"] {
            XCTAssertNil(HTTPDate.parse(invalid), invalid)
        }
    }

    func testCachedResponseRoundTripsThroughItsEncoding() throws {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "image/png")
        headers.add(name: "X-Ünïcode", value: "værdi ✓")
        let response = CachedResponse(
            statusCode: 203, headers: headers, body: Data((0..<300).map { UInt8($0 % 256) }),
            url: URL(string: "http://example.test/a?b=c"), storedAt: Date(timeIntervalSince1970: 1_234_567.5),
            variantHeaders: ["Accept": "image/*"])
        let decoded = try XCTUnwrap(CachedResponse(encoded: response.encoded()))
        XCTAssertEqual(decoded, response)
        XCTAssertEqual(decoded.body.startIndex, 0, "the body is handed out zero-based")
        let encoded = response.encoded()
        XCTAssertEqual(CachedResponse.body(ofEncoded: encoded), response.body, "the body alone, as in the whole")
        let slice = (Data([1, 2, 3]) + encoded).dropFirst(3)
        XCTAssertEqual(CachedResponse.body(ofEncoded: slice), response.body)
        XCTAssertEqual(CachedResponse.body(ofEncoded: slice)?.startIndex, 0, "zero-based from a slice too")

        let empty = CachedResponse(
            statusCode: 204, headers: [:], body: Data(), url: nil, storedAt: Date(timeIntervalSince1970: 0))
        XCTAssertEqual(CachedResponse(encoded: empty.encoded()), empty)
    }

    func testGarbageIsNotACachedResponse() {
        let valid = CachedResponse(statusCode: 200, headers: ["A": "b"], body: Data("x".utf8)).encoded()
        XCTAssertNil(CachedResponse(encoded: Data()))
        XCTAssertNil(CachedResponse(encoded: Data("just some bytes".utf8)))
        XCTAssertNil(CachedResponse.body(ofEncoded: Data("just some bytes".utf8)))
        for length in 0..<valid.count {
            XCTAssertNil(CachedResponse(encoded: valid.prefix(length)), "prefix \(length)")
            XCTAssertNil(CachedResponse.body(ofEncoded: valid.prefix(length)), "prefix \(length)")
        }
        var corrupted = valid
        corrupted[corrupted.count - 6] ^= 0xFF  // the trailer length
        XCTAssertNil(CachedResponse(encoded: corrupted))
        XCTAssertNil(CachedResponse.body(ofEncoded: corrupted))
    }
}
