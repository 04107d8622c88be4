import Foundation
import NetworkingCore
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The rule by which the library's transports discard a response that gives differing lengths for
/// its body (RFC 9112 section 6.3; `HostileInputTests` sends one over each): the same length given
/// twice is one length.
final class ConflictingContentLengthTests: XCTestCase {
    private let url = URL(string: "https://api.example.test/x")!

    private func head(_ lines: String) throws -> ResponseHead {
        try XCTUnwrap(ResponseHead(url: url, statusCode: 200, fieldLines: Array(lines.utf8)))
    }

    func testDifferingLengthsConflictAndOneLengthRepeatedDoesNot() throws {
        let cases: [(String, Bool)] = [
            ("Content-Length: 6\r\nContent-Length: 5\r\n", true),
            ("Content-Length: 5, 6\r\n", true),
            ("Content-Length: 5, x\r\n", true),
            ("Content-Length: 5,\r\n", true),
            ("Content-Length: 5\r\nContent-Length: 5\r\n", false),
            ("Content-Length: 5,\t05\r\n", false),
            ("Content-Length: 5\r\n", false),
            ("Content-Type: text/plain, text/html\r\n", false),
        ]
        for (lines, conflicting) in cases {
            XCTAssertEqual(try head(lines).hasConflictingContentLength, conflicting, lines.debugDescription)
        }
    }
}
