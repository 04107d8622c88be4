import Foundation
import NetworkingCore
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Asserts that `body` throws `.invalidRequest` and that its reason contains every fragment.
func assertInvalidRequest<T>(
    _ body: @autoclosure () throws(NetworkingError) -> T, mentioning fragments: String...,
    file: StaticString = #filePath, line: UInt = #line
) {
    do {
        let value = try body()
        XCTFail("expected .invalidRequest, got \(value)", file: file, line: line)
    } catch {
        guard case .invalidRequest(let reason) = error else {
            return XCTFail("expected .invalidRequest, got \(error)", file: file, line: line)
        }
        for fragment in fragments {
            XCTAssertTrue(
                reason.contains(fragment), "'\(reason)' does not mention '\(fragment)'", file: file, line: line)
        }
    }
}

/// An `HTTPExchange` as a server would have produced it.
func makeExchange(
    status: Int = 200, headers: [String: String] = ["Content-Type": "application/json"], body: Data = Data(),
    url: String = "http://example.test/path"
) throws -> HTTPExchange {
    let url = try XCTUnwrap(URL(string: url))
    let response = try XCTUnwrap(
        HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers))
    return HTTPExchange(request: URLRequest(url: url), response: response, body: body)
}

/// 2023-11-14T22:13:20Z.
let referenceDate = Date(timeIntervalSince1970: 1_700_000_000)
