import Foundation
import NetworkingCore
import XCTest

/// A base parsed once (as a `RequestBuilder` keeps it) and the fast paths of `URLComposer` give the same URLs and errors as
/// the full rule, however often and in whatever order bases are used.
final class URLComposerCacheTests: XCTestCase {
    private func compose(_ base: String, _ path: String) throws(NetworkingError) -> String {
        try URLComposer.compose(baseURL: base, path: path).absoluteString
    }

    func testTheSameBaseGivesTheSameURLEveryTime() throws {
        for _ in 0..<3 {
            XCTAssertEqual(try compose("http://h.test/api/", "/users"), "http://h.test/api/users")
            XCTAssertEqual(try compose("http://h.test/api?v=2", "/users"), "http://h.test/api/users?v=2")
        }
    }

    func testManyDistinctBasesStayCorrect() throws {
        for index in 0..<300 {
            XCTAssertEqual(try compose("http://h\(index).test/v\(index)", "x"), "http://h\(index).test/v\(index)/x")
        }
        XCTAssertEqual(try compose("http://h0.test/v0", "/again"), "http://h0.test/v0/again")
    }

    func testAnUnusableBaseFailsEveryRelativePathWithItsReason() {
        for _ in 0..<2 {
            assertInvalidRequest(try compose("", "/users"), mentioning: "base URL is empty", "/users")
            assertInvalidRequest(try compose("ftp://h.test", "/x"), mentioning: "ftp://h.test")
        }
        XCTAssertEqual(try? compose("", "http://other.test/x"), "http://other.test/x", "an absolute path needs no base")
    }

    func testPlainPathsAreKeptAndOthersEncoded() throws {
        XCTAssertEqual(try compose("http://h.test", "/a-b_c.d~e/F9"), "http://h.test/a-b_c.d~e/F9")
        XCTAssertEqual(try compose("http://h.test", "/a b"), "http://h.test/a%20b")
        XCTAssertEqual(try compose("http://h.test", "/døgn"), "http://h.test/d%C3%B8gn")
        XCTAssertEqual(try compose("http://h.test", "/50%25"), "http://h.test/50%25")
        XCTAssertEqual(try compose("http://h.test", "/a:b@c"), "http://h.test/a:b@c")
    }

    func testSchemesAreRecognisedInAnyCaseAndOnlyWhole() throws {
        XCTAssertEqual(try compose("http://h.test", "HTTPS://other.test/x"), "https://other.test/x")
        XCTAssertEqual(try compose("http://h.test", "Http://other.test/x"), "http://other.test/x")
        XCTAssertEqual(try compose("http://h.test", "httpx://other.test"), "http://h.test/httpx://other.test")
        XCTAssertEqual(try compose("http://h.test", "http:/x"), "http://h.test/http:/x")
        XCTAssertEqual(try compose("http://h.test", "http"), "http://h.test/http")
        XCTAssertEqual(try compose("HTTP://H.test/api", "x"), "http://H.test/api/x")
    }
}
