import Foundation
import NetworkingCore
import XCTest

final class URLComposerTests: XCTestCase {
    private func compose(
        _ base: String, _ path: String, _ query: [URLQueryItem] = []
    ) throws(NetworkingError) -> String {
        try URLComposer.compose(baseURL: base, path: path, query: query).absoluteString
    }

    func testSlashesBetweenBaseAndPathCollapseToOne() throws {
        XCTAssertEqual(try compose("http://h.test/api", "/users"), "http://h.test/api/users")
        XCTAssertEqual(try compose("http://h.test/api/", "/users"), "http://h.test/api/users")
        XCTAssertEqual(try compose("http://h.test/api//", "//users"), "http://h.test/api/users")
        XCTAssertEqual(try compose("http://h.test/api", "users"), "http://h.test/api/users")
        XCTAssertEqual(try compose("http://h.test", "/get"), "http://h.test/get")
        XCTAssertEqual(try compose("http://h.test/", "get"), "http://h.test/get")
        XCTAssertEqual(try compose("http://127.0.0.1:8080", "/get"), "http://127.0.0.1:8080/get")
    }

    func testInnerAndTrailingSlashesOfThePathAreKept() throws {
        XCTAssertEqual(try compose("http://h.test/api", "/users/"), "http://h.test/api/users/")
        XCTAssertEqual(try compose("http://h.test/api", "/a//b"), "http://h.test/api/a//b")
        XCTAssertEqual(try compose("http://h.test/api", "/"), "http://h.test/api/")
    }

    func testEmptyPathIsTheBaseURLItself() throws {
        XCTAssertEqual(try compose("http://h.test/api", ""), "http://h.test/api")
        XCTAssertEqual(try compose("http://h.test/api/", ""), "http://h.test/api/")
        XCTAssertEqual(try compose("http://h.test", ""), "http://h.test")
    }

    func testProtocolRelativeLookingPathStaysOnTheBaseHost() throws {
        XCTAssertEqual(try compose("http://h.test/api", "//evil.test/x"), "http://h.test/api/evil.test/x")
    }

    func testAbsoluteURLsPassThrough() throws {
        XCTAssertEqual(try compose("http://h.test/api", "https://other.test/x?y=1"), "https://other.test/x?y=1")
        XCTAssertEqual(try compose("", "http://other.test:81/x"), "http://other.test:81/x")
        XCTAssertEqual(try compose("http://h.test", "HTTPS://other.test/x"), "https://other.test/x")
        XCTAssertEqual(
            try compose("http://h.test", "http://other.test/a?x=1", [URLQueryItem(name: "b", value: "2")]),
            "http://other.test/a?x=1&b=2")
    }

    func testQueryInThePathIsKeptAndItemsAreAppendedInOrder() throws {
        XCTAssertEqual(
            try compose("http://h.test", "/search?q=swift", [URLQueryItem(name: "page", value: "2")]),
            "http://h.test/search?q=swift&page=2")
        XCTAssertEqual(try compose("http://h.test/api", "?x=1"), "http://h.test/api?x=1")
        XCTAssertEqual(try compose("http://h.test", "/s?q=a+b"), "http://h.test/s?q=a+b")
        XCTAssertEqual(try compose("http://h.test", "/s?q=a b"), "http://h.test/s?q=a%20b")
    }

    func testBaseQueryComesFirst() throws {
        XCTAssertEqual(
            try compose("http://h.test/api?key=1", "/x", [URLQueryItem(name: "b", value: "2")]),
            "http://h.test/api/x?key=1&b=2")
    }

    func testRepeatedQueryNamesAndOrderAreKept() throws {
        let items = [
            URLQueryItem(name: "tag", value: "a"), URLQueryItem(name: "tag", value: "b"),
            URLQueryItem(name: "z", value: "1"), URLQueryItem(name: "a", value: "2"),
            URLQueryItem(name: "flag", value: nil),
        ]
        XCTAssertEqual(try compose("http://h.test", "/get", items), "http://h.test/get?tag=a&tag=b&z=1&a=2&flag")
    }

    func testQueryValuesArePercentEncodedSoTheyCannotSplitAPair() throws {
        let items = [URLQueryItem(name: "q a", value: "a b&c=d+e;f"), URLQueryItem(name: "ø", value: "/?")]
        XCTAssertEqual(
            try compose("http://h.test", "/s", items), "http://h.test/s?q%20a=a%20b%26c%3Dd%2Be%3Bf&%C3%B8=/?")
        let url = try URLComposer.compose(baseURL: "http://h.test", path: "/s", query: items)
        let parsed = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems
        XCTAssertEqual(parsed?.first?.value, "a b&c=d+e;f")
        XCTAssertEqual(parsed?.last?.name, "ø")
    }

