import NetworkingCore
import XCTest

final class ContentRangeTests: XCTestCase {
    func testParsesSatisfiedRanges() {
        XCTAssertEqual(ContentRange("bytes 100-199/1000"), ContentRange("bytes 100-199/1000"))
        let range = ContentRange("Bytes 100-199/1000")
        XCTAssertEqual(range?.first, 100)
        XCTAssertEqual(range?.last, 199)
        XCTAssertEqual(range?.completeLength, 1000)
        XCTAssertNil(ContentRange("bytes 0-9/*")?.completeLength)
        XCTAssertEqual(ContentRange("bytes 0-9/*")?.last, 9)
    }

    func testRejectsMalformedRanges() {
        for header in ["bytes */1000", "bytes 5-4/10", "bytes 0-9/5", "items 0-9/10", "bytes 0-/10", "bytes a-b/c", ""]
        {
            XCTAssertNil(ContentRange(header), header)
        }
    }

    func testUnsatisfiedLength() {
        XCTAssertEqual(ContentRange.unsatisfiedLength("bytes */1234"), 1234)
        XCTAssertNil(ContentRange.unsatisfiedLength("bytes 0-1/2"))
    }
}
