import NetworkingCore
import XCTest

final class HTTPHeadersTests: XCTestCase {
    func testLookupIgnoresCase() {
        let headers: HTTPHeaders = ["Content-Type": "application/json"]
        XCTAssertEqual(headers["content-type"], "application/json")
        XCTAssertEqual(headers["CONTENT-TYPE"], "application/json")
        XCTAssertTrue(headers.contains("content-TYPE"))
        XCTAssertNil(headers["Content-Length"])
    }

    func testSettingReplacesEveryFieldOfThatNameInPlace() {
        var headers: HTTPHeaders = ["A": "1", "user-agent": "x", "B": "2"]
        headers.add(name: "User-Agent", value: "y")
        headers["USER-AGENT"] = "z"
        XCTAssertEqual(headers.map(\.name), ["A", "USER-AGENT", "B"])
        XCTAssertEqual(headers["user-agent"], "z")
        headers["user-agent"] = nil
        XCTAssertEqual(headers.map(\.name), ["A", "B"])
        headers["C"] = "3"
        XCTAssertEqual(headers.map(\.name), ["A", "B", "C"])
        XCTAssertEqual(headers.count, 3)
    }

    func testAddKeepsDuplicatesAndTheDictionaryJoinsThem() {
        var headers = HTTPHeaders()
        XCTAssertTrue(headers.isEmpty)
        headers.add(name: "Accept", value: "text/html")
        headers.add(name: "accept", value: "application/json")
        XCTAssertEqual(headers.count, 2)
        XCTAssertEqual(headers["ACCEPT"], "text/html")
        XCTAssertEqual(headers.dictionary, ["Accept": "text/html, application/json"])
    }

    func testInitialisersKeepAStableOrder() {
        XCTAssertEqual(HTTPHeaders(["b": "2", "a": "1"]).map(\.name), ["a", "b"])
        let fromResponse = HTTPHeaders(["B": "2", "a": "1", 3: "ignored"] as [AnyHashable: Any])
        XCTAssertEqual(fromResponse.map(\.name), ["a", "B"])
        XCTAssertEqual(fromResponse.description, "a: 1\nB: 2")
    }

    func testOrderMattersForEquality() {
        let one: HTTPHeaders = ["A": "1", "B": "2"]
        let other: HTTPHeaders = ["B": "2", "A": "1"]
        XCTAssertNotEqual(one, other)
        XCTAssertEqual(one, ["A": "1", "B": "2"])
    }

    func testNamesCompareWithOnlyASCIILettersFolded() {
        XCTAssertTrue("Content-Type".caseInsensitiveEquals("content-TYPE"))
        XCTAssertTrue("".caseInsensitiveEquals(""))
        XCTAssertFalse("Accept".caseInsensitiveEquals("Cookie"), "same length, other letters")
        XCTAssertFalse("X-A".caseInsensitiveEquals("X-AB"))
        // Only A–Z fold: "@" and "`", "[" and "{" differ by the same bit but are not letters.
        XCTAssertFalse("a@".caseInsensitiveEquals("a`"))
        XCTAssertFalse("[".caseInsensitiveEquals("{"))
        XCTAssertFalse("é".caseInsensitiveEquals("É"), "non-ASCII is compared as bytes")
        let long = String(repeating: "Abc-", count: 64)
        XCTAssertTrue(long.caseInsensitiveEquals(long.uppercased()))
    }

    func testObserversSeeProxyCredentialsHiddenAndEverythingElseAsSet() {
        let headers: HTTPHeaders = [
            "Authorization": "Bearer a", "proxy-AUTHORIZATION": "Basic c2VjcmV0", "Accept": "*/*",
            "Proxy-Authorization": "Basic b3RoZXI=",
        ]
        let context = RequestContext(method: .get, url: nil, headers: headers)
        XCTAssertEqual(context.headers.map(\.name), headers.map(\.name), "the fields keep their names and order")
        XCTAssertEqual(
            context.headers.map(\.value), ["Bearer a", "<redacted>", "*/*", "<redacted>"],
            "only the proxy's credential is hidden")
        let plain: HTTPHeaders = ["Authorization": "Bearer a"]
        XCTAssertEqual(RequestContext(method: .get, url: nil, headers: plain).headers, plain)
    }
}
