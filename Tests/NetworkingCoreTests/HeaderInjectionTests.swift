import Foundation
import NetworkingCore
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

final class HeaderInjectionTests: XCTestCase {
    private func build(defaults: HTTPHeaders = [:], headers: HTTPHeaders = [:]) throws(NetworkingError) -> URLRequest {
        try RequestBuilder(baseURL: "http://h.test", defaultHeaders: defaults)
            .makeURLRequest(HTTPRequest(method: .get, path: "/get", headers: headers))
    }

    func testLineBreaksInAValueAreRejected() {
        assertInvalidRequest(try build(headers: ["X-A": "v\r\nX-Evil: 1"]), mentioning: "'X-A'", "line break")
        assertInvalidRequest(try build(headers: ["X-A": "v\nX-Evil: 1"]), mentioning: "'X-A'")
        assertInvalidRequest(try build(headers: ["X-A": "v\rX-Evil: 1"]), mentioning: "'X-A'")
        assertInvalidRequest(try build(headers: ["X-A": "v\u{0}"]), mentioning: "NUL")
    }

    func testLineBreaksInADefaultHeaderAreRejected() {
        assertInvalidRequest(
            try build(defaults: ["Authorization": "Bearer x\r\nX-Evil: 1"]), mentioning: "'Authorization'")
    }

    func testNamesMustBeTokens() {
        assertInvalidRequest(try build(headers: ["X-A\r\nX-Evil": "1"]), mentioning: "header name")
        assertInvalidRequest(try build(headers: ["X A": "1"]), mentioning: "'\"X A\"'")
        assertInvalidRequest(try build(headers: ["X-A:": "1"]), mentioning: "header name")
        assertInvalidRequest(try build(headers: ["": "1"]), mentioning: "header name")
        assertInvalidRequest(try build(headers: ["Ø": "1"]), mentioning: "header name")
    }

    func testValidHeadersAreSentAndRequestHeadersOverrideDefaults() throws {
        let request = try build(
            defaults: ["Accept": "application/json", "user-agent": "default", "X-Token_1.!#$%&'*+^`|~": "ok"],
            headers: ["User-Agent": "mine", "X-Empty": ""])
        XCTAssertEqual(request.value(forHTTPHeaderField: "Accept"), "application/json")
        XCTAssertEqual(request.value(forHTTPHeaderField: "User-Agent"), "mine")
        XCTAssertEqual(request.value(forHTTPHeaderField: "X-Token_1.!#$%&'*+^`|~"), "ok")
        XCTAssertEqual(request.value(forHTTPHeaderField: "X-Empty"), "")
    }

    func testDefaultsChangedOnTheBuilderAreCheckedAndSent() throws {
        var builder = RequestBuilder(baseURL: "http://h.test", defaultHeaders: ["Accept": "text/plain"])
        let plain = HTTPRequest(method: .get, path: "/get")
        XCTAssertEqual(try builder.makeURLRequest(plain).value(forHTTPHeaderField: "Accept"), "text/plain")
        builder.defaultHeaders = ["Accept": "application/json", "X-Client": "two"]
        let sent = try builder.makeURLRequest(plain)
        XCTAssertEqual(sent.value(forHTTPHeaderField: "Accept"), "application/json")
        XCTAssertEqual(sent.value(forHTTPHeaderField: "X-Client"), "two")
        builder.defaultHeaders = ["X-Evil": "a\r\nb"]
        assertInvalidRequest(try builder.makeURLRequest(plain), mentioning: "'X-Evil'")
        let overriding = HTTPRequest(method: .get, path: "/get", headers: ["X-Evil": "fine"])
        XCTAssertEqual(
            try builder.makeURLRequest(overriding).value(forHTTPHeaderField: "X-Evil"), "fine",
            "a default the request replaces is never sent, so it is not checked")
        builder.defaultHeaders = [:]
        XCTAssertNil(try builder.makeURLRequest(plain).allHTTPHeaderFields?["X-Evil"])
    }
}
