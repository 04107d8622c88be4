import Foundation
import NetworkingCore
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

final class JSONBodyTests: XCTestCase {
    private struct Event: Codable, Sendable, Equatable {
        let title: String
        let startsAt: Date
    }

    private struct Score: Encodable, Sendable { let value: Double }

    func testBodyIsJSONWithISO8601Dates() throws {
        let encoded = try RequestBody.json(Event(title: "launch", startsAt: referenceDate))
            .encoded(with: JSONCoding.makeEncoder())
        XCTAssertEqual(encoded.contentType, "application/json")
        let object = try JSONSerialization.jsonObject(with: XCTUnwrap(encoded.data)) as? [String: String]
        XCTAssertEqual(object, ["title": "launch", "startsAt": "2023-11-14T22:13:20Z"])
    }

    func testDatesRoundTripThroughTheLibrarysCoders() throws {
        let event = Event(title: "launch", startsAt: referenceDate)
        let data = try JSONCoding.makeEncoder().encode(event)
        XCTAssertEqual(try JSONCoding.makeDecoder().decode(Event.self, from: data), event)
    }

    func testDecoderAcceptsFractionalSeconds() throws {
        let data = Data(#"{"title":"x","startsAt":"2023-11-14T22:13:20.250Z"}"#.utf8)
        let event = try JSONCoding.makeDecoder().decode(Event.self, from: data)
        XCTAssertEqual(event.startsAt.timeIntervalSince1970, 1_700_000_000.25, accuracy: 0.001)
    }

    func testNotANumberIsAnInvalidRequest() {
        assertInvalidRequest(
            try RequestBody.json(Score(value: .nan)).encoded(with: JSONCoding.makeEncoder()), mentioning: "JSON",
            "value")
    }

    func testBuilderSetsBodyAndContentType() throws {
        let request = HTTPRequest(method: .post, path: "/post", body: .json(["name": "jameson"]))
        let urlRequest = try RequestBuilder(baseURL: "http://h.test").makeURLRequest(request)
        XCTAssertEqual(urlRequest.httpMethod, "POST")
        XCTAssertEqual(urlRequest.value(forHTTPHeaderField: "content-type"), "application/json")
        XCTAssertEqual(urlRequest.httpBody.map { String(decoding: $0, as: UTF8.self) }, #"{"name":"jameson"}"#)
    }

    func testBuilderTurnsAnEncodingFailureIntoAnInvalidRequest() {
        let request = HTTPRequest(method: .post, path: "/post", body: .json(Score(value: .infinity)))
        let builder = RequestBuilder(baseURL: "http://h.test")
        assertInvalidRequest(try builder.makeURLRequest(request), mentioning: "JSON")
    }

    func testRawDataIsSentVerbatimUnderItsContentType() throws {
        let bytes = Data([0, 1, 2, 255])
        let request = HTTPRequest(method: .put, path: "/put", body: .data(bytes, contentType: "application/x-thing"))
        let urlRequest = try RequestBuilder(baseURL: "http://h.test").makeURLRequest(request)
        XCTAssertEqual(urlRequest.httpBody, bytes)
        XCTAssertEqual(urlRequest.value(forHTTPHeaderField: "Content-Type"), "application/x-thing")
    }
}
