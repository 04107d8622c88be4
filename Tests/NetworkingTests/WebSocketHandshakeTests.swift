import Foundation
import XCTest

@testable import Networking
@testable import NetworkingWebSockets

/// The opening handshake on its own: the request head, and each way a response is refused.
final class WebSocketHandshakeTests: XCTestCase {
    private let key = "dGhlIHNhbXBsZSBub25jZQ=="
    private var handshake: WebSocketHandshake {
        WebSocketHandshake(
            url: URL(string: "ws://example.com:8080/chat?room=1")!, protocols: ["chat.v1", "chat.v2"],
            headers: [
                "Authorization": "Bearer x", "Upgrade": "ignored", "Proxy-Authorization": "Basic cHJveHk6c2VjcmV0",
            ],
            key: key)
    }

    private func response(_ lines: [String]) -> [UInt8] { Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8) }

    private let upgrade = [
        "HTTP/1.1 101 Switching Protocols", "Upgrade: websocket", "Connection: Upgrade",
        "Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=",
    ]

    func testTheAcceptValueMatchesTheRFCExample() {
        XCTAssertEqual(WebSocketHandshake.acceptValue(for: key), "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
        XCTAssertEqual(Data(base64Encoded: WebSocketHandshake.makeKey())?.count, 16)
        XCTAssertNotEqual(WebSocketHandshake.makeKey(), WebSocketHandshake.makeKey())
    }

    /// The handshake's own fields are written once, whatever `headers` say, and a
    /// `Proxy-Authorization` field is never written: it would reach the server.
    func testTheRequestHead() throws {
        let head = String(decoding: try handshake.requestHead(), as: UTF8.self)
        XCTAssertEqual(
            head,
            [
                "GET /chat?room=1 HTTP/1.1", "Host: example.com:8080", "Upgrade: websocket", "Connection: Upgrade",
                "Sec-WebSocket-Key: \(key)", "Sec-WebSocket-Version: 13", "Sec-WebSocket-Protocol: chat.v1, chat.v2",
                "Authorization: Bearer x", "", "",
            ].joined(separator: "\r\n"))
        let injected = WebSocketHandshake(
            url: URL(string: "ws://example.com/")!, protocols: [], headers: ["X-Evil": "a\r\nHost: b"])
        XCTAssertThrowsError(try injected.requestHead())
    }

    func testAValidUpgradeReturnsTheChosenSubprotocol() throws {
        XCTAssertEqual(try handshake.validate(responseHead: response(upgrade)), WebSocketHandshake.Agreement())
        XCTAssertEqual(
            try handshake.validate(responseHead: response(upgrade + ["Sec-WebSocket-Protocol: chat.v2"])).subprotocol,
            "chat.v2")
        XCTAssertEqual(WebSocketHandshake.responseHeadLength(in: response(upgrade) + [0x81]), response(upgrade).count)
        XCTAssertNil(WebSocketHandshake.responseHeadLength(in: Array("HTTP/1.1 101 OK\r\n".utf8)))
    }

    func testRefusals() {
        func refusal(_ lines: [String]) -> NetworkingError? {
            do {
                _ = try handshake.validate(responseHead: response(lines))
                return nil
            } catch { return error }
        }
        guard case .http(let http) = refusal(["HTTP/1.1 401 Unauthorized", "WWW-Authenticate: Bearer"]) else {
            return XCTFail("a 401 is not .http")
        }
        XCTAssertEqual(http.metadata.headers["WWW-Authenticate"], "Bearer")
        let refused: [[String]] = [
            ["HTTP/1.1 200 OK"],
            upgrade.filter { !$0.hasPrefix("Upgrade") },
            upgrade.filter { !$0.hasPrefix("Connection") },
            upgrade.map { $0.hasPrefix("Sec-WebSocket-Accept") ? "Sec-WebSocket-Accept: wrong" : $0 },
            upgrade + ["Sec-WebSocket-Protocol: chat.v3"],
            upgrade + ["Sec-WebSocket-Extensions: permessage-deflate"],
        ]
        for lines in refused {
            guard case .validation(let reason, _) = refusal(lines) else { return XCTFail("\(lines) was accepted") }
            XCTAssertTrue(reason.hasPrefix("the server refused the WebSocket upgrade"), reason)
        }
        guard case .invalidResponse = refusal(["SSH-2.0-OpenSSH"]) else { return XCTFail("garbage was accepted") }
    }
}