    func testPathCharactersArePercentEncodedAndExistingEscapesKept() throws {
        XCTAssertEqual(try compose("http://h.test", "/a b/c"), "http://h.test/a%20b/c")
        XCTAssertEqual(try compose("http://h.test", "/100%"), "http://h.test/100%25")
        XCTAssertEqual(try compose("http://h.test", "/%zz"), "http://h.test/%25zz")
        XCTAssertEqual(try compose("http://h.test", "/a%20b"), "http://h.test/a%20b")
        XCTAssertEqual(try compose("http://h.test", "/a%2Fb"), "http://h.test/a%2Fb")
        XCTAssertEqual(try compose("http://h.test", "/a:b@c;d=e"), "http://h.test/a:b@c;d=e")
    }

    func testNonASCIIPathIsEncodedAsUTF8() throws {
        let url = try URLComposer.compose(baseURL: "http://h.test/img", path: "/døgnvillburgere.jpg")
        XCTAssertEqual(url.absoluteString, "http://h.test/img/d%C3%B8gnvillburgere.jpg")
        XCTAssertEqual(url.path, "/img/døgnvillburgere.jpg")
        XCTAssertEqual(
            try compose("http://h.test", "/d%C3%B8gn"), "http://h.test/d%C3%B8gn", "an encoded path is not re-encoded")
    }

    func testNonASCIIBaseURLIsEncoded() throws {
        XCTAssertEqual(try compose("http://h.test/ø", "/x"), "http://h.test/%C3%B8/x")
    }

    func testFragmentIsDropped() throws {
        XCTAssertEqual(try compose("http://h.test", "/a#frag"), "http://h.test/a")
        XCTAssertEqual(try compose("http://h.test", "/a?x=1#frag"), "http://h.test/a?x=1")
    }

    func testBaseURLWithSurroundingWhitespaceIsTrimmed() throws {
        XCTAssertEqual(try compose("  http://h.test  ", "/x"), "http://h.test/x")
    }

    func testIPv6BaseURL() throws {
        XCTAssertEqual(try compose("http://[::1]:8080", "/get"), "http://[::1]:8080/get")
    }

    func testEmptyBaseURLIsAnInvalidRequestNamingIt() {
        assertInvalidRequest(try compose("", "/get"), mentioning: "base URL is empty", "/get")
        assertInvalidRequest(try compose("   ", "/get"), mentioning: "base URL is empty")
    }

    func testInvalidBaseURLIsAnInvalidRequestNamingIt() {
        assertInvalidRequest(try compose("not a url", "/get"), mentioning: "base URL 'not a url'")
        assertInvalidRequest(try compose("ftp://h.test", "/get"), mentioning: "base URL 'ftp://h.test'")
        assertInvalidRequest(try compose("http://", "/get"), mentioning: "base URL 'http://'")
        assertInvalidRequest(try compose("h.test/api", "/get"), mentioning: "base URL 'h.test/api'")
    }

    func testInvalidAbsolutePathIsAnInvalidRequestNamingIt() {
        assertInvalidRequest(try compose("http://h.test", "http://"), mentioning: "absolute URL 'http://'")
    }

    /// `URLComponents` takes `[]` or `%ED` for a host, but the URL has none (found by the URLComposer fuzz
    /// target).
    func testAHostTheURLDropsIsNoHost() {
        assertInvalidRequest(try compose("http://h.test", "http://[]"), mentioning: "absolute URL 'http://[]'")
        assertInvalidRequest(try compose("http://h.test", "http://%eD/users"), mentioning: "absolute URL")
        assertInvalidRequest(try compose("http://h.test", "https://[]:443/a"), mentioning: "absolute URL")
        assertInvalidRequest(try compose("http://[]:8080", "/get"), mentioning: "base URL 'http://[]:8080'")
    }

    func testLineBreaksInThePathAreRejected() {
        assertInvalidRequest(try compose("http://h.test", "/a\r\nHost: evil"), mentioning: "line break")
        assertInvalidRequest(try compose("http://h.test", "/a\nb"), mentioning: "line break")
        assertInvalidRequest(try compose("http://h.test", "/a\rb"), mentioning: "line break")
    }

    func testControlCharactersInQueryItemsAreEncoded() throws {
        XCTAssertEqual(
            try compose("http://h.test", "/s", [URLQueryItem(name: "q", value: "a\r\nb\t")]),
            "http://h.test/s?q=a%0D%0Ab%09")
    }

    func testTheQueryAndFragmentSplitAtTheirMarkersAmongNonASCIIText() throws {
        XCTAssertEqual(
            try compose("http://h.test/api/", "/café/é?q=é&x=1#frag?ment", [URLQueryItem(name: "n", value: "1")]),
            "http://h.test/api/caf%C3%A9/%C3%A9?q=%C3%A9&x=1&n=1")
        XCTAssertEqual(try compose("http://h.test/api?v=2", "?q=1"), "http://h.test/api?v=2&q=1")
        XCTAssertEqual(try compose("http://h.test/api/", "#top"), "http://h.test/api/")
        XCTAssertEqual(try compose("http://h.test", "///"), "http://h.test/")
    }
}
