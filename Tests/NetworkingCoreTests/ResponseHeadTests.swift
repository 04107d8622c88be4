import Foundation
import NetworkingCore
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

final class ResponseHeadTests: XCTestCase {
    private let url = URL(string: "http://127.0.0.1/json")!

    private func head(_ fields: [String: String] = ["content-type": "application/json", "X-Trace": "a, b"])
        -> ResponseHead?
    {
        ResponseHead(url: url, statusCode: 201, httpVersion: "HTTP/1.1", headerFields: fields)
    }

    func testStatusAndHeadersAreReadCaseInsensitivelyFromTheHead() throws {
        let head = try XCTUnwrap(head())
        XCTAssertEqual(head.statusCode, 201)
        XCTAssertEqual(head.header("Content-Type"), "application/json")
        XCTAssertEqual(head.header("x-trace"), "a, b")
        XCTAssertNil(head.header("Content-Length"))
    }

    func testTheBuiltResponseMatchesOneBuiltDirectlyOnEveryRead() throws {
        let fields = ["content-type": "text/plain; charset=utf-8", "Content-Length": "5", "ETag": "\"x\""]
        let head = try XCTUnwrap(head(fields))
        let direct = try XCTUnwrap(
            HTTPURLResponse(url: url, statusCode: 201, httpVersion: "HTTP/1.1", headerFields: fields))
        let built = head.response
        XCTAssertEqual(built.statusCode, direct.statusCode)
        XCTAssertEqual(built.url, direct.url)
        XCTAssertEqual(built.mimeType, direct.mimeType)
        XCTAssertEqual(built.textEncodingName, direct.textEncodingName)
        XCTAssertEqual(built.expectedContentLength, direct.expectedContentLength)
        XCTAssertEqual(HTTPHeaders(built.allHeaderFields), HTTPHeaders(direct.allHeaderFields))
        let again = head.response
        XCTAssertEqual(again.statusCode, built.statusCode)
        XCTAssertEqual(again.url, built.url)
        XCTAssertEqual(HTTPHeaders(again.allHeaderFields), HTTPHeaders(built.allHeaderFields))
        let given = ResponseHead(direct)
        XCTAssertTrue(given.response === direct, "a head made from a response gives that response back")
    }

    func testAStatusNoHTTPResponseHasIsRefused() {
        XCTAssertNil(ResponseHead(url: url, statusCode: 0, headerFields: [:]))
        XCTAssertNil(ResponseHead(url: url, statusCode: 1000, headerFields: [:]))
        XCTAssertNotNil(ResponseHead(url: url, statusCode: 100, headerFields: [:]))
    }

    func testAnExchangeReadsItsHeadAndReplacingTheResponseReplacesTheHead() throws {
        var exchange = HTTPExchange(request: URLRequest(url: url), head: try XCTUnwrap(head()), body: Data("{}".utf8))
        XCTAssertEqual(exchange.statusCode, 201)
        XCTAssertTrue(exchange.isSuccess)
        XCTAssertEqual(exchange.header("CONTENT-TYPE"), "application/json")
        XCTAssertEqual(exchange.response.statusCode, 201)
        let replacement = try XCTUnwrap(
            HTTPURLResponse(url: url, statusCode: 404, httpVersion: nil, headerFields: ["Retry-After": "3"]))
        exchange.response = replacement
        XCTAssertTrue(exchange.response === replacement)
        XCTAssertEqual(exchange.statusCode, 404)
        XCTAssertFalse(exchange.isSuccess)
        XCTAssertEqual(exchange.header("retry-after"), "3")
        XCTAssertNil(exchange.header("Content-Type"))
    }

    func testFieldLinesAreReadAsReceived() throws {
        let lines = Array(
            "Content-Type: application/json\r\nX-Thing: one\r\nx-thing: two\r\nX-Folded: a\r\n  b\r\nno colon\r\n"
                .utf8)
        let head = try XCTUnwrap(ResponseHead(url: url, statusCode: 200, fieldLines: lines))
        XCTAssertEqual(head.statusCode, 200)
        XCTAssertEqual(head.header("content-type"), "application/json")
        XCTAssertEqual(head.header("X-Thing"), "one", "names are kept as received: two spellings, two fields")
        XCTAssertEqual(head.header("X-Folded"), "a b", "an obsolete folded line continues its field")
        XCTAssertNil(head.header("no colon"))
        XCTAssertEqual(head.response.value(forHTTPHeaderField: "Content-Type"), "application/json")
        let repeated = try XCTUnwrap(
            ResponseHead(url: url, statusCode: 200, fieldLines: Array("Vary: a\nVary: b\n".utf8)))
        XCTAssertEqual(repeated.header("vary"), "a, b", "a repeated name's values are joined in order")
        XCTAssertNil(ResponseHead(url: url, statusCode: 42, fieldLines: []))
    }

