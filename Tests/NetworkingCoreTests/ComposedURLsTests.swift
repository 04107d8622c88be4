import Foundation
import XCTest

@testable import NetworkingCore

/// A builder remembers the URL of each path it composed, and what it remembers never answers for
/// another base, another query or another path.
final class ComposedURLsTests: XCTestCase {
    private func url(_ builder: RequestBuilder, _ path: String, query: [URLQueryItem] = []) throws -> String {
        let (head, _) = try builder.build(HTTPRequest(method: .get, path: path, query: query))
        return try XCTUnwrap(head.url).absoluteString
    }

    func testAPathBuiltAgainGetsTheURLItGotFirst() throws {
        let builder = RequestBuilder(baseURL: "http://h.test/api/")
        XCTAssertEqual(try url(builder, "/users/42"), "http://h.test/api/users/42")
        XCTAssertEqual(builder.composed.count, 1)
        XCTAssertEqual(try url(builder, "/users/42"), "http://h.test/api/users/42")
        XCTAssertEqual(try url(builder, "/a b?q=x y#top"), "http://h.test/api/a%20b?q=x%20y")
        XCTAssertEqual(try url(builder, "/a b?q=x y#top"), "http://h.test/api/a%20b?q=x%20y")
        XCTAssertEqual(builder.composed.count, 2)
        XCTAssertEqual(try url(builder, "/b?q=ø"), "http://h.test/api/b?q=%C3%B8")
        XCTAssertEqual(try url(builder, "/b?q=ø"), "http://h.test/api/b?q=%C3%B8")
        XCTAssertEqual(builder.composed.count, 2, "a path beyond ASCII is composed each time")
    }

    func testANewBaseURLForgetsTheURLsOfTheOldOne() throws {
        var builder = RequestBuilder(baseURL: "http://old.test")
        XCTAssertEqual(try url(builder, "/feed"), "http://old.test/feed")
        let copy = builder
        builder.baseURL = "https://new.test/v2"
        XCTAssertEqual(try url(builder, "/feed"), "https://new.test/v2/feed")
        XCTAssertEqual(try url(copy, "/feed"), "http://old.test/feed", "a copy keeps its own base")
        builder.baseURL = ""
        XCTAssertThrowsError(try url(builder, "/feed")) { error in
            XCTAssertTrue("\(error)".contains("base URL is empty"), "\(error)")
        }
    }

    func testSeparateQueryItemsAreComposedEachTime() throws {
        let builder = RequestBuilder(baseURL: "http://h.test")
        XCTAssertEqual(
            try url(builder, "/search", query: [URLQueryItem(name: "q", value: "a")]), "http://h.test/search?q=a")
        XCTAssertEqual(
            try url(builder, "/search", query: [URLQueryItem(name: "q", value: "b")]), "http://h.test/search?q=b")
        XCTAssertEqual(try url(builder, "/search"), "http://h.test/search")
        XCTAssertEqual(builder.composed.count, 1, "only the path without query items is remembered")
    }

    func testAPathThatCannotBeSentFailsEveryTime() throws {
        let builder = RequestBuilder(baseURL: "http://h.test")
        for _ in 0..<2 {
            XCTAssertThrowsError(try url(builder, "/a\r\nInjected: yes")) { error in
                XCTAssertTrue("\(error)".contains("line break"), "\(error)")
            }
        }
        XCTAssertEqual(builder.composed.count, 0)
    }

    func testUniquePathsKeepAtMostTheCapacity() throws {
        let builder = RequestBuilder(baseURL: "http://h.test")
        for id in 0..<(ComposedURLs.capacity * 3 + 7) {
            XCTAssertEqual(try url(builder, "/items/\(id)"), "http://h.test/items/\(id)")
            XCTAssertLessThanOrEqual(builder.composed.count, ComposedURLs.capacity)
        }
        XCTAssertEqual(try url(builder, "/items/0"), "http://h.test/items/0")
    }

    func testCanonicallyEquivalentPathsKeepTheirOwnBytes() throws {
        let builder = RequestBuilder(baseURL: "http://h.test")
        let pairs = [("/a;b", "/a\u{37E}b"), ("/Kelvin/K", "/Kelvin/\u{212A}"), ("/caf\u{E9}", "/cafe\u{301}")]
        for (first, second) in pairs {
            XCTAssertEqual(first, second, "Swift compares them as equal")
            for path in [first, second, first] {
                let expected = try URLComposer.compose(baseURL: "http://h.test", path: path).absoluteString
                XCTAssertEqual(try url(builder, path), expected)
            }
        }
        XCTAssertNotEqual(try url(builder, "/a;b"), try url(builder, "/a\u{37E}b"))
    }

    func testAVeryLongPathIsComposedButNotKept() throws {
        let builder = RequestBuilder(baseURL: "http://h.test")
        let long = "/q?data=" + String(repeating: "a", count: ComposedURLs.longestPath)
        XCTAssertEqual(try url(builder, long), "http://h.test" + long)
        XCTAssertEqual(builder.composed.count, 0)
        let longest = "/" + String(repeating: "b", count: ComposedURLs.longestPath - 1)
        XCTAssertEqual(try url(builder, longest), "http://h.test" + longest)
        XCTAssertEqual(builder.composed.count, 1)
    }

    func testRequestsBuiltAtOnceEachGetTheirOwnURL() async throws {
        let builder = RequestBuilder(baseURL: "http://h.test")
        let wrong = await withTaskGroup(of: Int.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var wrong = 0
                    for index in 0..<500 {
                        let path = "/t/\((task * 7 + index) % 300)"
                        let built = try? builder.build(HTTPRequest(method: .get, path: path)).0.url?.absoluteString
                        if built != "http://h.test" + path { wrong += 1 }
                    }
                    return wrong
                }
            }
            return await group.reduce(0, +)
        }
        XCTAssertEqual(wrong, 0)
    }
}
