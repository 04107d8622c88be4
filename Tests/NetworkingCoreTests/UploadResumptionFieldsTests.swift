import Foundation
import NetworkingCore
import XCTest

/// The fields of resumable uploads as `UploadResumptionFields` reads them: Structured Field
/// Integers and Booleans, and the upload resource a `104` names only for the interop version sent.
final class UploadResumptionFieldsTests: XCTestCase {
    func testOffsetsAreNonNegativeStructuredIntegers() {
        XCTAssertEqual(UploadResumptionFields.integer("0"), 0)
        XCTAssertEqual(UploadResumptionFields.integer(" 52428800 "), 52_428_800)
        XCTAssertEqual(UploadResumptionFields.integer("123;a=1"), 123, "parameters are ignored")
        XCTAssertEqual(UploadResumptionFields.integer("999999999999999"), 999_999_999_999_999)
        for invalid in [nil, "", "-1", "+1", "1.5", "12a", "1000000000000000", "?1", "\"5\""] {
            XCTAssertNil(UploadResumptionFields.integer(invalid), "\(invalid ?? "nil")")
        }
    }

    func testCompletenessIsAStructuredBoolean() {
        XCTAssertEqual(UploadResumptionFields.boolean("?1"), true)
        XCTAssertEqual(UploadResumptionFields.boolean("?0"), false)
        XCTAssertEqual(UploadResumptionFields.boolean(" ?1;x "), true)
        for invalid in [nil, "", "1", "true", "?", "?2", "?10"] {
            XCTAssertNil(UploadResumptionFields.boolean(invalid), "\(invalid ?? "nil")")
        }
    }

    private func head(_ status: Int, _ fields: [String: String]) throws -> ResponseHead {
        try XCTUnwrap(
            ResponseHead(url: URL(string: "https://example.com/files")!, statusCode: status, headerFields: fields))
    }

    func testA104NamesTheUploadResourceOnlyForTheVersionSent() throws {
        let request = URL(string: "https://example.com/project/files?key=1")!
        let announced = try head(104, ["Upload-Draft-Interop-Version": "9", "Location": "/uploads/abc"])
        XCTAssertEqual(
            UploadResumptionFields.uploadResource(in: announced, version: 9, requestURL: request)?.absoluteString,
            "https://example.com/uploads/abc")
        XCTAssertNil(UploadResumptionFields.uploadResource(in: announced, version: 8, requestURL: request))
        let absolute = try head(104, ["Upload-Draft-Interop-Version": "8", "Location": "http://other.example/u/1"])
        XCTAssertEqual(
            UploadResumptionFields.uploadResource(in: absolute, version: 8, requestURL: request)?.absoluteString,
            "http://other.example/u/1")
        let unversioned = try head(104, ["Location": "/uploads/abc"])
        XCTAssertNil(UploadResumptionFields.uploadResource(in: unversioned, version: 9, requestURL: request))
        let otherStatus = try head(103, ["Upload-Draft-Interop-Version": "9", "Location": "/uploads/abc"])
        XCTAssertNil(UploadResumptionFields.uploadResource(in: otherStatus, version: 9, requestURL: request))
        for location in ["", "mailto:someone@example.com", "ftp://example.com/u"] {
            let odd = try head(104, ["Upload-Draft-Interop-Version": "9", "Location": location])
            XCTAssertNil(UploadResumptionFields.uploadResource(in: odd, version: 9, requestURL: request), location)
        }
    }
}
