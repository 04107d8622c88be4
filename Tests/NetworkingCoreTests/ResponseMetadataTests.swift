import Foundation
import NetworkingCore
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

final class ResponseMetadataTests: XCTestCase {
    func testHeadersFromAResponseAreLookedUpCaseInsensitively() throws {
        let exchange = try makeExchange(
            status: 404, headers: ["Content-Type": "application/json", "ETag": "\"v1\"", "x-lower": "yes"])
        let metadata = exchange.metadata
        XCTAssertEqual(metadata.statusCode, 404)
        XCTAssertEqual(metadata.header("content-type"), "application/json")
        XCTAssertEqual(metadata.header("CONTENT-TYPE"), "application/json")
        XCTAssertEqual(metadata.headers["etag"], "\"v1\"")
        XCTAssertEqual(metadata.headers["ETag"], "\"v1\"")
        XCTAssertEqual(metadata.header("X-Lower"), "yes")
        XCTAssertEqual(exchange.header("x-LOWER"), "yes")
        XCTAssertEqual(metadata.url?.absoluteString, "http://example.test/path")
    }

    func testBodySnippetOfAShortBodyIsTheBody() {
        let metadata = ResponseMetadata(statusCode: 500, headers: [:], body: Data("oops døgn".utf8))
        XCTAssertEqual(metadata.bodySnippet, "oops døgn")
    }

    func testBodySnippetOfALongBodyIsTruncatedAndSaysHowLong() {
        let body = Data(String(repeating: "a", count: 5000).utf8)
        let snippet = ResponseMetadata(statusCode: 500, headers: [:], body: body).bodySnippet
        XCTAssertTrue(snippet.hasPrefix(String(repeating: "a", count: ResponseMetadata.snippetLength)))
        XCTAssertTrue(snippet.hasSuffix("… (5000 bytes)"), snippet)
        XCTAssertEqual(metadataBodyCount(body), 5000, "the full body is kept")
    }

    func testBodySnippetNeverEndsInABrokenCharacter() {
        let body = Data((String(repeating: "a", count: ResponseMetadata.snippetLength - 1) + "øøøø").utf8)
        let snippet = ResponseMetadata(statusCode: 500, headers: [:], body: body).bodySnippet
        XCTAssertFalse(snippet.contains("\u{FFFD}"), snippet)
    }

    func testBodySnippetReplacesInvalidBytes() {
        let snippet = ResponseMetadata(statusCode: 500, headers: [:], body: Data([0x61, 0xFF, 0x62])).bodySnippet
        XCTAssertEqual(snippet, "a\u{FFFD}b")
    }

    func testDecodeReadsTheBodyAsJSONWithISO8601Dates() throws {
        struct APIError: Decodable {
            let errors: [String: [String]]
            let at: Date
        }
        let body = Data(#"{"errors":{"start_time":["can't be blank"]},"at":"2023-11-14T22:13:20Z"}"#.utf8)
        let decoded = try ResponseMetadata(statusCode: 422, headers: [:], body: body).decode(APIError.self)
        XCTAssertEqual(decoded.errors["start_time"], ["can't be blank"])
        XCTAssertEqual(decoded.at, referenceDate)
        XCTAssertThrowsError(try ResponseMetadata(statusCode: 422, headers: [:], body: Data()).decode(APIError.self))
    }

    func testDescription() {
        let metadata = ResponseMetadata(statusCode: 418, headers: [:], body: Data("tea".utf8))
        XCTAssertEqual("\(metadata)", "HTTP 418, 3 bytes")
    }

    private func metadataBodyCount(_ body: Data) -> Int {
        ResponseMetadata(statusCode: 200, headers: [:], body: body).body.count
    }
}
