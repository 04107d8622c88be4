import XCTest

@testable import NetworkingCore

/// The byte map percent-encoding asks about every byte of every URL it builds.
final class ByteSetTests: XCTestCase {
    func testHoldsExactlyItsBytesInEachQuarterOfTheRange() {
        let members: [UInt8] = [0, 1, 63, 64, 65, 127, 128, 191, 192, 254, 255]
        let set = ByteSet(members)
        for byte in UInt8.min...UInt8.max {
            XCTAssertEqual(set.contains(byte), members.contains(byte), "byte \(byte)")
        }
    }

    func testUnionAddsBytesAndLeavesTheOriginalAlone() {
        let letters = ByteSet("ab".utf8)
        let more = letters.union("~%".utf8)
        XCTAssertTrue(more.contains(UInt8(ascii: "a")))
        XCTAssertTrue(more.contains(UInt8(ascii: "~")))
        XCTAssertTrue(more.contains(UInt8(ascii: "%")))
        XCTAssertFalse(letters.contains(UInt8(ascii: "~")))
        XCTAssertFalse(more.contains(UInt8(ascii: "c")))
    }

    func testPlainTextIsReturnedAsItIsAndTheRestIsEncoded() {
        XCTAssertEqual(PercentEncoding.encode("/api/v1/users", allowed: PercentEncoding.pathAllowed), "/api/v1/users")
        XCTAssertEqual(PercentEncoding.encode("/a b/ø", allowed: PercentEncoding.pathAllowed), "/a%20b/%C3%B8")
        XCTAssertEqual(
            PercentEncoding.encode("%41 %zz", allowed: PercentEncoding.pathAllowed, keepingEscapes: true),
            "%41%20%25zz")
        XCTAssertEqual(PercentEncoding.encode("a b", allowed: PercentEncoding.formAllowed, spaceAsPlus: true), "a+b")
    }
}