    func testALookupInTheLinesAgreesWithTheParsedFields() throws {
        let lines = Array(
            ("x-thing: lower\r\nVary: a\r\n\tfolded\r\nX-Thing: exact\r\nvary: other\r\nVary: b\r\n"
                + " also\r\nEmpty:\r\n").utf8)
        let head = try XCTUnwrap(ResponseHead(url: url, statusCode: 200, fieldLines: lines))
        XCTAssertEqual(head.header("X-Thing"), "exact", "the spelling asked for wins wherever it comes")
        XCTAssertEqual(head.header("X-THING"), "lower", "else the spelling received first")
        XCTAssertEqual(head.header("Vary"), "a folded, b also", "folded lines continue their own field")
        XCTAssertEqual(head.header("vary"), "other")
        XCTAssertEqual(head.header("empty"), "")
        XCTAssertNil(head.header("Var"))
        let parsed = head.headerFields
        XCTAssertEqual(parsed.count, 5)
        for field in parsed {
            XCTAssertEqual(head.header(field.name), field.value, "\(field.name) read in place and parsed")
        }
        XCTAssertEqual(head.response.value(forHTTPHeaderField: "Empty"), "")
    }
}

final class ResponseHeadFieldPresenceTests: XCTestCase {
    func testAFieldIsFoundInTheLinesWithoutParsingThem() throws {
        let url = URL(string: "http://h.test")!
        let lines = Array("Content-Type: text/plain\r\nset-cookie: a=1\r\nX-Set-Cookie-Like: no\r\n".utf8)
        let head = try XCTUnwrap(ResponseHead(url: url, statusCode: 200, fieldLines: lines))
        XCTAssertTrue(head.containsField("Set-Cookie"))
        XCTAssertTrue(head.containsField("content-type"))
        XCTAssertFalse(head.containsField("Set-Cookie2"))
        XCTAssertFalse(head.containsField("Cookie"), "a name that only ends another does not count")
        XCTAssertEqual(head.header("SET-COOKIE"), "a=1")
        XCTAssertTrue(head.containsField("set-cookie"), "and again")
        let plain = try XCTUnwrap(ResponseHead(url: url, statusCode: 200, fieldLines: Array("A: 1\n".utf8)))
        XCTAssertFalse(plain.containsField("Set-Cookie"))
    }

    /// Case is folded for the letters A–Z alone: a byte that differs from a name's `-`, digit or
    /// `_` by the case bit (CR for `-`, a control byte for a digit, DEL for `_`) spells another
    /// name, which libcurl and any proxy on the way read as another field too.
    func testOnlyLettersAreFoldedWhenANameIsLookedUp() throws {
        let url = URL(string: "http://h.test")!
        let lookalikes: [(sent: String, asked: String)] = [
            ("Set\rCookie", "Set-Cookie"), ("Content\rEncoding", "Content-Encoding"),
            ("X-Rate\u{11}", "X-Rate1"), ("X\u{7F}Key", "X_Key"),
            // A CR is no whitespace: one that starts the line or stands before the colon is part of the name.
            ("\rSet-Cookie", "Set-Cookie"), ("Set-Cookie\r", "Set-Cookie"),
        ]
        for (sent, asked) in lookalikes {
            let lines = Array("\(sent): evil\r\nA: 1\r\n".utf8)
            let head = try XCTUnwrap(ResponseHead(url: url, statusCode: 200, fieldLines: lines))
            XCTAssertFalse(head.containsField(asked), "\(asked) is not \(sent.debugDescription)")
            XCTAssertNil(head.header(asked), "\(asked) is not \(sent.debugDescription)")
            XCTAssertNil(head.headerFields[asked], "\(asked) is not \(sent.debugDescription)")
            XCTAssertEqual(head.header("a"), "1")
        }
    }
}
