import Foundation
import NetworkingCore
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A header given more than once reaches the request with every value, in order.
final class RepeatedHeaderTests: XCTestCase {
    private func build(defaults: HTTPHeaders = [:], headers: HTTPHeaders = [:]) throws -> URLRequest {
        try RequestBuilder(baseURL: "http://h.test", defaultHeaders: defaults)
            .makeURLRequest(HTTPRequest(method: .get, path: "/get", headers: headers))
    }

    func testRepeatedValuesAreJoinedInOrder() throws {
        var headers = HTTPHeaders()
        headers.add(name: "X-Test", value: "one")
        headers.add(name: "x-test", value: "two")
        headers.add(name: "X-Other", value: "kept")
        headers.add(name: "X-TEST", value: "three")
        let request = try build(headers: headers)
        XCTAssertEqual(request.value(forHTTPHeaderField: "X-Test"), "one, two, three")
        XCTAssertEqual(request.value(forHTTPHeaderField: "X-Other"), "kept")
    }

    func testRepeatedCookiesAreJoinedAsOneCookieHeader() throws {
        var headers = HTTPHeaders()
        headers.add(name: "Cookie", value: "a=1")
        headers.add(name: "Cookie", value: "b=2")
        XCTAssertEqual(try build(headers: headers).value(forHTTPHeaderField: "Cookie"), "a=1; b=2")
    }

    func testRepeatedDefaultsAreJoinedAndARequestsOwnFieldReplacesThemAll() throws {
        var defaults = HTTPHeaders()
        defaults.add(name: "X-Tag", value: "a")
        defaults.add(name: "X-Tag", value: "b")
        XCTAssertEqual(try build(defaults: defaults).value(forHTTPHeaderField: "X-Tag"), "a, b")
        XCTAssertEqual(
            try build(defaults: defaults, headers: ["x-tag": "own"]).value(forHTTPHeaderField: "X-Tag"), "own")
    }
}
