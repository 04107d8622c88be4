import Foundation
import XCTest

@testable import NetworkingCore

/// Inputs found by the fuzz targets (`make fuzz`, Tests/Fuzz), kept as regressions. Each test
/// names the committed input under Tests/Fuzz/Corpus/ that the fuzz run replays too.
final class FuzzRegressionTests: XCTestCase {
    /// Encoders/regression-combining-mark-after-quote: a field name that begins with a combining
    /// mark (U+05B7). Swift joins the mark and the opening quote into one `Character`, so the part
    /// header no longer "has the prefix" `name="` as a String; its bytes must still be exactly the
    /// quote followed by the name's UTF-8, with NUL and invalid bytes kept as sent.
    func testMultipartNameStartingWithACombiningMarkIsWrittenByteForByte() {
        let name = "\u{05B7}\u{FFFD}\u{FFFD}\u{FFFD}\0u5"
        let output = MultipartEncoder.encode(parts: [], fields: [name: ""], makeBoundary: { "b" })
        let expected =
            Data("--b\r\nContent-Disposition: form-data; name=\"".utf8) + Data(name.utf8)
            + Data("\"\r\n\r\n\r\n--b--\r\n".utf8)
        XCTAssertEqual(output.body, expected)
        let header = String(decoding: output.body.dropFirst(5).prefix(40), as: UTF8.self)
        XCTAssertFalse(header.hasPrefix("Content-Disposition: form-data; name=\""), "the grapheme trap the target hit")
        XCTAssertTrue(header.utf8.starts(with: "Content-Disposition: form-data; name=\"".utf8))
    }

    /// The same name through the query and form encoders: it round-trips through percent-encoding.
    func testQueryAndFormRoundTripANameStartingWithACombiningMark() {
        let name = "\u{05B7}\u{FFFD}\0u5"
        let query = PercentEncoding.query([URLQueryItem(name: name, value: "")])
        XCTAssertEqual(query, "%D6%B7%EF%BF%BD%00u5=")
        XCTAssertEqual(query.split(separator: "=").first?.removingPercentEncoding, name)
        XCTAssertEqual(PercentEncoding.form([(name, "")]), "%D6%B7%EF%BF%BD%00u5=")
    }

    /// Encoders/regression-backslash-before-combining-mark: a backslash or a double quote followed
    /// by a combining mark is one `Character`; escaping by `Character` let both through, so a name
    /// could end the quoted string early and add parameters (`name="x"\u{301}; filename="evil"`).
    func testMultipartQuotesAndBackslashesBeforeCombiningMarksAreEscaped() {
        let name = "x\"\u{0301}; filename=\"evil.sh"
        let file = "a\\\u{030C}b"
        let output = MultipartEncoder.encode(
            parts: [FormDataPart(data: Data("1".utf8), parameterName: name, filename: file)], fields: [:],
            makeBoundary: { "B0UNDARY" })
        let disposition =
            Data("Content-Disposition: form-data; name=\"x%22\u{0301}; filename=%22evil.sh\"".utf8)
            + Data("; filename=\"a\\\\\u{030C}b\"\r\n".utf8)
        XCTAssertNotNil(output.body.range(of: disposition), String(decoding: output.body, as: UTF8.self))
    }

    /// JSONDecoding/regression-zero-with-exponent: a `Double` written `0e3`. `JSONDecoder` refuses it
    /// (it checks a zero's digits after the exponent first); the fast decoder must not take it.
    func testAZeroWithAnExponentIsDecodedAsJSONDecoderDecodesIt() {
        struct Scores: Decodable, Equatable { let scores: [Double?] }
        let data = Data("{\"scores\": [1.5, null, \r0e3]}".utf8)
        XCTAssertNil(TapeDecoder.decodeWithoutFoundation(Scores.self, from: data, using: JSONDecoder()))
        XCTAssertThrowsError(try TapeDecoder.decode(Scores.self, from: data, using: JSONDecoder()))
        XCTAssertThrowsError(try JSONDecoder().decode(Scores.self, from: data))
    }
}
