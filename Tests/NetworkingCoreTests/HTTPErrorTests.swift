import Foundation
import NetworkingCore
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

final class HTTPErrorTests: XCTestCase {
    private func error(_ status: Int) -> HTTPError {
        HTTPError(metadata: ResponseMetadata(statusCode: status, headers: [:], body: Data("body".utf8)))
    }

    func testClientAndServerErrorRanges() {
        for status in [400, 401, 418, 499] {
            XCTAssertTrue(error(status).isClientError, "\(status)")
            XCTAssertFalse(error(status).isServerError, "\(status)")
        }
        for status in [500, 503, 599] {
            XCTAssertTrue(error(status).isServerError, "\(status)")
            XCTAssertFalse(error(status).isClientError, "\(status)")
        }
        for status in [304, 399, 600] {
            XCTAssertFalse(error(status).isClientError, "\(status)")
            XCTAssertFalse(error(status).isServerError, "\(status)")
        }
    }

    func testKeepsTheResponse() {
        XCTAssertEqual(error(503).statusCode, 503)
        XCTAssertEqual(error(503).metadata.body, Data("body".utf8))
        XCTAssertEqual(
            error(503).localizedDescription,
            "The server returned status 503 (\(HTTPURLResponse.localizedString(forStatusCode: 503))).")
    }
}
