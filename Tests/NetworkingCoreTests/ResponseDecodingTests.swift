import Foundation
import NetworkingCore
import XCTest

final class ResponseDecodingTests: XCTestCase {
    private struct Recipe: Decodable, Sendable, Equatable {
        let title: String
        let publishedAt: Date
    }

    private func decode<T: Decodable>(_ type: T.Type, _ json: String, status: Int = 200) throws(NetworkingError) -> T {
        let exchange: HTTPExchange
        do {
            exchange = try makeExchange(status: status, body: Data(json.utf8))
        } catch {
            throw .invalidRequest("test setup failed: \(error)")
        }
        return try ResponseDecoding.decode(type, from: exchange, decoder: JSONCoding.makeDecoder())
    }

    func testDecodesAModelWithISO8601Dates() throws {
        let recipes = try decode(
            [Recipe].self,
            #"[{"title":"burger","publishedAt":"2023-11-14T22:13:20Z"},"#
                + #"{"title":"fries","publishedAt":"2023-11-14T22:13:20.5Z"}]"#)
        XCTAssertEqual(recipes.map(\.title), ["burger", "fries"])
        XCTAssertEqual(recipes[0].publishedAt, referenceDate)
        XCTAssertEqual(recipes[1].publishedAt.timeIntervalSince1970, 1_700_000_000.5, accuracy: 0.001)
    }

    func testJSONResponseCarriesStatusHeadersAndTypedBody() throws {
        let exchange = try makeExchange(
            status: 201, headers: ["Content-Type": "application/json", "X-Request-ID": "abc"],
            body: Data(#"{"name":"jameson","age":42,"ratio":0.5,"admin":true,"tags":["a"],"none":null}"#.utf8))
        let response = try ResponseDecoding.decode(JSONResponse.self, from: exchange, decoder: JSONCoding.makeDecoder())
        XCTAssertEqual(response.statusCode, 201)
        XCTAssertEqual(response.headerFields["x-request-id"], "abc")
        let header = response.headers["X-Request-ID"] ?? response.headers["X-Request-Id"]  // Linux canonicalises
        XCTAssertEqual(header?.stringValue, "abc")
        XCTAssertEqual(response.body["name"]?.stringValue, "jameson")
        XCTAssertEqual(response.body["age"]?.intValue, 42)
        XCTAssertEqual(response.body["age"]?.doubleValue, 42)
        XCTAssertEqual(response.body["ratio"]?.doubleValue, 0.5)
        XCTAssertEqual(response.body["admin"]?.boolValue, true)
        XCTAssertEqual(response.body["tags"]?[0]?.stringValue, "a")
        XCTAssertEqual(response.body["none"]?.isNull, true)
        XCTAssertNil(response.body["missing"])
        XCTAssertEqual(response.data, exchange.body)
    }

    func testJSONResponseWithAnEmptyOrNonObjectBody() throws {
        let empty = try decode(JSONResponse.self, "", status: 204)
        XCTAssertEqual(empty.json, .null)
        XCTAssertTrue(empty.body.isEmpty)
        let array = try decode(JSONResponse.self, "[1,2]")
        XCTAssertEqual(array.json, [1, 2])
        XCTAssertTrue(array.body.isEmpty)
    }

    func testDataIsTheBodyAsItIs() throws {
        let bytes = Data([0xFF, 0x00, 0x10])
        let exchange = try makeExchange(body: bytes)
        XCTAssertEqual(try ResponseDecoding.decode(Data.self, from: exchange, decoder: JSONDecoder()), bytes)
    }

    func testStringIsTheBodyAsUTF8() throws {
        XCTAssertEqual(try decode(String.self, "døgn <html>"), "døgn <html>")
        let invalid = try makeExchange(body: Data([0xC3, 0x28]))
        XCTAssertThrowsError(try ResponseDecoding.decode(String.self, from: invalid, decoder: JSONDecoder())) { error in
            guard case .decoding(_, let metadata) = error as? NetworkingError else {
                return XCTFail("expected .decoding, got \(error)")
            }
            XCTAssertEqual(metadata.body, Data([0xC3, 0x28]))
        }
    }

    func testDecodingFailureKeepsTheErrorAndTheMetadata() throws {
        do {
            _ = try decode(Recipe.self, #"{"title":"burger"}"#)
            XCTFail("expected a decoding failure")
        } catch {
            guard case .decoding(let decodingError, let metadata) = error else { return XCTFail("got \(error)") }
            guard case .keyNotFound(let key, _) = decodingError else { return XCTFail("got \(decodingError)") }
            XCTAssertEqual(key.stringValue, "publishedAt")
            XCTAssertEqual(metadata.statusCode, 200)
            XCTAssertEqual(metadata.body, Data(#"{"title":"burger"}"#.utf8))
            XCTAssertEqual(error.statusCode, 200)
            XCTAssertTrue(error.localizedDescription.contains("publishedAt"), error.localizedDescription)
        }
    }

    func testAnEmptyBodyIsADecodingFailureForAModel() {
        XCTAssertThrowsError(try decode(Recipe.self, "")) { error in
            guard case .decoding = error as? NetworkingError else { return XCTFail("expected .decoding, got \(error)") }
        }
    }

    func testAnInvalidDateNamesTheValue() {
        XCTAssertThrowsError(try decode(Recipe.self, #"{"title":"x","publishedAt":"yesterday"}"#)) { error in
            XCTAssertTrue("\(error)".contains("yesterday"), "\(error)")
        }
    }
}
