import Foundation
import XCTest

@testable import Networking
@testable import NetworkingWebSockets

/// The handshake's request head as bytes: the path, query and host go out as percent-encoded in the
/// URL, and no CR, LF, NUL or other control byte reaches it but the line endings.
final class WebSocketRequestHeadTests: XCTestCase {
    private let key = "dGhlIHNhbXBsZSBub25jZQ=="

    private func head(_ url: URL, headers: HTTPHeaders = [:]) throws -> String {
        let bytes = try WebSocketHandshake(url: url, protocols: [], headers: headers, key: key).requestHead()
        assertOnlyLineEndingsAreControlBytes(bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    private func requestLine(_ url: String) throws -> String {
        let url = try XCTUnwrap(URL(string: url))
        return try head(url).components(separatedBy: "\r\n")[0]
    }

    /// Fails unless every CR in `bytes` starts a CRLF line ending, every LF ends one, and no other
    /// control byte (a tab aside) is there.
    private func assertOnlyLineEndingsAreControlBytes(
        _ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(
            Array(bytes.suffix(4)), Array("\r\n\r\n".utf8), "the head ends with a blank line", file: file, line: line)
        for (index, byte) in bytes.enumerated() {
            switch byte {
            case 0x0D:
                XCTAssertEqual(bytes[safe: index + 1], 0x0A, "a lone CR at \(index)", file: file, line: line)
            case 0x0A:
                XCTAssertEqual(bytes[safe: index - 1], 0x0D, "a lone LF at \(index)", file: file, line: line)
            case 0x09, 0x20...0x7E, 0x80...0xFF:
                continue
            default:
                XCTFail("control byte \(byte) at \(index)", file: file, line: line)
            }
        }
    }

    func testAnEscapedPathAndQueryStayEscaped() throws {
        XCTAssertEqual(
            try requestLine("ws://example.com/ws%0D%0AX-Injected:%20yes?room=%0D%0A&n=%00"),
            "GET /ws%0D%0AX-Injected:%20yes?room=%0D%0A&n=%00 HTTP/1.1")
        XCTAssertEqual(
            try requestLine("ws://example.com/a%20HTTP/1.1%0D%0AHost:%20evil%0D%0A%0D%0A"),
            "GET /a%20HTTP/1.1%0D%0AHost:%20evil%0D%0A%0D%0A HTTP/1.1")
        XCTAssertEqual(try requestLine("ws://example.com/%2F%25?%26=%3D"), "GET /%2F%25?%26=%3D HTTP/1.1")
    }

    func testTheTargetOfAnEmptyPathANonASCIIPathAndARedirectLocation() throws {
        XCTAssertEqual(try requestLine("ws://example.com"), "GET / HTTP/1.1")
        XCTAssertEqual(try requestLine("ws://example.com?x=1"), "GET /?x=1 HTTP/1.1")
        XCTAssertEqual(try requestLine("ws://example.com/p#fragment"), "GET /p HTTP/1.1")
        XCTAssertEqual(try requestLine("ws://example.com/é?q=é"), "GET /%C3%A9?q=%C3%A9 HTTP/1.1")
        let base = try XCTUnwrap(URL(string: "ws://example.com/redirect"))
        let location = try XCTUnwrap(URL(string: "/next%0D%0AX-Injected:%20yes", relativeTo: base))
        XCTAssertEqual(WebSocketHandshake.requestTarget(of: location), "/next%0D%0AX-Injected:%20yes")
        XCTAssertTrue(
            try head(location).hasPrefix("GET /next%0D%0AX-Injected:%20yes HTTP/1.1\r\nHost: example.com\r\n"))
    }

    func testAnEscapedHostStaysEscaped() throws {
        let url = try XCTUnwrap(URL(string: "ws://evil%0D%0AX-Injected%3A%20yes.example:8080/"))
        let lines = try head(url).components(separatedBy: "\r\n")
        XCTAssertFalse(lines.contains { $0.hasPrefix("X-Injected") }, "\(lines)")
        XCTAssertEqual(lines[1], "Host: evil%0D%0AX-Injected%3A%20yes.example:8080")
        XCTAssertEqual(
            try head(try XCTUnwrap(URL(string: "ws://[::1]:9/"))).components(separatedBy: "\r\n")[1], "Host: [::1]:9")
    }

    func testFieldsThatCouldInjectAreRefusedWithASentence() throws {
        let url = try XCTUnwrap(URL(string: "ws://example.com/"))
        let refused: [(name: String, value: String, mentions: String)] = [
            ("X-A", "v\r\nX-Injected: 1", "\"X-A\" contains a line break"),
            ("X-A", "v\nX-Injected: 1", "\"X-A\""), ("X-A", "v\rX-Injected: 1", "\"X-A\""),
            ("X-A", "v\u{0}", "NUL"), ("X-A", "\u{1B}[0m", "control character"), ("X-A", "v\u{7F}", "control"),
            ("Host", "b\r\nX-Injected: 1", "\"Host\""),  // a field the handshake writes itself
            ("X-A\r\nX-Injected", "1", "is not an HTTP token"), ("X A", "1", "\"X A\""), ("", "1", "HTTP token"),
        ]
        for (name, value, mention) in refused {
            var headers = HTTPHeaders()
            headers.add(name: name, value: value)
            XCTAssertThrowsError(try WebSocketHandshake(url: url, protocols: [], headers: headers).requestHead()) {
                guard case .invalidRequest(let message) = $0 as? NetworkingError else { return XCTFail("\($0)") }
                XCTAssertTrue(message.contains(mention), message)
                XCTAssertTrue(message.hasSuffix("so the WebSocket handshake was not sent"), message)
                XCTAssertFalse(message.contains("\r") || message.contains("\n"), "the message itself has no line break")
            }
        }
        XCTAssertTrue(try head(url, headers: ["X-Tab": "a\tb", "X-Obs": "caf\u{E9}"]).contains("X-Tab: a\tb\r\n"))
    }

    func testWebSocketOptionsHeadersAreCheckedByTheSameRule() {
        XCTAssertThrowsError(try WebSocketHandshake.validateField(name: "X-A", value: "a\r\nb"))
        XCTAssertThrowsError(try WebSocketHandshake.validateField(name: "X\nA", value: "a"))
        XCTAssertNoThrow(try WebSocketHandshake.validateField(name: "X-A", value: "a b\tc"))
    }
}

extension Array {
    /// The element at `index`, or `nil` outside the array.
    fileprivate subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
