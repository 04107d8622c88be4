import Foundation
import NetworkingCore
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Plain requests (a method and a path) are built once and remembered: what a caller gets must be
/// exactly what building afresh gives, and changing it must never reach the next caller.
final class RememberedRequestsTests: XCTestCase {
    private let base = "http://remembered.example.test/api"

    func testARememberedRequestIsTheOneBuildingGives() throws {
        let builder = RequestBuilder(baseURL: base, defaultHeaders: ["Accept": "application/json", "X-App": "1"])
        for _ in 0..<3 {
            let request = try builder.makeURLRequest(HTTPRequest(method: .get, path: "/users"))
            XCTAssertEqual(request.url?.absoluteString, "http://remembered.example.test/api/users")
            XCTAssertEqual(request.httpMethod, "GET")
            XCTAssertEqual(request.value(forHTTPHeaderField: "accept"), "application/json")
            XCTAssertEqual(request.value(forHTTPHeaderField: "x-app"), "1")
            XCTAssertNil(request.httpBody)
        }
    }

    func testChangingARequestNeverReachesTheNextOne() throws {
        let builder = RequestBuilder(baseURL: base, defaultHeaders: ["Accept": "application/json"])
        var first = try builder.makeURLRequest(HTTPRequest(method: .get, path: "/mutable"))
        first.setValue("Bearer secret", forHTTPHeaderField: "Authorization")
        first.httpMethod = "POST"
        first.timeoutInterval = 3
        let second = try builder.makeURLRequest(HTTPRequest(method: .get, path: "/mutable"))
        XCTAssertNil(second.value(forHTTPHeaderField: "Authorization"))
        XCTAssertEqual(second.httpMethod, "GET")
        XCTAssertNotEqual(second.timeoutInterval, 3)
    }

    func testMethodBaseAndDefaultHeadersEachMakeADifferentRequest() throws {
        let json = RequestBuilder(baseURL: base, defaultHeaders: ["Accept": "application/json"])
        let text = RequestBuilder(baseURL: base, defaultHeaders: ["Accept": "text/plain"])
        let other = RequestBuilder(baseURL: "http://other.example.test", defaultHeaders: ["Accept": "text/plain"])
        let path = "/same"
        XCTAssertEqual(
            try json.makeURLRequest(HTTPRequest(method: .get, path: path)).value(forHTTPHeaderField: "Accept"),
            "application/json")
        XCTAssertEqual(
            try text.makeURLRequest(HTTPRequest(method: .get, path: path)).value(forHTTPHeaderField: "Accept"),
            "text/plain")
        XCTAssertEqual(try json.makeURLRequest(HTTPRequest(method: .delete, path: path)).httpMethod, "DELETE")
        XCTAssertEqual(
            try other.makeURLRequest(HTTPRequest(method: .get, path: path)).url?.absoluteString,
            "http://other.example.test/same")
    }

    func testRequestsWithPartsOfTheirOwnAreBuiltEveryTime() throws {
        let builder = RequestBuilder(baseURL: base, defaultHeaders: ["Accept": "application/json"])
        let plain = try builder.makeURLRequest(HTTPRequest(method: .get, path: "/parts"))
        let withHeader = try builder.makeURLRequest(
            HTTPRequest(method: .get, path: "/parts", headers: ["Accept": "*/*"]))
        let withQuery = try builder.makeURLRequest(
            HTTPRequest(method: .get, path: "/parts", query: [URLQueryItem(name: "q", value: "1")]))
        let withTimeout = try builder.makeURLRequest(HTTPRequest(method: .get, path: "/parts", timeout: 7))
        XCTAssertEqual(plain.value(forHTTPHeaderField: "Accept"), "application/json")
        XCTAssertEqual(withHeader.value(forHTTPHeaderField: "Accept"), "*/*")
        XCTAssertEqual(withQuery.url?.query, "q=1")
        XCTAssertEqual(withTimeout.timeoutInterval, 7)
        let plainAgain = try builder.makeURLRequest(HTTPRequest(method: .get, path: "/parts"))
        XCTAssertEqual(plainAgain.value(forHTTPHeaderField: "Accept"), "application/json")
        XCTAssertNil(plainAgain.url?.query)
    }

    func testAnInvalidDefaultHeaderFailsEveryTime() {
        let builder = RequestBuilder(baseURL: base, defaultHeaders: ["X-Bad": "a\r\nInjected: 1"])
        for _ in 0..<2 {
            XCTAssertThrowsError(try builder.makeURLRequest(HTTPRequest(method: .get, path: "/bad")))
        }
    }
}
