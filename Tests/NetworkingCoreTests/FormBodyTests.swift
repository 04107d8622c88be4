import Foundation
import NetworkingCore
import XCTest

final class FormBodyTests: XCTestCase {
    private struct SignIn: Encodable, Sendable {
        let name: String
        let remember: Bool
        let age: Int?
    }

    /// Decodes `application/x-www-form-urlencoded` the way a server does (WHATWG URL §5.1).
    private func decodeForm(_ text: String) -> [String] {
        func decode(_ part: Substring) -> String {
            String(part).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? "<invalid>"
        }
        return text.split(separator: "&").map { pair in
            let halves = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return decode(halves[0]) + "=" + (halves.count > 1 ? decode(halves[1]) : "")
        }
    }

    private func encode(_ value: some Encodable & Sendable) throws(NetworkingError) -> (
        text: String, contentType: String
    ) {
        let encoded = try RequestBody.form(value).encoded(with: JSONCoding.makeEncoder())
        return (String(decoding: encoded.data ?? Data(), as: UTF8.self), encoded.contentType)
    }

    func testContentTypeIsFormURLEncoded() throws {
        XCTAssertEqual(try encode(["a": "b"]).contentType, "application/x-www-form-urlencoded")
    }

    func testReservedCharactersAndSpacesAreEncoded() throws {
        XCTAssertEqual(try encode(["name": "a&b=c+d e%"]).text, "name=a%26b%3Dc%2Bd+e%25")
        XCTAssertEqual(try encode(["k&=": "v"]).text, "k%26%3D=v")
    }

    func testNonASCIIIsEncodedAsUTF8() throws {
        XCTAssertEqual(try encode(["name": "døgn 🍔"]).text, "name=d%C3%B8gn+%F0%9F%8D%94")
    }

    func testBoolBecomesTrueAndNilIsLeftOut() throws {
        XCTAssertEqual(try encode(SignIn(name: "jameson", remember: true, age: nil)).text, "name=jameson&remember=true")
    }

    func testRoundTripThroughAFormDecoder() throws {
        let tricky = "a&b=c+d e/ø?#%"
        let text = try encode(SignIn(name: tricky, remember: false, age: 42)).text
        XCTAssertEqual(decodeForm(text), ["name=\(tricky)", "remember=false", "age=42"])
    }

    func testNestedFormIsAnInvalidRequestNamingTheKey() {
        assertInvalidRequest(try encode(["user": ["name": "x"]]), mentioning: "form", "'user'")
    }
}
