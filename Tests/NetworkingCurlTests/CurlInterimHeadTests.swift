#if os(Linux)
    import Foundation
    import NetworkingCore
    import XCTest

    @testable import NetworkingCurl

    /// Interim heads (1xx but 101) are told apart as they end, with their fields still readable,
    /// so a `104 (Upload Resumption Supported)` reaches a resumable upload; the final head
    /// replaces them.
    final class CurlInterimHeadTests: XCTestCase {
        private func receive(_ line: String, _ parser: inout CurlHeadParser) -> Bool {
            Array(line.utf8).withUnsafeBytes { parser.receive($0) }
        }

        func testA104EndsAsAnInterimHeadWithItsFields() throws {
            var parser = CurlHeadParser()
            var ended: [Int] = []
            let lines = [
                "HTTP/1.1 100 Continue\r\n", "\r\n",
                "HTTP/1.1 104 Upload Resumption Supported\r\n", "Upload-Draft-Interop-Version: 9\r\n",
                "Location: /uploads/1\r\n", "\r\n",
                "HTTP/1.1 200 OK\r\n", "Content-Length: 2\r\n", "\r\n",
            ]
            var location: String?
            for line in lines {
                let completes = receive(line, &parser)
                if parser.endedInterimHead {
                    ended.append(parser.statusCode)
                    let head = try XCTUnwrap(parser.makeHead(url: URL(string: "http://h.test/files")!))
                    if head.statusCode == 104 { location = head.header("Location") }
                }
                XCTAssertEqual(completes, line == "\r\n" && parser.statusCode == 200)
            }
            XCTAssertEqual(ended, [100, 104])
            XCTAssertEqual(location, "/uploads/1")
            XCTAssertTrue(parser.isComplete)
            XCTAssertEqual(parser.statusCode, 200)
            XCTAssertEqual(parser.contentLength, 2)
        }

        func testA101IsFinalNotInterim() {
            var parser = CurlHeadParser()
            XCTAssertFalse(receive("HTTP/1.1 101 Switching Protocols\r\n", &parser))
            XCTAssertTrue(receive("\r\n", &parser))
            XCTAssertFalse(parser.endedInterimHead)
        }
    }
#endif
