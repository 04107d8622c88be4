#if os(Linux)
    import Foundation
    import NetworkingCore
    import XCTest

    @testable import NetworkingCurl

    /// The two fields a body sink reads as a head arrives (`Content-Length`, `Content-Encoding`)
    /// are read as `ResponseHead` reads every field: a name starts its line and is trimmed of
    /// spaces and tabs alone, so a folded line or a CR around a name does not count.
    final class CurlHeadParserTests: XCTestCase {
        private func parse(_ lines: [String]) -> CurlHeadParser {
            var parser = CurlHeadParser()
            for line in ["HTTP/1.1 200 OK\r\n"] + lines + ["\r\n"] {
                _ = Array(line.utf8).withUnsafeBytes { parser.receive($0) }
            }
            return parser
        }

        func testTheSinksFieldsAreReadWhateverTheCaseOfTheirNames() {
            let parser = parse(["content-length: 9\r\n", "Content-Encoding : gzip\r\n"])
            XCTAssertTrue(parser.isComplete)
            XCTAssertEqual(parser.contentLength, 9)
            XCTAssertTrue(parser.isContentEncoded)
        }

        func testALookalikeNameIsAnotherField() throws {
            let parser = parse([
                "A: 1\r\n", " Content-Length: 5\r\n", "\rContent-Length: 6\r\n", "Content-Length\r: 7\r\n",
                "Content\rEncoding: gzip\r\n", " Content-Encoding: br\r\n",
            ])
            XCTAssertTrue(parser.isComplete)
            XCTAssertNil(parser.contentLength)
            XCTAssertFalse(parser.isContentEncoded)
            let head = try XCTUnwrap(
                ResponseHead(url: URL(string: "http://h.test")!, statusCode: 200, fieldLines: parser.fieldLines))
            XCTAssertNil(head.header("Content-Length"), "the head reads them as the parser does")
            XCTAssertNil(head.header("Content-Encoding"))
        }

        func testAValueIsTrimmedOfSpacesAndTabsAloneAsTheHeadTrimsIt() throws {
            for (line, expected) in [
                ("Content-Length: \t9 \r\r\n", Int64(9)), ("Content-Length:\r5\r\n", nil),
                ("Content-Length: 5\r \r\n", nil), ("Content-Length: 5\n", 5),
            ] {
                let parser = parse([line])
                XCTAssertEqual(parser.contentLength, expected, "\(line.debugDescription)")
                let head = try XCTUnwrap(
                    ResponseHead(url: URL(string: "http://h.test")!, statusCode: 200, fieldLines: parser.fieldLines))
                XCTAssertEqual(
                    head.header("Content-Length").flatMap { Int64($0) }, expected,
                    "the head reads \(line.debugDescription) as the parser does")
            }
        }

        func testASecondLengthOrAListIsFlaggedForTheHeadToJudge() {
            XCTAssertFalse(parse(["Content-Length: 5\r\n", "X: 1, 2\r\n"]).mayConflictInContentLength)
            XCTAssertTrue(parse(["Content-Length: 6\r\n", "Content-Length: 5\r\n"]).mayConflictInContentLength)
            XCTAssertTrue(parse(["Content-Length: x\r\n", "content-length: 5\r\n"]).mayConflictInContentLength)
            XCTAssertTrue(parse(["Content-Length: 5, 5\r\n"]).mayConflictInContentLength)
        }

        func testAFoldedLineMakesContentLengthNoLongerANumber() throws {
            let parser = parse(["Content-Length: 5\r\n", " 7\r\n", "X: y\r\n"])
            XCTAssertNil(parser.contentLength)
            let head = try XCTUnwrap(
                ResponseHead(url: URL(string: "http://h.test")!, statusCode: 200, fieldLines: parser.fieldLines))
            XCTAssertEqual(head.header("Content-Length"), "5 7")
            let blank = parse(["Content-Length: 5\r\n", " \t\r\n"])
            XCTAssertEqual(blank.contentLength, 5, "a blank folded line adds nothing, as for the head")
        }

        /// Trailers are read by the head's rules: a CR around a name is part of it, values are
        /// trimmed of spaces and tabs alone, a folded line continues the trailer before it, and a
        /// repeated name stays two trailers.
        func testTrailersAreReadAsTheHeadIsRead() {
            var parser = parse(["Transfer-Encoding: chunked\r\n"])
            let trailers = [
                "X-Sum: \t c0ffee \r\n", "\rX-Sum: forged\r\n", "X-Part\r: 1\r\n", "X-Note: first\r\n",
                " second\r\n", "X-Note: again\r\n", "no colon here\r\n",
            ]
            for line in trailers { _ = Array(line.utf8).withUnsafeBytes { parser.receive($0) } }
            let received = parser.makeTrailers().map { [$0.name, $0.value] }
            XCTAssertEqual(
                received,
                [
                    ["X-Sum", "c0ffee"], ["\rX-Sum", "forged"], ["X-Part\r", "1"], ["X-Note", "first second"],
                    ["X-Note", "again"],
                ])
            XCTAssertEqual(parser.makeTrailers()["X-Sum"], "c0ffee", "a lookalike name is another trailer")
        }
    }
#endif
