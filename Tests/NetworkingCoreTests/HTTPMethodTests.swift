import NetworkingCore
import XCTest

final class HTTPMethodTests: XCTestCase {
    func testIdempotentMethodsFollowRFC9110() {
        for method: HTTPMethod in [.get, .head, .put, .delete, .options, .trace] {
            XCTAssertTrue(method.isIdempotent, "\(method)")
        }
        for method: HTTPMethod in [.post, .patch, .connect, "PROPFIND"] {
            XCTAssertFalse(method.isIdempotent, "\(method)")
        }
    }

    func testTokensAreUpperCased() {
        let method: HTTPMethod = "get"
        XCTAssertEqual(method, .get)
        XCTAssertTrue(method.isIdempotent)
        XCTAssertEqual(HTTPMethod(rawValue: "Patch").rawValue, "PATCH")
        XCTAssertEqual("\(HTTPMethod.delete)", "DELETE")
    }
}
