import Foundation
import XCTest

@testable import NetworkingCore

/// How `URLSessionTransport` classifies URLSession's failures on Linux, where libcurl's errors
/// arrive as code `-1` and only the message (measured against the fault server) tells them apart.
final class TransportErrorMappingTests: XCTestCase {
    private func mapped(_ code: URLError.Code, _ message: String) -> URLError.Code? {
        let error = URLError(code, userInfo: [NSLocalizedDescriptionKey: message])
        guard case .transport(let mapped) = SessionDelegate.map(error) else { return nil }
        return mapped.code
    }

    func testDroppedConnectionsAreLostConnections() {
        XCTAssertEqual(mapped(.unknown, "transfer closed with 99000 bytes remaining to read"), .networkConnectionLost)
        XCTAssertEqual(mapped(.badServerResponse, "Empty reply from server"), .networkConnectionLost)
        XCTAssertEqual(mapped(.unknown, "Recv failure: Connection reset by peer"), .networkConnectionLost)
        XCTAssertEqual(
            mapped(.unknown, "Connection died, tried 5 times before giving up"), .networkConnectionLost,
            "seen in the soak against nginx's `return 444`")
    }

    func testResponsesThatCannotBeParsedAreUnparsable() {
        XCTAssertEqual(
            mapped(.unknown, "Illegal or missing hexadecimal sequence in chunked-encoding"), .cannotParseResponse)
        XCTAssertEqual(mapped(.unknown, "Out of memory"), .cannotParseResponse)
        XCTAssertEqual(mapped(.unknown, "Failed writing header"), .cannotParseResponse)
    }

    func testUndecodableContentEncodingIsUndecodableContent() {
        XCTAssertEqual(
            mapped(.unknown, "Error while processing content unencoding: invalid block type"), .cannotDecodeContentData)
        XCTAssertEqual(
            mapped(
                .unknown, "Unrecognized content encoding type. libcurl understands deflate, gzip content encodings."),
            .cannotDecodeContentData)
    }

    func testOtherErrorsKeepTheirCodeAndMessage() {
        XCTAssertEqual(mapped(.timedOut, "transfer closed"), .timedOut, "a real code is never reinterpreted")
        XCTAssertEqual(mapped(.unknown, "SSL certificate problem: unable to get local issuer certificate"), .unknown)
        XCTAssertEqual(mapped(.cannotConnectToHost, "Couldn't connect to server"), .cannotConnectToHost)
        guard case .cancelled = SessionDelegate.map(URLError(.cancelled)) else { return XCTFail("not .cancelled") }
    }
}
